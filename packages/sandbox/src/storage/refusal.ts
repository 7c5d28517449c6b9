// What the storage endpoints answer when they refuse bytes. The codes are S3's
// (EntityTooSmall, EntityTooLarge, SignatureDoesNotMatch, ...) so that a client
// written against S3-style signed uploads (platform facts, Uploads) reads them
// as it would in production; the body is the sandbox's JSON error envelope.

/** A refused upload: the HTTP status, an S3-style code and a message that says what to do. */
export interface Refusal {
  ok: false;
  status: number;
  code: string;
  message: string;
}

/** Bytes that arrived, on disk beside `core.storage.pathFor(fileId)` until committed. */
export interface Received {
  ok: true;
  size: number;
  /** Hex MD5 of the bytes: S3's ETag for a single-part upload. */
  md5: string;
  /** Where the bytes wait until `commitUpload` moves them into place. */
  partialPath: string;
}

export type Outcome = Received | Refusal;

export function refuse(status: number, code: string, message: string): Refusal {
  return { ok: false, status, code, message };
}

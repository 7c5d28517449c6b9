/**
 * Every code an UploadError carries. Validation codes come before anything is
 * sent; transfer codes name what the storage or the network did; the GraphQL
 * steps (signing, registering) fail with core's StudioErrors instead.
 */
export type UploadErrorCode =
  | "INVALID_OPTIONS"
  | "UNSUPPORTED_CONTENT_TYPE"
  | "CONTENT_TYPE_UNKNOWN"
  | "CONTENT_TYPE_MISMATCH"
  | "FILE_EMPTY"
  | "FILE_TOO_LARGE"
  | "SOURCE_UNREADABLE"
  | "SOURCE_SIZE_MISMATCH"
  | "SOURCE_NOT_REPEATABLE"
  | "SIGNED_UPLOAD_INVALID"
  | "TRANSFER_REFUSED"
  | "TRANSFER_FAILED"
  | "EXPIRED"
  | "STALLED"
  | "ABORTED";

/** Context an UploadError carries, already redacted: nothing here holds a signature or a policy. */
export interface UploadErrorDetails {
  /** The upload's fileId, once one was issued. */
  fileId?: string | undefined;
  category?: string | undefined;
  contentType?: string | undefined;
  /** The file's size in bytes, when known. */
  size?: number | undefined;
  /** The content types the category allows (UNSUPPORTED_CONTENT_TYPE, CONTENT_TYPE_MISMATCH). */
  allowed?: readonly string[] | undefined;
  /** The bound that was crossed, in bytes (FILE_EMPTY, FILE_TOO_LARGE) or ms (STALLED). */
  limit?: number | undefined;
  /** HTTP status of the storage's answer (TRANSFER_REFUSED, EXPIRED). */
  status?: number | undefined;
  /** The storage's S3-style error code (`EntityTooLarge`, `ExpiredToken`, ...). */
  storageCode?: string | undefined;
  cause?: unknown;
}

/**
 * The one error family of @studio-kit/upload: switch on `code` or `instanceof`.
 * Messages start with `@studio-kit/upload:` and say what to do; no message,
 * field or serialization carries a signed URL's signature or a form's policy.
 */
export class UploadError extends Error {
  override readonly name: string = "UploadError";
  readonly code: UploadErrorCode;
  readonly fileId: string | undefined;
  readonly category: string | undefined;
  readonly contentType: string | undefined;
  readonly size: number | undefined;
  readonly allowed: readonly string[] | undefined;
  readonly limit: number | undefined;
  readonly status: number | undefined;
  readonly storageCode: string | undefined;

  constructor(code: UploadErrorCode, message: string, details: UploadErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = code;
    this.fileId = details.fileId;
    this.category = details.category;
    this.contentType = details.contentType;
    this.size = details.size;
    this.allowed = details.allowed;
    this.limit = details.limit;
    this.status = details.status;
    this.storageCode = details.storageCode;
  }

  /** A plain object for logs and JSON: everything but the stack. */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      code: this.code,
      message: this.message,
      fileId: this.fileId,
      category: this.category,
      contentType: this.contentType,
      size: this.size,
      allowed: this.allowed,
      limit: this.limit,
      status: this.status,
      storageCode: this.storageCode,
    };
  }
}

/** The options cannot be used (no source, two sources, a size that is not a number...). Nothing was sent. */
export class UploadConfigError extends UploadError {
  override readonly name = "UploadConfigError";
}

/** The file breaks an upload rule (content type, size). Refused before anything was sent. */
export class UploadValidationError extends UploadError {
  override readonly name = "UploadValidationError";
}

/** The source could not be read, was not the size it claimed, or could not be read a second time. */
export class UploadSourceError extends UploadError {
  override readonly name = "UploadSourceError";
}

/** The storage refused the bytes (`status`, `storageCode`), the network failed, or the signed upload was unusable. */
export class UploadTransferError extends UploadError {
  override readonly name = "UploadTransferError";
}

/** No byte moved for `limit` ms: the transfer was stopped. */
export class UploadStalledError extends UploadError {
  override readonly name = "UploadStalledError";
}

/** The caller's signal aborted the upload; nothing further is sent and nothing is registered. */
export class UploadAbortError extends UploadError {
  override readonly name = "UploadAbortError";
}

type UploadErrorClass = new (code: UploadErrorCode, message: string, details?: UploadErrorDetails) => UploadError;

// The class is picked by code (conventions, Errors), so a code always comes with the same class.
const CLASS_OF: Record<UploadErrorCode, UploadErrorClass> = {
  INVALID_OPTIONS: UploadConfigError,
  UNSUPPORTED_CONTENT_TYPE: UploadValidationError,
  CONTENT_TYPE_UNKNOWN: UploadValidationError,
  CONTENT_TYPE_MISMATCH: UploadValidationError,
  FILE_EMPTY: UploadValidationError,
  FILE_TOO_LARGE: UploadValidationError,
  SOURCE_UNREADABLE: UploadSourceError,
  SOURCE_SIZE_MISMATCH: UploadSourceError,
  SOURCE_NOT_REPEATABLE: UploadSourceError,
  SIGNED_UPLOAD_INVALID: UploadTransferError,
  TRANSFER_REFUSED: UploadTransferError,
  TRANSFER_FAILED: UploadTransferError,
  EXPIRED: UploadTransferError,
  STALLED: UploadStalledError,
  ABORTED: UploadAbortError,
};

const PREFIX = "@studio-kit/upload:";

/** Creates the UploadError of `code`, its message prefixed with the package name. */
export function uploadError(code: UploadErrorCode, message: string, details: UploadErrorDetails = {}): UploadError {
  return new CLASS_OF[code](code, `${PREFIX} ${message}`, details);
}

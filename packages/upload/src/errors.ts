import {
  describeReason,
  isTimeoutReason,
  StudioError,
  type StudioErrorCode,
  type StudioErrorJSON,
  type StudioRequestRef,
} from "@studio-kit/core";

/**
 * Every code an UploadError carries: a part of core's one union, StudioErrorCode. Validation codes come before
 * anything is sent; transfer codes name what the storage or the network did; ABORTED and TIMEOUT say the caller's
 * signal stopped it (a cancel, or AbortSignal.timeout); the GraphQL steps (signing, registering) fail with core's
 * StudioErrors instead.
 */
export type UploadErrorCode = Extract<
  StudioErrorCode,
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
  | "ABORTED"
  | "TIMEOUT"
>;

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
  /**
   * The request it came from: the transfer's (operationName undefined, the storage's URL without its signature) or
   * a GraphQL step's (CreateSignedUploadUrl). Cut to origin and path by StudioError.
   */
  request?: StudioRequestRef | undefined;
  cause?: unknown;
}

/** What `UploadError.toJSON()` returns. */
export interface UploadErrorJSON extends StudioErrorJSON {
  code: UploadErrorCode;
  fileId: string | undefined;
  category: string | undefined;
  contentType: string | undefined;
  size: number | undefined;
  allowed: readonly string[] | undefined;
  limit: number | undefined;
  storageCode: string | undefined;
}

/**
 * The errors of @studio-kit/upload, a part of the kit's one family: an UploadError is a core StudioError, so
 * `instanceof StudioError` covers it, and core's category classes match it by code (`instanceof StudioAbortError`
 * for an aborted upload, `StudioValidationError` for a refused file). Switch on `code` or `instanceof`.
 * Messages start with `@studio-kit/upload:` and say what to do; no message, field or serialization carries a signed
 * URL's signature or a form's policy.
 */
export class UploadError extends StudioError {
  override readonly name: string = "UploadError";
  override readonly code: UploadErrorCode;
  readonly fileId: string | undefined;
  readonly category: string | undefined;
  readonly contentType: string | undefined;
  readonly size: number | undefined;
  readonly allowed: readonly string[] | undefined;
  readonly limit: number | undefined;
  readonly storageCode: string | undefined;

  constructor(code: UploadErrorCode, message: string, details: UploadErrorDetails = {}) {
    super(code, message, { status: details.status, request: details.request, cause: details.cause });
    this.code = code;
    this.fileId = details.fileId;
    this.category = details.category;
    this.contentType = details.contentType;
    this.size = details.size;
    this.allowed = details.allowed;
    this.limit = details.limit;
    this.storageCode = details.storageCode;
  }

  /** A plain object for logs and JSON: everything but the stack and the cause. */
  override toJSON(): UploadErrorJSON {
    return {
      ...super.toJSON(),
      code: this.code,
      fileId: this.fileId,
      category: this.category,
      contentType: this.contentType,
      size: this.size,
      allowed: this.allowed,
      limit: this.limit,
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

/**
 * The caller's signal aborted the upload; nothing further is sent and nothing is registered. `code` is ABORTED for
 * a cancel and TIMEOUT when the signal timed out (AbortSignal.timeout); `cause` is the signal's reason either way.
 * Matches core's StudioAbortError (ABORTED) or StudioTimeoutError (TIMEOUT).
 */
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
  TIMEOUT: UploadAbortError,
};

const PREFIX = "@studio-kit/upload:";

/** Creates the UploadError of `code`, its message prefixed with the package name. */
export function uploadError(code: UploadErrorCode, message: string, details: UploadErrorDetails = {}): UploadError {
  return new CLASS_OF[code](code, `${PREFIX} ${message}`, details);
}

/**
 * The error of an upload the caller's signal stopped: ABORTED, or TIMEOUT when the signal timed out; the signal's
 * reason is its cause and its words are in the message. `registering`: the register was in flight, so it may have
 * been applied. `request`: the request it stopped, when one was under way (the transfer, a GraphQL step).
 */
export function abortedUpload(
  fileId: string | undefined,
  registering: boolean,
  reason: unknown,
  request?: StudioRequestRef,
): UploadError {
  const what = fileId ? ` of ${fileId}` : "";
  const timedOut = isTimeoutReason(reason);
  const said = describeReason(reason).replace(/[.!?…]+$/, "");
  const how = timedOut
    ? `was stopped: the caller's signal timed out${said ? ` (${said})` : ""}`
    : `was aborted by the caller${said ? ` (${said})` : ""}`;
  return uploadError(
    timedOut ? "TIMEOUT" : "ABORTED",
    registering
      ? `the upload${what} ${how} while it was being registered: the register may have been ` +
          "applied, so look for the asset before uploading again."
      : `the upload${what} ${how}; nothing was registered.`,
    { fileId, request, ...(reason === undefined ? {} : { cause: reason }) },
  );
}

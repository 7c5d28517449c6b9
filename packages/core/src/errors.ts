/**
 * The one record a refusal is about: an id the request sent that the server could not find (NOT_FOUND) or that this
 * key may not reach (FORBIDDEN), as opposed to a refusal of the key or the whole request.
 */
export interface StudioRecordRef {
  /** The id, as the request sent it; undefined when the server's answer does not say which of the ids it was. */
  id: string | undefined;
  /** The variable or input field that carried it (`id`, `assetId`, `parentImageId`), when the id is known. */
  field: string | undefined;
}

/** Context every StudioError carries, already redacted. */
export interface StudioErrorDetails {
  /** The operation's name (`GenerateImage`), when a request was involved. */
  operationName?: string | undefined;
  /** HTTP status of the response, when there was one. */
  status?: number | undefined;
  /** The GraphQL `extensions.code` of the first error, when there was one. */
  graphqlCode?: string | undefined;
  /** Partial data the server returned beside its errors, with signed-URL signatures redacted. */
  data?: unknown;
  /** Every GraphQL error of the response (message, path, extensions), redacted. */
  graphqlErrors?: readonly {
    message: string;
    path?: readonly (string | number)[];
    extensions?: Record<string, unknown>;
  }[];
  /** The record a NOT_FOUND or record-level FORBIDDEN is about (see {@link StudioRecordRef}). */
  record?: StudioRecordRef | undefined;
  cause?: unknown;
}

/**
 * The one error family of @studio-kit/core. Every failure the client reports is
 * a StudioError (or a subclass): switch on `code` or `instanceof`. Nothing on it
 * carries the API key or a signed URL's signature.
 */
export class StudioError extends Error {
  override readonly name: string = "StudioError";
  readonly code: string;
  readonly operationName: string | undefined;
  readonly status: number | undefined;
  readonly graphqlCode: string | undefined;
  readonly data: unknown;
  readonly graphqlErrors: StudioErrorDetails["graphqlErrors"];
  /**
   * Set when the refusal is about one record the request named (NOT_FOUND, or FORBIDDEN for another workspace's
   * record), not about the key: retrying will not help, and the key is fine.
   */
  readonly record: StudioRecordRef | undefined;

  constructor(code: string, message: string, details: StudioErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = code;
    this.operationName = details.operationName;
    this.status = details.status;
    this.graphqlCode = details.graphqlCode;
    this.data = details.data;
    this.graphqlErrors = details.graphqlErrors;
    this.record = details.record;
  }

  /** A plain object for logs and JSON: everything but the stack. */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      code: this.code,
      message: this.message,
      operationName: this.operationName,
      status: this.status,
      graphqlCode: this.graphqlCode,
      data: this.data,
      graphqlErrors: this.graphqlErrors,
      record: this.record,
    };
  }
}

/** The API key is missing, unknown or expired (UNAUTHENTICATED, HTTP 401). */
export class StudioAuthenticationError extends StudioError {
  override readonly name = "StudioAuthenticationError";
}

/**
 * The key may not do this (FORBIDDEN, HTTP 403): a read-only key sent a mutation, or another workspace was named;
 * or, with `record` set, the key is fine but may not reach that one record (another workspace's asset).
 */
export class StudioPermissionError extends StudioError {
  override readonly name = "StudioPermissionError";
}

/** The server refused the input (BAD_USER_INPUT, HTTP 400). `details` holds the server's extensions, such as `allowedContentTypes`. */
export class StudioBadInputError extends StudioError {
  override readonly name = "StudioBadInputError";
  readonly details: Record<string, unknown>;
  constructor(code: string, message: string, details: StudioErrorDetails & { extensions?: Record<string, unknown> }) {
    super(code, message, details);
    const { code: _code, ...rest } = details.extensions ?? {};
    this.details = rest;
  }
  override toJSON() {
    return { ...super.toJSON(), details: this.details };
  }
}

/** Too many requests (HTTP 429). `retryAfterMs` is the server's Retry-After, when it sent one. */
export class StudioRateLimitError extends StudioError {
  override readonly name = "StudioRateLimitError";
  readonly retryAfterMs: number | undefined;
  constructor(code: string, message: string, details: StudioErrorDetails & { retryAfterMs?: number | undefined }) {
    super(code, message, details);
    this.retryAfterMs = details.retryAfterMs;
  }
  override toJSON() {
    return { ...super.toJSON(), retryAfterMs: this.retryAfterMs };
  }
}

/** No answer within `timeoutMs`. A mutation that timed out may still have been applied. */
export class StudioTimeoutError extends StudioError {
  override readonly name = "StudioTimeoutError";
}

/** The caller's signal aborted the request; nothing further is sent. */
export class StudioAbortError extends StudioError {
  override readonly name = "StudioAbortError";
}

/**
 * The request failed on the network. `sent` says whether it may have reached the
 * server: false only when the connection was never made (refused, DNS failure).
 */
export class StudioNetworkError extends StudioError {
  override readonly name = "StudioNetworkError";
  readonly sent: boolean;
  constructor(code: string, message: string, details: StudioErrorDetails & { sent: boolean }) {
    super(code, message, details);
    this.sent = details.sent;
  }
  override toJSON() {
    return { ...super.toJSON(), sent: this.sent };
  }
}

/** The server failed (HTTP 5xx or INTERNAL_SERVER_ERROR). A mutation may still have been applied. */
export class StudioServerError extends StudioError {
  override readonly name = "StudioServerError";
}

/** Any other GraphQL error (such as a document the server's schema refuses); NOT_FOUND is its StudioNotFoundError. */
export class StudioGraphQLError extends StudioError {
  override readonly name: string = "StudioGraphQLError";
}

/**
 * The server has no record with an id the request sent (NOT_FOUND): mistyped, deleted, or a record of another kind.
 * `record` names it when the answer says which. Sending the same id again will not help.
 */
export class StudioNotFoundError extends StudioGraphQLError {
  override readonly name = "StudioNotFoundError";
}

/** The client was created or called with options it cannot use. */
export class StudioConfigError extends StudioError {
  override readonly name = "StudioConfigError";
}

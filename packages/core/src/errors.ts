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

  constructor(code: string, message: string, details: StudioErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = code;
    this.operationName = details.operationName;
    this.status = details.status;
    this.graphqlCode = details.graphqlCode;
    this.data = details.data;
    this.graphqlErrors = details.graphqlErrors;
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
    };
  }
}

/** The API key is missing, unknown or expired (UNAUTHENTICATED, HTTP 401). */
export class StudioAuthenticationError extends StudioError {
  override readonly name = "StudioAuthenticationError";
}

/** The key may not do this: a read-only key sent a mutation, or a record of another workspace (FORBIDDEN, HTTP 403). */
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

/** Any other GraphQL error (such as NOT_FOUND, or a document the server's schema refuses). */
export class StudioGraphQLError extends StudioError {
  override readonly name = "StudioGraphQLError";
}

/** The client was created or called with options it cannot use. */
export class StudioConfigError extends StudioError {
  override readonly name = "StudioConfigError";
}

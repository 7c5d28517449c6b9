import type { StudioErrorCode } from "./codes.js";
import { urlWithoutSecrets } from "./redact.js";

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

/**
 * Where the request an error came from went (as Octokit's `error.request`): the GraphQL operation and the URL. The
 * URL is origin and path only, never a query string (where a signed URL's signature or a key travels), a fragment
 * or userinfo; for an upload's transfer it is the storage's URL without its signature.
 */
export interface StudioRequestRef {
  /** The GraphQL operation (`GenerateImage`); undefined for a request that is not GraphQL (an upload's transfer). */
  operationName: string | undefined;
  /** Where it was sent: `https://api.example.com/graphql`, or the storage's `https://files.example.com/bucket/key`. */
  url: string;
}

/** Context every StudioError carries, already redacted. */
export interface StudioErrorDetails {
  /** The operation's name (`GenerateImage`), when a request was involved. */
  operationName?: string | undefined;
  /** The request the error came from (see {@link StudioRequestRef}); its URL is cut to origin and path here. */
  request?: StudioRequestRef | undefined;
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
  /** What caused it: the caller's abort reason, the network's own error (redacted), the last transient failure. */
  cause?: unknown;
}

/** What `StudioError.toJSON()` returns: everything but the stack and the cause, already redacted. */
export interface StudioErrorJSON {
  name: string;
  code: StudioErrorCode;
  message: string;
  operationName: string | undefined;
  request: StudioRequestRef | undefined;
  status: number | undefined;
  graphqlCode: string | undefined;
  data: unknown;
  graphqlErrors: StudioErrorDetails["graphqlErrors"];
  record: StudioRecordRef | undefined;
}

const isOwnInstance = (cls: object, value: unknown) => Function.prototype[Symbol.hasInstance].call(cls, value);

/**
 * The one error family of studio-kit: every error core, upload and poller throw is a StudioError (or a subclass),
 * with a `code` from {@link StudioErrorCode}. Switch on `code`, or test a category with `instanceof`: a category
 * class (StudioAbortError, StudioTimeoutError, StudioValidationError, StudioConfigError, StudioNotFoundError) matches
 * every StudioError whose code is in its category, whichever package threw it, so `instanceof StudioAbortError`
 * catches an upload's UploadAbortError and a poller's aborted wait too. Nothing on it carries the API key or a
 * signed URL's signature.
 *
 * @example
 * ```ts
 * try {
 *   await client.workspaceId({ signal: AbortSignal.timeout(10_000) });
 * } catch (error) {
 *   if (error instanceof StudioTimeoutError) console.log("too slow:", error.cause); // the signal's TimeoutError
 *   else if (error instanceof StudioError) console.log(error.code, error.message);
 *   else throw error;
 * }
 * ```
 */
export class StudioError extends Error {
  override readonly name: string = "StudioError";
  readonly code: StudioErrorCode;
  readonly operationName: string | undefined;
  /**
   * Where the request the error came from went: its operation and URL (origin and path only). Set on every error a
   * request raised (an answer the server refused, an HTTP error, the network, no API at the endpoint, a request
   * stopped by a deadline or the caller); undefined for what was refused before anything was sent.
   */
  readonly request: StudioRequestRef | undefined;
  readonly status: number | undefined;
  readonly graphqlCode: string | undefined;
  readonly data: unknown;
  readonly graphqlErrors: StudioErrorDetails["graphqlErrors"];
  /**
   * Set when the refusal is about one record the request named (NOT_FOUND, or FORBIDDEN for another workspace's
   * record), not about the key: retrying will not help, and the key is fine.
   */
  readonly record: StudioRecordRef | undefined;

  constructor(code: StudioErrorCode, message: string, details: StudioErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = code;
    this.operationName = details.operationName ?? details.request?.operationName;
    // Cut here, whoever built the error: no query string, fragment or userinfo reaches a field, a log or JSON.
    const { request } = details;
    this.request =
      typeof request?.url === "string"
        ? { operationName: request.operationName, url: urlWithoutSecrets(request.url) }
        : undefined;
    this.status = details.status;
    this.graphqlCode = details.graphqlCode;
    this.data = details.data;
    this.graphqlErrors = details.graphqlErrors;
    this.record = details.record;
  }

  /**
   * `error instanceof C`: true for C's own instances, and, for a category class, for every StudioError whose code
   * is in that category (CATEGORY below), so one check covers the category across packages.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class on the right of instanceof, often a subclass.
    return isOwnInstance(this, value) || inCategory(this, value);
  }

  /** A plain object for logs and JSON: everything but the stack and the cause. */
  toJSON(): StudioErrorJSON {
    return {
      name: this.name,
      code: this.code,
      message: this.message,
      operationName: this.operationName,
      request: this.request,
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

/**
 * The server refused the input (BAD_USER_INPUT, HTTP 400). `details` holds what the server said: its message
 * (`details.message`, which names the field and what it allows, such as "keep it between 1:8 and 8:1") and any
 * extensions it sent beside it (such as `allowedContentTypes`).
 */
export class StudioBadInputError extends StudioError {
  override readonly name = "StudioBadInputError";
  readonly details: Record<string, unknown>;
  constructor(
    code: StudioErrorCode,
    message: string,
    details: StudioErrorDetails & { extensions?: Record<string, unknown>; serverMessage?: string },
  ) {
    super(code, message, details);
    const { code: _code, ...rest } = details.extensions ?? {};
    this.details = details.serverMessage === undefined ? rest : { message: details.serverMessage, ...rest };
  }
  override toJSON(): StudioErrorJSON & { details: Record<string, unknown> } {
    return { ...super.toJSON(), details: this.details };
  }
}

/** Too many requests (HTTP 429). `retryAfterMs` is the server's Retry-After, when it sent one. */
export class StudioRateLimitError extends StudioError {
  override readonly name = "StudioRateLimitError";
  readonly retryAfterMs: number | undefined;
  constructor(
    code: StudioErrorCode,
    message: string,
    details: StudioErrorDetails & { retryAfterMs?: number | undefined },
  ) {
    super(code, message, details);
    this.retryAfterMs = details.retryAfterMs;
  }
  override toJSON(): StudioErrorJSON & { retryAfterMs: number | undefined } {
    return { ...super.toJSON(), retryAfterMs: this.retryAfterMs };
  }
}

/**
 * A deadline passed (code TIMEOUT): the client's `timeoutMs` (no answer), a wait's `maxWaitMs`, or the caller's
 * own signal timing out (`AbortSignal.timeout`, kept as `cause`). A mutation that timed out may still have been
 * applied. Matches every TIMEOUT of the kit (the poller's PollerTimeoutError too).
 */
export class StudioTimeoutError extends StudioError {
  override readonly name: string = "StudioTimeoutError";
}

/**
 * The caller's signal aborted the work (code ABORTED); nothing further is sent. `cause` is the signal's reason.
 * Matches every ABORTED of the kit (an upload's UploadAbortError, an aborted wait). A signal that aborted by timing
 * out (`AbortSignal.timeout`) is a StudioTimeoutError instead.
 */
export class StudioAbortError extends StudioError {
  override readonly name: string = "StudioAbortError";
}

/**
 * The request failed on the network. `sent` says whether it may have reached the server: false only when the
 * connection was never made (refused, DNS failure, a port fetch refuses). `cause` is the network's own error
 * (undici's, with its `code` such as ECONNREFUSED), redacted.
 */
export class StudioNetworkError extends StudioError {
  override readonly name = "StudioNetworkError";
  readonly sent: boolean;
  constructor(code: StudioErrorCode, message: string, details: StudioErrorDetails & { sent: boolean }) {
    super(code, message, details);
    this.sent = details.sent;
  }
  override toJSON(): StudioErrorJSON & { sent: boolean } {
    return { ...super.toJSON(), sent: this.sent };
  }
}

/** The server failed (HTTP 5xx or INTERNAL_SERVER_ERROR). A mutation may still have been applied. */
export class StudioServerError extends StudioError {
  override readonly name = "StudioServerError";
}

/**
 * Any other GraphQL error (such as a document the server's schema refuses), or no GraphQL API at the endpoint
 * (ENDPOINT_NOT_FOUND); NOT_FOUND is its StudioNotFoundError.
 */
export class StudioGraphQLError extends StudioError {
  override readonly name: string = "StudioGraphQLError";
}

/**
 * The server has no record with an id the request sent (NOT_FOUND): mistyped, deleted, or a record of another kind.
 * `record` names it when the answer says which. Sending the same id again will not help. Matches a waited-for record
 * that vanished too (the poller's PollerVanishedError, VANISHED).
 */
export class StudioNotFoundError extends StudioGraphQLError {
  override readonly name: string = "StudioNotFoundError";
}

/** The client, an upload or a poller was created or called with options it cannot use (INVALID_OPTIONS). */
export class StudioConfigError extends StudioError {
  override readonly name: string = "StudioConfigError";
}

/**
 * An argument or a file breaks a documented rule, refused before anything was sent: INVALID_ARGUMENT (a poller's
 * maxWaitMs, an empty id) and the upload rules (UNSUPPORTED_CONTENT_TYPE, FILE_TOO_LARGE, ...). Fix the input;
 * sending it again as it is will not help. Matches the upload's UploadValidationError.
 */
export class StudioValidationError extends StudioError {
  override readonly name: string = "StudioValidationError";
}

/** True when `cls` is a category class and `value` a StudioError with one of its codes. */
function inCategory(cls: object, value: unknown): boolean {
  const codes = CATEGORY.get(cls);
  return codes !== undefined && isOwnInstance(StudioError, value) && codes.has((value as StudioError).code);
}

// The codes each category class matches beyond its own instances (StudioError[Symbol.hasInstance]). Their `name`
// is typed string, not the literal, so that `error instanceof StudioAbortError` narrows an UploadAbortError to
// something usable rather than to never.
const CATEGORY = new Map<object, ReadonlySet<StudioErrorCode>>([
  [StudioAbortError, new Set<StudioErrorCode>(["ABORTED"])],
  [StudioTimeoutError, new Set<StudioErrorCode>(["TIMEOUT"])],
  [StudioConfigError, new Set<StudioErrorCode>(["INVALID_OPTIONS"])],
  [StudioNotFoundError, new Set<StudioErrorCode>(["NOT_FOUND", "VANISHED"])],
  [
    StudioValidationError,
    new Set<StudioErrorCode>([
      "INVALID_ARGUMENT",
      "UNSUPPORTED_CONTENT_TYPE",
      "CONTENT_TYPE_UNKNOWN",
      "CONTENT_TYPE_MISMATCH",
      "FILE_EMPTY",
      "FILE_TOO_LARGE",
    ]),
  ],
]);

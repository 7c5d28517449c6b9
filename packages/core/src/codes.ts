/**
 * Every `code` an error of studio-kit carries, whichever package threw it (core, upload, poller): switch on it, or
 * test a category with `instanceof` (see the classes in errors.ts). A code always comes with the same class.
 *
 * @example
 * ```ts
 * function retryLater(error: unknown): boolean {
 *   if (!(error instanceof StudioError)) return false;
 *   switch (error.code) {
 *     case "RATE_LIMITED":
 *     case "SERVER_ERROR":
 *     case "NETWORK_ERROR":
 *       return true;
 *     default:
 *       return false;
 *   }
 * }
 * ```
 */
export type StudioErrorCode =
  // Stopped by the caller: a cancel (the signal's reason is the error's `cause`), or a deadline (the client's
  // timeoutMs, a wait's maxWaitMs, or the caller's own AbortSignal.timeout, then also the `cause`).
  | "ABORTED"
  | "TIMEOUT"
  // The caller's configuration or arguments, refused before anything was sent.
  | "INVALID_OPTIONS"
  | "INVALID_ARGUMENT"
  // A file refused by the upload rules before anything was sent (@studio-kit/upload).
  | "UNSUPPORTED_CONTENT_TYPE"
  | "CONTENT_TYPE_UNKNOWN"
  | "CONTENT_TYPE_MISMATCH"
  | "FILE_EMPTY"
  | "FILE_TOO_LARGE"
  // An upload's source of bytes (@studio-kit/upload).
  | "SOURCE_UNREADABLE"
  | "SOURCE_SIZE_MISMATCH"
  | "SOURCE_NOT_REPEATABLE"
  // The key and what it may reach.
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  // The server refused one record or the input.
  | "NOT_FOUND"
  | "BAD_USER_INPUT"
  | "RATE_LIMITED"
  // Where the request went and how it travelled.
  | "ENDPOINT_NOT_FOUND"
  | "NETWORK_ERROR"
  | "SERVER_ERROR"
  // The storage's side of an upload (@studio-kit/upload).
  | "SIGNED_UPLOAD_INVALID"
  | "TRANSFER_REFUSED"
  | "TRANSFER_FAILED"
  | "EXPIRED"
  | "STALLED"
  // A waited-for record (@studio-kit/poller): gone, or refused on its own.
  | "VANISHED"
  | "UNREADABLE"
  // An answer the client cannot use.
  | "GRAPHQL_ERROR"
  | "NO_DATA"
  | "NO_WORKSPACE"
  | "NOT_APPLIED"
  | "NOT_A_CONNECTION"
  | "PAGINATION_STUCK"
  | "NO_CONVERSATION_ID";

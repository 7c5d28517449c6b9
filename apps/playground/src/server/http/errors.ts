// One error for everything the API refuses: the router turns it into `{ error, message }` with its status
// (CONTRACT.md, "Errors"). `message` says what to do and never carries a secret: it is written here, from codes,
// never copied from a lower layer's error.

/** A refusal of the playground's API: HTTP status, a stable `code` for the page, and what to do. */
export class HttpError extends Error {
  override readonly name = "HttpError";
  /** What the page sees as `message` (without the package prefix the Error's own message carries). */
  readonly publicMessage: string;

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`@studio-kit/playground: ${message}`, options);
    this.publicMessage = message;
  }
}

/**
 * The base of the bot's service errors (a download from Slack, an upload to Slack, a copy of an image): a string
 * `code` to branch on, a message that names the service, and the few facts a caller needs. `toJSON` is what a log
 * line shows: the name, the code, those facts and the message; never a stack, a cause, a URL or a token.
 */
export class ServiceError<Code extends string> extends Error {
  constructor(
    service: string,
    readonly code: Code,
    message: string,
    /** Ids and statuses only: what may be logged. */
    private readonly facts: Readonly<Record<string, string | number | undefined>> = {},
  ) {
    super(`${service}: ${message}`);
  }

  /** What a log line shows: no stack, no cause. */
  toJSON(): Record<string, unknown> {
    return { name: this.name, code: this.code, ...this.facts, message: this.message };
  }
}

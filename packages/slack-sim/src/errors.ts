/** What went wrong, as a stable string callers can branch on. */
export type SlackSimErrorCode =
  | "invalid_options"
  | "app_unreachable"
  | "message_not_found"
  | "view_not_found"
  | "action_not_found"
  | "shortcut_not_found"
  | "event_not_found"
  | "thread_not_found"
  | "file_not_found"
  | "session_not_found"
  | "no_stop_button"
  | "not_started";

/**
 * The one error the sim throws at its caller (the test or playground driving it).
 * Web API failures are not thrown: they are answered to the bot as Slack would, `{ ok: false, error }`.
 * Messages never carry the signing secret, the bot token or a `response_url`.
 */
export class SlackSimError extends Error {
  readonly code: SlackSimErrorCode;

  constructor(code: SlackSimErrorCode, message: string, options?: { cause?: unknown }) {
    super(`@studio-kit/slack-sim: ${message}`, options);
    this.name = "SlackSimError";
    this.code = code;
  }
}

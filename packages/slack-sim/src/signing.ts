import { createHmac } from "node:crypto";

/**
 * Slack's request signature: `v0=` + hex HMAC-SHA256 of `v0:{timestamp}:{raw body}` keyed with the signing secret.
 * See https://api.slack.com/authentication/verifying-requests-from-slack (its worked example is a test vector here).
 *
 * @example
 * signSlackRequest(secret, 1531420618, "token=...&team_id=...") // "v0=a2114d57..."
 */
export function signSlackRequest(secret: string, timestamp: number | string, body: string): string {
  return `v0=${createHmac("sha256", secret).update(`v0:${timestamp}:${body}`).digest("hex")}`;
}

/** Retry headers Slack adds when it redelivers an event (`X-Slack-Retry-Num`, `X-Slack-Retry-Reason`). */
export interface SlackRetry {
  num: number;
  /** Slack sends e.g. `http_timeout`, `http_error`, `connection_failed`. */
  reason: string;
}

/** The headers Slack sends with every request to an app: signature, timestamp and, for a redelivery, the retry. */
export function slackHeaders(
  secret: string,
  timestampSeconds: number,
  body: string,
  contentType: string,
  retry?: SlackRetry,
): Record<string, string> {
  const headers: Record<string, string> = {
    "content-type": contentType,
    "x-slack-request-timestamp": String(timestampSeconds),
    "x-slack-signature": signSlackRequest(secret, timestampSeconds, body),
  };
  if (retry) {
    headers["x-slack-retry-num"] = String(retry.num);
    headers["x-slack-retry-reason"] = retry.reason;
  }
  return headers;
}

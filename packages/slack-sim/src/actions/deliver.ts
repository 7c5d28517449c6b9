import { SlackSimError } from "../errors.js";
import { type SlackRetry, slackHeaders } from "../signing.js";
import type { SimState } from "../state.js";

/** What the app answered to one request Slack sent it. */
export interface Delivery {
  /** The HTTP status: 200 once acked, 401 for a bad signature, 404 when Bolt gave up waiting for `ack()`. */
  status: number;
  /** The raw ack body (empty for a bare `ack()`). */
  body: string;
  /** The ack body parsed as JSON, when it is JSON. */
  json?: Record<string, unknown>;
  /** Real milliseconds from sending to the answer: Slack gives up after 3000. */
  latencyMs: number;
}

/** Where requests go and how they are signed; shared by every action. */
export interface DeliveryContext {
  state: SimState;
  signingSecret: string;
  appUrl: () => string;
  fetch: typeof fetch;
  /** The sim's own origin, for `response_url`s. */
  baseUrl: () => string;
}

/** Signs and POSTs one request to the app, as Slack would, and measures how long the ack took. */
export async function deliver(
  context: DeliveryContext,
  body: string,
  contentType: string,
  options: { retry?: SlackRetry; signature?: string } = {},
): Promise<Delivery> {
  const timestamp = Math.floor(context.state.now() / 1000);
  const headers = slackHeaders(context.signingSecret, timestamp, body, contentType, options.retry);
  if (options.signature) headers["x-slack-signature"] = options.signature;
  const started = performance.now();
  let response: Response;
  try {
    response = await context.fetch(context.appUrl(), { method: "POST", headers, body });
  } catch (cause) {
    throw new SlackSimError("app_unreachable", `the app did not answer at ${context.appUrl()}`, { cause });
  }
  const text = await response.text();
  const latencyMs = performance.now() - started;
  let json: Record<string, unknown> | undefined;
  if (text.startsWith("{")) {
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      json = undefined;
    }
  }
  return { status: response.status, body: text, latencyMs, ...(json ? { json } : {}) };
}

export const FORM = "application/x-www-form-urlencoded";
export const JSON_TYPE = "application/json";

import { SlackSimError } from "../errors.js";
import { type SlackRetry, slackHeaders } from "../signing.js";
import type { SimState } from "../state.js";

/** What the app answered to one request Slack sent it. */
export interface Delivery {
  /**
   * The HTTP status: 200 once acked, 401 for a bad signature, 404 when Bolt gave up waiting for `ack()`. Over
   * Socket Mode, where there is no HTTP answer, 200 once acked and 404 when no ack came within 3 s (for an event,
   * after Slack's retries too), so that callers read both transports alike.
   */
  status: number;
  /** The raw ack body (empty for a bare `ack()`); over Socket Mode, the ack's `payload` as JSON. */
  body: string;
  /** The ack body parsed as JSON, when it is JSON. */
  json?: Record<string, unknown>;
  /** Real milliseconds from sending to the answer: Slack gives up after 3000. */
  latencyMs: number;
}

/**
 * One request Slack sends the app, in its HTTP form: every action builds this body (form-encoded for commands and
 * interactions, JSON for events). Slack's payloads are the same over Socket Mode; only the wrapping differs.
 */
export interface AppRequest {
  body: string;
  contentType: string;
  /** A redelivery of an event: Slack's retry number and reason. */
  retry?: SlackRetry;
  /** A forged signature to send instead of the right one (HTTP only: nothing is signed over Socket Mode). */
  signature?: string;
}

/**
 * How requests reach the app, and what it acked: over HTTP (`overHttp`, signed POSTs to `appUrl`, the default) or
 * over Socket Mode (socket-mode/transport.ts). Every action delivers through this one seam, so each works over both.
 */
export type Transport = (request: AppRequest) => Promise<Delivery>;

/** Where requests go and how they are signed; shared by every action. */
export interface DeliveryContext {
  state: SimState;
  signingSecret: string;
  appUrl: () => string;
  fetch: typeof fetch;
  /** The sim's own origin, for `response_url`s. */
  baseUrl: () => string;
  /** Default: HTTP to `appUrl`. */
  transport?: Transport;
}

/** Sends one request to the app, as Slack would, over the sim's transport, and measures how long the ack took. */
export async function deliver(
  context: DeliveryContext,
  body: string,
  contentType: string,
  options: { retry?: SlackRetry; signature?: string } = {},
): Promise<Delivery> {
  const request: AppRequest = { body, contentType, ...options };
  return context.transport ? context.transport(request) : overHttp(context, request);
}

/** Signs (signing.ts) and POSTs one request to the app's HTTP receiver. */
async function overHttp(context: DeliveryContext, request: AppRequest): Promise<Delivery> {
  const { body, contentType } = request;
  const timestamp = Math.floor(context.state.now() / 1000);
  const headers = slackHeaders(context.signingSecret, timestamp, body, contentType, request.retry);
  if (request.signature) headers["x-slack-signature"] = request.signature;
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

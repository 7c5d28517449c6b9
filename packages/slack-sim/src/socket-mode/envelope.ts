// The same request as over HTTP, in a Socket Mode envelope, and the app's ack read back as a Delivery. Slack's
// payloads do not change with the transport; the envelope only wraps them:
// https://docs.slack.dev/apis/events-api/using-socket-mode (Receiving events: `envelope_id`, `type`, `payload`,
// `accepts_response_payload`, and `retry_attempt` / `retry_reason` on Events API envelopes; Acknowledging events:
// `{ envelope_id, payload? }`, where the payload is what an HTTP response body would carry).
import type { AppRequest, Delivery } from "../actions/deliver.js";
import type { SocketEnvelopeType } from "./types.js";

/** An envelope without its id (each attempt gets its own). */
export interface EnvelopeBody {
  type: SocketEnvelopeType;
  payload: Record<string, unknown>;
  accepts_response_payload: boolean;
  retry_attempt?: number;
  retry_reason?: string;
}

/** Interactions whose HTTP response body Slack reads, and so whose ack payload it applies. */
const RESPONDS = new Set(["view_submission", "block_suggestion"]);

/**
 * Reads an action's HTTP request as Slack's envelope: JSON is an Events API callback (`events_api`), a form with
 * `payload=` an interaction (`interactive`), any other form a slash command's fields (`slash_commands`).
 */
export function toEnvelope(request: AppRequest): EnvelopeBody {
  if (request.contentType.startsWith("application/json")) {
    return {
      type: "events_api",
      payload: JSON.parse(request.body) as Record<string, unknown>,
      accepts_response_payload: false,
      retry_attempt: request.retry?.num ?? 0,
      retry_reason: request.retry?.reason ?? "",
    };
  }
  const form = new URLSearchParams(request.body);
  const interaction = form.get("payload");
  if (interaction !== null) {
    const payload = JSON.parse(interaction) as Record<string, unknown>;
    return { type: "interactive", payload, accepts_response_payload: RESPONDS.has(String(payload.type)) };
  }
  return { type: "slash_commands", payload: Object.fromEntries(form), accepts_response_payload: true };
}

/**
 * The ack as the sim reads an HTTP answer: status 200, the payload as the body (empty for a bare ack, which
 * @slack/socket-mode sends as `payload: {}`) and as `json`, so every action applies it as it applies an HTTP body.
 */
export function ackDelivery(payload: unknown, latencyMs: number): Delivery {
  const json =
    typeof payload === "object" && payload !== null && Object.keys(payload).length > 0
      ? (payload as Record<string, unknown>)
      : undefined;
  return { status: 200, body: json ? JSON.stringify(json) : "", latencyMs, ...(json ? { json } : {}) };
}

/** No ack within the timeout: what Bolt's HTTP receiver answers then (404), so callers read both transports alike. */
export const unacked = (latencyMs: number): Delivery => ({ status: 404, body: "", latencyMs });

// The Socket Mode transport: every action's request goes out as an envelope on the app's connection, and the
// action gets the ack back as it would get an HTTP answer. https://docs.slack.dev/apis/events-api/using-socket-mode
import type { Transport } from "../actions/deliver.js";
import { SlackSimError } from "../errors.js";
import { ackDelivery, type EnvelopeBody, toEnvelope, unacked } from "./envelope.js";
import type { Link, Links } from "./links.js";
import type { SimEnvelope } from "./types.js";

/**
 * Slack retries an event it got no ack for, up to 3 times (https://docs.slack.dev/apis/events-api/, "Retries": at
 * once, after a minute, after five). The sim sends each retry as soon as the previous attempt timed out.
 */
export const EVENT_RETRIES = 3;
/** Slack's Events API reason for a delivery not acked within 3 s (https://docs.slack.dev/apis/events-api/). */
const RETRY_REASON = "http_timeout";
/** How long a delivery made while no connection is open waits for the app to connect. */
const CONNECT_WAIT_MS = 30_000;

interface Waiter {
  go(link: Link): void;
  fail(error: Error): void;
}

interface Attempt {
  acked: boolean;
  payload?: unknown;
  latencyMs: number;
}

export interface SocketTransport {
  transport: Transport;
  /** A text frame from the app: an ack `{ envelope_id, payload? }` settles its envelope; anything else is ignored. */
  receive(text: string): void;
  /** A connection said hello: deliveries waiting for one go out on it. */
  ready(): void;
  envelopes(): SimEnvelope[];
  /** Deliveries still waiting for a connection fail (`app_unreachable`); those waiting for an ack are unacked. */
  close(): void;
}

export function createSocketTransport(input: {
  links: Links;
  now: () => number;
  ackTimeoutMs: number;
}): SocketTransport {
  const log: SimEnvelope[] = [];
  const pending = new Map<string, { record: SimEnvelope; settle: (acked: boolean, payload?: unknown) => void }>();
  const waiting = new Set<Waiter>();
  let closed = false;

  // Real Slack fails an interaction while the app has no connection, and retries an event later. The sim holds
  // either until the app connects (the client reconnects within seconds of a `disconnect`), so that a test or a
  // person acting during a reconnect is not refused; it gives up after CONNECT_WAIT_MS.
  const connection = (): Promise<Link> => {
    if (closed) return Promise.reject(new SlackSimError("app_unreachable", "the sim was closed"));
    const current = input.links.current();
    if (current) return Promise.resolve(current);
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        waiting.delete(waiter);
      };
      const waiter: Waiter = {
        go: (link) => {
          done();
          resolve(link);
        },
        fail: (error) => {
          done();
          reject(error);
        },
      };
      const timer = setTimeout(
        () => waiter.fail(new SlackSimError("app_unreachable", "no Socket Mode connection was open to deliver on")),
        CONNECT_WAIT_MS,
      ).unref();
      waiting.add(waiter);
    });
  };

  const attempt = async (body: EnvelopeBody): Promise<Attempt> => {
    const link = await connection();
    const envelopeId = crypto.randomUUID();
    const record: SimEnvelope = {
      envelopeId,
      connectionId: link.record.id,
      type: body.type,
      payload: body.payload,
      acceptsResponsePayload: body.accepts_response_payload,
      ...(body.retry_attempt === undefined ? {} : { retryAttempt: body.retry_attempt }),
      ...(body.retry_reason === undefined ? {} : { retryReason: body.retry_reason }),
      sentAt: input.now(),
      status: "pending",
    };
    log.push(record);
    const sent = performance.now();
    return new Promise((resolve) => {
      // Slack waits 3 s for the ack; a later one is ignored.
      const timer = setTimeout(() => settle(false), input.ackTimeoutMs);
      const settle = (acked: boolean, payload?: unknown) => {
        clearTimeout(timer);
        pending.delete(envelopeId);
        if (record.status === "pending" && acked) record.status = "acked";
        else if (record.status === "pending") record.status = "timed_out";
        resolve({ acked, payload, latencyMs: performance.now() - sent });
      };
      pending.set(envelopeId, { record, settle });
      input.links.send(link, { envelope_id: envelopeId, ...body });
    });
  };

  const transport: Transport = async (request) => {
    let body = toEnvelope(request);
    for (;;) {
      const result = await attempt(body);
      if (result.acked) return ackDelivery(result.payload, result.latencyMs);
      const tried = body.retry_attempt ?? 0;
      if (body.type !== "events_api" || tried >= EVENT_RETRIES) return unacked(result.latencyMs);
      body = { ...body, retry_attempt: tried + 1, retry_reason: RETRY_REASON };
    }
  };

  return {
    transport,
    receive(text) {
      let message: { envelope_id?: unknown; payload?: unknown };
      try {
        message = JSON.parse(text) as typeof message;
      } catch {
        return;
      }
      const found = typeof message.envelope_id === "string" ? pending.get(message.envelope_id) : undefined;
      if (!found) return;
      const payload = message.payload;
      if (typeof payload === "object" && payload !== null && Object.keys(payload).length > 0) {
        found.record.ackPayload = payload as Record<string, unknown>;
      }
      found.settle(true, payload);
    },
    ready() {
      for (const waiter of [...waiting]) {
        const link = input.links.current();
        if (link) waiter.go(link);
      }
    },
    envelopes: () => structuredClone(log),
    close() {
      closed = true;
      for (const waiter of [...waiting]) waiter.fail(new SlackSimError("app_unreachable", "the sim was closed"));
      for (const { settle } of [...pending.values()]) settle(false);
    },
  };
}

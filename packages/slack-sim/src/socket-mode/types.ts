// Socket Mode's public shapes: the option that turns it on, and what a test reads back (connections, envelopes).
// Slack's protocol: https://docs.slack.dev/apis/events-api/using-socket-mode

/** Deliver over Socket Mode instead of HTTP: the app opens a WebSocket (`apps.connections.open`) and acks there. */
export interface SocketModeOptions {
  /** The app-level token (`xapp-...`) the app must call `apps.connections.open` with. */
  appToken: string;
  /** How long the sim waits for an envelope's ack, real ms. Default 3000: Slack's 3 seconds. */
  ackTimeoutMs?: number;
}

/** The three kinds of envelope Slack sends over Socket Mode. */
export type SocketEnvelopeType = "events_api" | "slash_commands" | "interactive";

/**
 * Why Slack closes a connection: `refresh_requested` (Slack recycles it; the app should reconnect), `warning` (it
 * will soon), `link_disabled` (Socket Mode was turned off for the app), `too_many_websockets` (over the limit).
 */
export type DisconnectReason = "refresh_requested" | "warning" | "link_disabled" | "too_many_websockets";

/** One WebSocket the app opened. */
export interface SimSocketConnection {
  /** The sim's id for it (`L1`, `L2`, ...), in the order they opened. */
  id: string;
  /** On the sim's clock, ms since the epoch. */
  openedAt: number;
  open: boolean;
  closedAt?: number;
  /** The reason of the `disconnect` message the sim sent on it, if any. */
  disconnectReason?: DisconnectReason;
}

/** One envelope the sim sent, and what became of it. */
export interface SimEnvelope {
  envelopeId: string;
  /** The connection it went out on. */
  connectionId: string;
  type: SocketEnvelopeType;
  /** The payload, as over HTTP: the event callback, the slash command's fields, the interaction. */
  payload: Record<string, unknown>;
  /** Whether Slack reads a `payload` in the ack (slash commands, view submissions, options loads). */
  acceptsResponsePayload: boolean;
  /** Events only: 0 first, then 1, 2, 3 for Slack's retries. */
  retryAttempt?: number;
  retryReason?: string;
  /** On the sim's clock. */
  sentAt: number;
  /** `pending` until acked; `timed_out` when no ack came within the ack timeout (a later ack is ignored). */
  status: "pending" | "acked" | "timed_out";
  /** The ack's `payload`, when it had one. */
  ackPayload?: Record<string, unknown>;
}

/** Socket Mode's side of the sim. With the sim on HTTP, every member throws `invalid_options`. */
export interface SimSocketMode {
  /**
   * Sends `{ type: "disconnect", reason }` on every open connection, as Slack does before it recycles one
   * (default `refresh_requested`); the sim sends nothing more on them and closes them itself if the app has not
   * within 10 s. Envelopes then wait for the app's next connection. Returns the number of connections told.
   */
  disconnect(reason?: DisconnectReason): number;
  /** Every connection the app opened, oldest first. */
  connections(): SimSocketConnection[];
  /** Every envelope sent, in order (each retry of an event is an envelope of its own). */
  envelopes(): SimEnvelope[];
}

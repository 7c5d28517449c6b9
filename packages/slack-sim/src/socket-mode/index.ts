// Socket Mode for the sim, wired: apps.connections.open, the connections on the sim's server, and the transport
// every action delivers through when the sim is in Socket Mode. https://docs.slack.dev/apis/events-api/using-socket-mode
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { Transport } from "../actions/deliver.js";
import { SlackSimError } from "../errors.js";
import { SIM_WORKSPACE, type SimState } from "../state.js";
import { openConnection } from "./connections-open.js";
import { createLinks } from "./links.js";
import { createSocketTransport } from "./transport.js";
import type { SimSocketMode, SocketModeOptions } from "./types.js";

/** Slack's ack window: 3 seconds (https://docs.slack.dev/apis/events-api/using-socket-mode). */
export const SOCKET_ACK_TIMEOUT_MS = 3000;

export interface SocketMode {
  /** Undefined with the sim on HTTP. */
  transport?: Transport;
  /** Answers `POST /api/apps.connections.open` (on HTTP too: every app-level token is then refused). */
  openConnection(request: Request): Promise<Response>;
  /** The server's `upgrade` listener. */
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  api: SimSocketMode;
  close(): Promise<void>;
}

export function createSocketMode(
  state: SimState,
  options: SocketModeOptions | undefined,
  baseUrl: () => string,
): SocketMode {
  if (options && !options.appToken?.startsWith("xapp-")) {
    throw new SlackSimError("invalid_options", "socketMode.appToken must be an app-level token (xapp-...)");
  }
  const ackTimeoutMs = options?.ackTimeoutMs ?? SOCKET_ACK_TIMEOUT_MS;
  if (!(Number.isFinite(ackTimeoutMs) && ackTimeoutMs > 0)) {
    throw new SlackSimError("invalid_options", "socketMode.ackTimeoutMs must be a number of ms above 0");
  }
  // Set once the links exist; the links call back into it.
  let socket: ReturnType<typeof createSocketTransport> | undefined;
  const links = createLinks({
    now: state.now,
    appId: SIM_WORKSPACE.appId,
    onReady: () => socket?.ready(),
    onMessage: (text) => socket?.receive(text),
  });
  socket = options ? createSocketTransport({ links, now: state.now, ackTimeoutMs }) : undefined;
  const on = <T>(read: (transport: NonNullable<typeof socket>) => T): T => {
    if (!socket) throw new SlackSimError("invalid_options", "the sim delivers over HTTP: create it with socketMode");
    return read(socket);
  };
  return {
    ...(socket ? { transport: socket.transport } : {}),
    openConnection: (request) => openConnection(state, request, options?.appToken, () => links.url(baseUrl())),
    upgrade: (request, stream, head) => links.upgrade(request, stream, head),
    api: {
      disconnect: (reason = "refresh_requested") => on(() => links.disconnect(reason)),
      connections: () => on(() => links.records()),
      envelopes: () => on((transport) => transport.envelopes()),
    },
    async close() {
      socket?.close();
      await links.close();
    },
  };
}

// The WebSocket side of Socket Mode: the URLs apps.connections.open hands out, the connections the app opens on the
// sim's server, Slack's `hello` on each, and `disconnect` when a test asks for one. Framing, pings and pongs are the
// `ws` package's. https://docs.slack.dev/apis/events-api/using-socket-mode
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { type WebSocket, WebSocketServer } from "ws";
import type { DisconnectReason, SimSocketConnection } from "./types.js";

/** Slack lets an app keep up to 10 connections open at once (using-socket-mode). */
export const MAX_CONNECTIONS = 10;
/** How long a connection told to go may stay before the sim closes it itself (Slack closes it soon after). */
const CLOSE_AFTER_MS = 10_000;
/** How long the sim's own close waits for the app to answer a close frame before it cuts the connection. */
const CLOSE_WAIT_MS = 1000;
/** Slack names the server in `debug_info.host`; a test can tell the sim's apart. */
const HOST = "applink-slack-sim";
/** Slack's hello says how long a connection lasts before it is refreshed, in seconds (its example: 18060). */
const CONNECTION_SECONDS = 18_060;

/** One open WebSocket and the record a test reads. */
export interface Link {
  record: SimSocketConnection;
  socket: WebSocket;
  /** Told to go (`disconnect`): no new envelope goes to it. */
  retiring: boolean;
  timer?: NodeJS.Timeout;
}

export interface Links {
  /** A single-use URL for one connection, on the sim's server (`ws://<host>:<port>/link/?ticket=...&app_id=...`). */
  url(baseUrl: string): string;
  /** Takes an HTTP upgrade to `/link/`: a known ticket becomes a connection, anything else is refused. */
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Where new envelopes go: the newest open connection not told to go. */
  current(): Link | undefined;
  send(link: Link, message: Record<string, unknown>): void;
  disconnect(reason: DisconnectReason): number;
  records(): SimSocketConnection[];
  /** Closes every connection (a close frame, "going away"; cut after 1 s without the app's answer). */
  close(): Promise<void>;
}

export function createLinks(input: {
  now: () => number;
  appId: string;
  /** A connection said hello: envelopes waiting for one can go. */
  onReady: () => void;
  /** A text frame from the app (an ack). */
  onMessage: (text: string) => void;
}): Links {
  const server = new WebSocketServer({ noServer: true });
  const tickets = new Set<string>();
  const links: Link[] = [];
  let count = 0;
  const open = () => links.filter((link) => link.record.open);
  const send = (link: Link, message: Record<string, unknown>) => {
    if (link.record.open) link.socket.send(JSON.stringify(message));
  };
  const tellToGo = (link: Link, reason: DisconnectReason) => {
    send(link, { type: "disconnect", reason, debug_info: { host: HOST } });
    link.retiring = true;
    link.record.disconnectReason = reason;
    link.timer = setTimeout(() => link.socket.terminate(), CLOSE_AFTER_MS).unref();
  };

  const accept = (socket: WebSocket) => {
    count += 1;
    const link: Link = { record: { id: `L${count}`, openedAt: input.now(), open: true }, socket, retiring: false };
    links.push(link);
    socket.on("message", (data, binary) => {
      if (!binary) input.onMessage(data.toString());
    });
    socket.on("close", () => {
      clearTimeout(link.timer);
      link.record.open = false;
      link.record.closedAt = input.now();
    });
    socket.on("error", () => {
      // A broken connection closes; the close handler records it.
    });
    if (open().length > MAX_CONNECTIONS) {
      tellToGo(link, "too_many_websockets");
      return;
    }
    // https://docs.slack.dev/apis/events-api/using-socket-mode: "hello" is the first message on a new connection.
    send(link, {
      type: "hello",
      num_connections: open().filter((each) => !each.retiring).length,
      debug_info: { host: HOST, build_number: 1, approximate_connection_time: CONNECTION_SECONDS },
      connection_info: { app_id: input.appId },
    });
    input.onReady();
  };

  const refuse = (socket: Duplex, status: string) => {
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  };

  return {
    url(baseUrl) {
      const ticket = crypto.randomUUID();
      tickets.add(ticket);
      const url = new URL("/link/", baseUrl.replace(/^http/, "ws"));
      url.searchParams.set("ticket", ticket);
      url.searchParams.set("app_id", input.appId);
      return url.toString();
    },
    upgrade(request, socket, head) {
      const url = new URL(request.url ?? "/", "http://sim");
      if (url.pathname !== "/link/" && url.pathname !== "/link") return refuse(socket, "404 Not Found");
      // Each URL is for one connection: apps.connections.open is called again for the next (the sim's choice).
      const ticket = url.searchParams.get("ticket") ?? "";
      if (!tickets.delete(ticket)) return refuse(socket, "401 Unauthorized");
      server.handleUpgrade(request, socket, head, accept);
    },
    current: () =>
      open()
        .filter((link) => !link.retiring)
        .at(-1),
    send,
    disconnect(reason) {
      const told = open().filter((link) => !link.retiring);
      for (const link of told) tellToGo(link, reason);
      return told.length;
    },
    records: () => links.map((link) => ({ ...link.record })),
    async close() {
      await Promise.all(
        open().map(
          (link) =>
            new Promise<void>((resolve) => {
              clearTimeout(link.timer);
              const cut = setTimeout(() => link.socket.terminate(), CLOSE_WAIT_MS);
              link.socket.once("close", () => {
                clearTimeout(cut);
                resolve();
              });
              link.socket.close(1001, "the sim is closing");
            }),
        ),
      );
      server.close();
    },
  };
}

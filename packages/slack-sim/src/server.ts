import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { createServerAdapter } from "@whatwg-node/server";

/** The sim's HTTP face: one node server around the fetch-style handler. */
export interface SimServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Listens on loopback by default: the sim is for this machine only. Port 0 picks a free one. `upgrade` takes
 * WebSocket upgrades (Socket Mode's connections).
 */
export async function startServer(
  handle: (request: Request) => Promise<Response>,
  options: { port?: number; host?: string },
  upgrade?: (request: IncomingMessage, socket: Duplex, head: Buffer) => void,
): Promise<SimServer> {
  const server = createServer(createServerAdapter((request: Request) => handle(request)));
  if (upgrade) server.on("upgrade", upgrade);
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const shown = host === "0.0.0.0" ? "127.0.0.1" : host;
  return {
    url: `http://${shown.includes(":") ? `[${shown}]` : shown}:${port}`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
    },
  };
}

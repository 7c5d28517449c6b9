// A TCP proxy that can be cut and restored, for the studio API's outage: in front of the sandbox, cut means every
// open connection is destroyed and each new one is reset as soon as it arrives, as when the API's load balancer has
// no backend left; restore carries connections through again. The listener stays open throughout: closing it would
// free its port for anything else on the machine to take (another test's server, an outgoing connection's local
// port), and restore could then not listen there again.
import { createConnection, createServer, type Socket } from "node:net";

export interface TcpProxy {
  /** `http://127.0.0.1:<port>` (the proxy's port never changes). */
  url: string;
  /** Destroys every connection and resets new ones. */
  cut(): Promise<void>;
  /** Carries connections through again. */
  restore(): Promise<void>;
  /** Connections accepted, and reset or cut, so far. */
  stats(): { accepted: number };
  close(): Promise<void>;
}

/** Starts a proxy to `127.0.0.1:targetPort` on a free port. */
export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  let cut = false;
  const server = createServer((client) => {
    accepted += 1;
    if (cut) {
      client.resetAndDestroy();
      return;
    }
    const upstream = createConnection({ host: "127.0.0.1", port: targetPort });
    sockets.add(client);
    sockets.add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("error", end).on("close", end);
    upstream.on("error", end).on("close", end);
    client.pipe(upstream).pipe(client);
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port));
  });
  const destroyAll = () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };
  return {
    url: `http://127.0.0.1:${port}`,
    async cut() {
      cut = true;
      destroyAll();
    },
    async restore() {
      cut = false;
    },
    stats: () => ({ accepted }),
    close: () =>
      new Promise<void>((resolve) => {
        cut = true;
        destroyAll();
        server.close(() => resolve());
      }),
  };
}

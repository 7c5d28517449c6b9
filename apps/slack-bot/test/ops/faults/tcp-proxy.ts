// A TCP proxy that can be cut and restored, for the studio API's outage: in front of the sandbox, cut means every
// open connection is destroyed and new ones are refused (the listener is closed), as when a network path or the
// API's load balancer goes away; restore listens again on the same port.
import { createConnection, createServer, type Server, type Socket } from "node:net";

export interface TcpProxy {
  /** `http://127.0.0.1:<port>` (the proxy's port never changes). */
  url: string;
  /** Destroys every connection and refuses new ones. */
  cut(): Promise<void>;
  /** Accepts connections again. */
  restore(): Promise<void>;
  /** Connections accepted, and refused or cut, so far. */
  stats(): { accepted: number };
  close(): Promise<void>;
}

/** Starts a proxy to `127.0.0.1:targetPort` on a free port. */
export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const serve = (client: Socket) => {
    accepted += 1;
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
  };
  let server: Server = createServer(serve);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve((server.address() as { port: number }).port));
    });
  const port = await listen(0);
  const closeServer = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      if (!server.listening) return resolve();
      server.close(() => resolve());
    });
  return {
    url: `http://127.0.0.1:${port}`,
    cut: closeServer,
    async restore() {
      server = createServer(serve);
      await listen(port);
    },
    stats: () => ({ accepted }),
    close: closeServer,
  };
}

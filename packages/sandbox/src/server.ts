import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createServerAdapter } from "@whatwg-node/server";
import { createSandbox, type Sandbox, type SandboxOptions } from "./sandbox.js";

export interface SandboxServerOptions extends SandboxOptions {
  /** 0 picks a free port. Default 0. */
  port?: number;
  /** Default 127.0.0.1: the sandbox is for this machine only. */
  host?: string;
}

export interface SandboxServer {
  sandbox: Sandbox;
  /** http://host:port */
  url: string;
  graphqlUrl: string;
  close(): Promise<void>;
}

/** Serves a sandbox over HTTP (the adapter turns node's requests into fetch Requests, streaming). */
export async function startSandboxServer(options: SandboxServerOptions = {}): Promise<SandboxServer> {
  const sandbox = createSandbox(options);
  const server: Server = createServer(createServerAdapter((request: Request) => sandbox.handle(request)));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host && options.host !== "0.0.0.0" ? options.host : "127.0.0.1";
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  return {
    sandbox,
    url,
    graphqlUrl: `${url}/graphql`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await sandbox.close();
    },
  };
}

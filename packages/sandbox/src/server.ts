import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createServerAdapter } from "@whatwg-node/server";
import { answerClientErrors } from "./http/client-error.js";
import { internalError, reportToStderr } from "./http/guard.js";
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
  const report = options.onError ?? reportToStderr;
  const sandbox = createSandbox({ ...options, onError: report });
  const server: Server = createServer(
    createServerAdapter<{ res: ServerResponse }>(async (request, { res }) => {
      // sandbox.handle answers every failure itself (a JSON 500 without a stack); this is the last line.
      const response = await sandbox.handle(request).catch((error: unknown) => internalError(request, error, report));
      // A network error (a disconnect fault): close the connection without an answer. The adapter writes
      // nothing to a destroyed response.
      if (response.type === "error") res.destroy();
      return response;
    }),
  );
  answerClientErrors(server);
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

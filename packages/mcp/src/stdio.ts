import type { Readable, Writable } from "node:stream";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

/** Options of {@link serveStdio}: the streams (default the process's stdin and stdout). */
export interface StdioOptions {
  stdin?: Readable;
  stdout?: Writable;
}

/**
 * Serves `server` over stdio (newline-delimited JSON-RPC, as desktop and editor agents start a local server),
 * resolving when the client closes stdin or the transport closes. Nothing else may write to stdout meanwhile: it is
 * the protocol's; write notes to stderr.
 *
 * @example await serveStdio(createStudioMcpServer(createClientBackend(client)));
 */
export async function serveStdio(server: McpServer, options: StdioOptions = {}): Promise<void> {
  const stdin = options.stdin ?? process.stdin;
  const transport = new StdioServerTransport(stdin, options.stdout ?? process.stdout);
  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve;
    // The SDK's stdio transport does not watch for the end of its input: a client that closes stdin is gone.
    stdin.once("end", () => void server.close().then(resolve, resolve));
  });
  await server.connect(transport);
  await closed;
}

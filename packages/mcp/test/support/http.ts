import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterEach } from "vitest";
import { createMcpHttpHandler, type McpHttpHandlerOptions } from "../../src/index.js";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Serves MCP on a local http server (`/mcp`) and connects the SDK's Client to it over Streamable HTTP. */
export async function connectHttp(serverFor: McpHttpHandlerOptions["serverFor"]) {
  const handle = createMcpHttpHandler({ serverFor });
  const http: Server = createServer((req, res) => {
    if (req.url === "/mcp") void handle(req, res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const url = new URL(`http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`);
  const client = new Client({ name: "mcp-test", version: "1.0.0" });
  // A server that refuses every request cannot be connected to: the test speaks HTTP to it itself.
  await client.connect(new StreamableHTTPClientTransport(url)).catch(() => undefined);
  cleanups.push(async () => {
    await client.close();
    http.closeAllConnections();
    await new Promise<void>((resolve) => http.close(() => resolve()));
  });
  return { client, url };
}

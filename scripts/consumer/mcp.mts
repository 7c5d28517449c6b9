// What an app does with the published @studio-kit/mcp, run by scripts/consumer-test.mjs in the scratch project
// where only the packed tarballs are installed (type-checked there with `tsc --strict`, no skipLibCheck):
//   1. the SDK's own Client starts the installed `studio mcp --sandbox` over stdio (StdioClientTransport), lists
//      the tools and calls them: credits, a refusal an agent can read, an image generation and its job status;
//   2. the package's own server, on a key for the installed sandbox, behind createMcpHttpHandler on a local http
//      server, is listed and called over Streamable HTTP.
// Prints one JSON line saying what it did; throws on any mismatch.
import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { createStudioClient } from "@studio-kit/core";
import {
  createClientBackend,
  createMcpHttpHandler,
  createStudioMcpServer,
  STUDIO_TOOL_NAMES,
  type StudioToolName,
} from "@studio-kit/mcp";

const baseUrl = process.env.STUDIO_BASE_URL;
const apiKey = process.env.STUDIO_API_KEY;
if (!baseUrl || !apiKey) throw new Error("consumer mcp: set STUDIO_BASE_URL and STUDIO_API_KEY");

// biome-ignore lint/suspicious/noExplicitAny: structuredContent read as the JSON it is, checked by each assert
type Data = Record<string, any>;

async function call(client: Client, name: StudioToolName, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  return { result, data: (result.structuredContent ?? {}) as Data };
}

// 1. `studio mcp --sandbox`, the installed bin, as an agent starts it.
const stdio = new Client({ name: "consumer", version: "1.0.0" });
await stdio.connect(
  new StdioClientTransport({
    command: process.execPath,
    args: [join(process.cwd(), "node_modules/@studio-kit/cli/dist/bin.js"), "mcp", "--sandbox"],
    stderr: "ignore",
  }),
);
const { tools } = await stdio.listTools();
assert.deepEqual(
  tools.map((tool) => tool.name),
  [...STUDIO_TOOL_NAMES],
);
const credits = await call(stdio, "get_credits");
assert.equal(typeof credits.data.available, "number");
const refused = await call(stdio, "generate_image", { prompt: "a fox", count: 9 });
assert.equal(refused.result.isError, true);
assert.equal(refused.data.error.code, "invalid_input");
const queued = await call(stdio, "generate_image", { prompt: "a red fox on snow" });
assert.equal(queued.result.isError, undefined);
const status = await call(stdio, "job_status", { jobId: queued.data.job.jobId });
assert.equal(status.data.job.jobId, queued.data.job.jobId);
await stdio.close();

// 2. The package's server over Streamable HTTP, a server per request.
const handle = createMcpHttpHandler({
  serverFor: () => createStudioMcpServer(createClientBackend(createStudioClient({ apiKey, baseUrl }))),
});
const http = createServer((req, res) => void handle(req, res));
await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
const url = new URL(`http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`);
const remote = new Client({ name: "consumer", version: "1.0.0" });
await remote.connect(new StreamableHTTPClientTransport(url));
const listed = await remote.listTools();
const boards = await call(remote, "list_boards");
assert.ok(Array.isArray(boards.data.boards));
await remote.close();
http.closeAllConnections();
await new Promise<void>((resolve) => http.close(() => resolve()));

console.log(
  JSON.stringify({
    stdioTools: tools.length,
    available: credits.data.available,
    refused: refused.data.error.code,
    queued: queued.data.job.jobId,
    cost: queued.data.estimate.cost,
    httpTools: listed.tools.length,
    boards: boards.data.boards.length,
  }),
);

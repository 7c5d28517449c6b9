// sim.slackbot: Slackbot's MCP client as an app's MCP server sees it: every request signed with Slack's v0 scheme
// over the raw body (checked here with Bolt's own verifier, as Slack's sample for Slack identity auth does), each tool
// call naming its person in params._meta.slack, progress passed through, and a captured call that can be replayed.
import { createServer, type Server as HttpServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { isValidSlackRequest } from "@slack/bolt";
import { afterEach, describe, expect, it } from "vitest";
import { createSlackSim, SIM_WORKSPACE, type SlackSim, signSlackRequest } from "../src/index.js";

const SECRET = "8f742231b10e8888abcd99yyyzzz85a5";

interface Seen {
  method: string;
  valid: boolean;
  headers: IncomingMessage["headers"];
  body: string;
}

/** A small MCP server that verifies each POST as Slack's sample does and answers with who called. */
async function startMcpServer() {
  const seen: Seen[] = [];
  const http: HttpServer = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString();
    const valid = isValidSlackRequest({
      signingSecret: SECRET,
      headers: req.headers as never,
      body,
    });
    const parsed = body ? (JSON.parse(body) as { method?: string }) : {};
    seen.push({
      method: req.method === "POST" ? (parsed.method ?? "?") : (req.method ?? "?"),
      valid,
      headers: req.headers,
      body,
    });
    if (req.method !== "POST") {
      res.writeHead(405, { allow: "POST" }).end();
      return;
    }
    if (!valid) {
      res.writeHead(401, { "content-type": "application/json" });
      res.end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32600, message: "Invalid request" }, id: null }));
      return;
    }
    const server = new Server({ name: "test", version: "1.0.0" }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({
      tools: [{ name: "whoami", description: "Who is calling", inputSchema: { type: "object", properties: {} } }],
    }));
    server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
      const token = request.params._meta?.progressToken;
      if (token !== undefined) {
        await extra.sendNotification({
          method: "notifications/progress",
          params: { progressToken: token, progress: 50, total: 100, message: "half" },
        });
      }
      return { content: [{ type: "text", text: JSON.stringify(request.params._meta?.slack ?? null) }] };
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on("close", () => void server.close());
    await server.connect(transport);
    await transport.handleRequest(req, res, JSON.parse(body));
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
  return { url, seen, close: () => new Promise<void>((resolve) => http.close(() => resolve())) };
}

let sim: SlackSim | undefined;
let mcp: Awaited<ReturnType<typeof startMcpServer>> | undefined;
afterEach(async () => {
  await sim?.close();
  await mcp?.close();
  sim = undefined;
  mcp = undefined;
});

async function setUp() {
  mcp = await startMcpServer();
  const url = mcp.url;
  sim = createSlackSim({
    signingSecret: SECRET,
    botToken: "xoxb-test",
    appUrl: "http://127.0.0.1:1/slack/events",
    mcpUrl: url,
  });
  await sim.start();
  return { sim, mcp };
}

const textOf = (outcome: Awaited<ReturnType<SlackSim["slackbot"]["callTool"]>>) =>
  outcome.ok ? String((outcome.result.content[0] as { text?: string } | undefined)?.text) : `refused ${outcome.status}`;

describe("sim.slackbot", () => {
  it("lists the tools with every request signed as Slack signs (v0 over the raw body)", async () => {
    const { sim, mcp } = await setUp();
    const tools = await sim.slackbot.listTools({ user: "U0ALICE" });
    expect(tools.map((tool) => tool.name)).toEqual(["whoami"]);
    const posts = mcp.seen.filter((request) => request.method !== "GET");
    expect(posts.map((request) => request.method)).toEqual(["initialize", "notifications/initialized", "tools/list"]);
    for (const request of posts) {
      expect(request.valid).toBe(true);
      const timestamp = String(request.headers["x-slack-request-timestamp"]);
      expect(request.headers["x-slack-signature"]).toBe(signSlackRequest(SECRET, timestamp, request.body));
    }
  });

  it("names the person in the tool call's params._meta.slack, with the sim's team by default", async () => {
    const { sim } = await setUp();
    const alice = await sim.slackbot.callTool({ user: "U0ALICE", name: "whoami" });
    expect(JSON.parse(textOf(alice))).toEqual({ user_id: "U0ALICE", team_id: SIM_WORKSPACE.teamId });
    const grid = await sim.slackbot.callTool({ user: "W0BOB", team: "T0OTHER", enterprise: "E0ORG", name: "whoami" });
    expect(JSON.parse(textOf(grid))).toEqual({ user_id: "W0BOB", team_id: "T0OTHER", enterprise_id: "E0ORG" });
  });

  it("passes the server's progress notifications to onProgress", async () => {
    const { sim } = await setUp();
    const progress: { progress: number; message?: string }[] = [];
    const outcome = await sim.slackbot.callTool({
      user: "U0ALICE",
      name: "whoami",
      onProgress: (update) => progress.push(update),
    });
    expect(outcome.ok).toBe(true);
    expect(progress).toEqual([{ progress: 50, total: 100, message: "half" }]);
  });

  it("sends a tool call unsigned or forged when asked, and reports the server's HTTP refusal", async () => {
    const { sim, mcp } = await setUp();
    const unsigned = await sim.slackbot.callTool({ user: "U0ALICE", name: "whoami", signing: "unsigned" });
    expect(unsigned).toEqual({ ok: false, status: 401, error: "Invalid request" });
    const call = mcp.seen.findLast((request) => request.method === "tools/call");
    expect(call?.headers["x-slack-signature"]).toBeUndefined();
    // The handshake before it was signed as Slack signs: only the tool call was not.
    expect(mcp.seen.find((request) => request.method === "initialize")?.valid).toBe(true);

    const forged = await sim.slackbot.callTool({ user: "U0ALICE", name: "whoami", signing: { secret: "not-it" } });
    expect(forged).toMatchObject({ ok: false, status: 401 });
    expect(mcp.seen.findLast((request) => request.method === "tools/call")?.valid).toBe(false);
  });

  it("replays the last tool call byte for byte: same body, same signature, same timestamp", async () => {
    const { sim, mcp } = await setUp();
    await sim.slackbot.callTool({ user: "U0ALICE", name: "whoami" });
    const original = mcp.seen.findLast((request) => request.method === "tools/call");
    const replay = await sim.slackbot.replayLastCall();
    expect(replay.status).toBe(200); // this server keeps no seen-set: it accepts the replay
    const again = mcp.seen.at(-1);
    expect(again?.body).toBe(original?.body);
    expect(again?.headers["x-slack-signature"]).toBe(original?.headers["x-slack-signature"]);
    expect(again?.headers["x-slack-request-timestamp"]).toBe(original?.headers["x-slack-request-timestamp"]);
    expect(sim.slackbot.requests().filter((request) => request.body === original?.body)).toHaveLength(1);
  });

  it("sends the same call twice as two requests, not one replayed: its connection's ids go on counting", async () => {
    const { sim, mcp } = await setUp();
    const call = { user: "U0ALICE", name: "whoami" };
    expect((await sim.slackbot.callTool(call)).ok).toBe(true);
    expect((await sim.slackbot.callTool(call)).ok).toBe(true);
    const calls = mcp.seen.filter((request) => request.method === "tools/call");
    expect(calls).toHaveLength(2);
    expect(calls[0]?.body).not.toBe(calls[1]?.body);
    expect(calls[0]?.headers["x-slack-signature"]).not.toBe(calls[1]?.headers["x-slack-signature"]);
    // One handshake for both: Slackbot keeps its connection between calls.
    expect(mcp.seen.filter((request) => request.method === "initialize")).toHaveLength(1);
  });

  it("refuses to replay before any tool call was sent", async () => {
    const { sim } = await setUp();
    await expect(sim.slackbot.replayLastCall()).rejects.toThrow(/no tool call was sent yet/);
  });
});

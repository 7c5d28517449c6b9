// Every tool over Streamable HTTP, with the SDK's own Client, against the sandbox: results, refusals an agent can
// read, and a wait that the client cancels. The poller runs on a manual clock that moves the sandbox's with it
// (support/sandbox.ts), so a wait takes no real 5 s polls.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { SANDBOX_KEYS } from "@studio-kit/sandbox";
import { describe, expect, it } from "vitest";
import {
  createClientBackend,
  createStudioMcpServer,
  STUDIO_TOOL_NAMES,
  type StudioMcpServerOptions,
  type StudioToolBackend,
  StudioToolRefusal,
} from "../src/index.js";
import { eventually } from "./support/eventually.js";
import { connectHttp } from "./support/http.js";
import { drive, POOR_KEY, startTestApi, type TestApi } from "./support/sandbox.js";

// biome-ignore lint/suspicious/noExplicitAny: structuredContent read as the JSON it is, checked by each expectation
type Data = Record<string, any>;

async function setUp(
  options: StudioMcpServerOptions & { key?: string; wrap?: (backend: StudioToolBackend) => StudioToolBackend } = {},
) {
  const api = await startTestApi();
  const client = api.client(options.key);
  const backend = createClientBackend(client, { poller: options.key ? undefined : api.poller });
  const wrapped = options.wrap ? options.wrap(backend) : backend;
  const { client: mcp } = await connectHttp(() => createStudioMcpServer(wrapped, options));
  return { api, mcp };
}

async function call(mcp: Client, name: string, args: Data = {}) {
  const result = (await mcp.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content.map((part) => (part.type === "text" ? part.text : "")).join("");
  return { result, text, data: (result.structuredContent ?? {}) as Data };
}

const generated = (api: TestApi) => api.operations().GenerateImage ?? 0;

describe("the studio's tools over Streamable HTTP", () => {
  it("lists every tool, the generations marked as spending and the reads as read-only", async () => {
    const { mcp } = await setUp();
    const { tools } = await mcp.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([...STUDIO_TOOL_NAMES]);
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
    for (const name of ["generate_image", "generate_video", "generate_music", "generate_voice"]) {
      expect(byName[name]?.annotations).toMatchObject({
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
      });
      expect(byName[name]?.description).toMatch(/Spends credits/);
    }
    for (const name of [
      "job_status",
      "get_credits",
      "list_models",
      "list_presets",
      "search_library",
      "list_boards",
      "board_cards",
    ]) {
      expect(byName[name]?.annotations?.readOnlyHint).toBe(true);
    }
    expect(byName.add_to_board?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(Object.keys(byName.generate_image?.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(["prompt", "count", "ratio", "model", "presets", "board", "wait", "confirmCredits"]),
    );
    expect(byName.generate_image?.outputSchema?.properties).toHaveProperty("estimate");
  });

  it("generate_image queues one job and says its cost; job_status reads it back", async () => {
    const { api, mcp } = await setUp();
    const { result, text, data } = await call(mcp, "generate_image", { prompt: "a red fox on snow", count: 2 });
    expect(result.isError).toBeFalsy();
    expect(data.estimate).toMatchObject({ cost: 8, available: 470 });
    expect(text).toContain("about 8 credits");
    expect(data.waited).toBe(false);
    expect(data.job.records).toHaveLength(2);
    expect(generated(api)).toBe(1);

    const status = await call(mcp, "job_status", { jobId: data.job.jobId });
    expect(status.result.isError).toBeFalsy();
    expect(status.data.job.records.map((r: Data) => r.id)).toEqual(data.job.records.map((r: Data) => r.id));
    expect(status.data.done).toBe(false);
  });

  it("with wait, reports progress while it polls and returns the finished records", async () => {
    const { api, mcp } = await setUp();
    const progress: number[] = [];
    const call = mcp.callTool({ name: "generate_image", arguments: { prompt: "a fox", wait: true } }, undefined, {
      onprogress: (update) => progress.push(update.progress),
    });
    const result = (await drive(api.clock, call)) as CallToolResult;
    const data = result.structuredContent as Data;
    expect(result.isError).toBeFalsy();
    expect(data).toMatchObject({ waited: true, done: true });
    expect(data.job.records[0].status).toBe("COMPLETED");
    // Queued (0), then what each poll read, rising: the sandbox's 12 s job is read at 5 s and 15 s.
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress[0]).toBe(0);
    expect(generated(api)).toBe(1);
  });

  it("with a board, waits and puts the results on it, as --board does", async () => {
    const { api, mcp } = await setUp();
    const done = (await drive(
      api.clock,
      mcp.callTool({ name: "generate_image", arguments: { prompt: "spring banner", board: "Spring campaign" } }),
    )) as CallToolResult;
    const data = done.structuredContent as Data;
    expect(data.board).toMatchObject({ title: "Spring campaign", created: false, added: 1 });
    const cards = await call(mcp, "board_cards", { board: "spring campaign" });
    expect(cards.data.cards.map((card: Data) => card.assetId)).toContain(data.job.records[0].id);
  });

  it("brand: true sends the prompt with the workspace's brand summary after it, as --brand does", async () => {
    const { api, mcp } = await setUp();
    const { result, text } = await call(mcp, "generate_image", { prompt: "a tent at dawn", brand: true });
    expect(result.isError, text).toBeFalsy();
    const [sent] = api.server.sandbox.requests().filter((r) => r.operation === "GenerateImage");
    expect(String(sent?.variables?.prompt)).toMatch(/^a tent at dawn, in the style of /);
  });

  it("generates a video, music and a voiceover, each with its cost", async () => {
    const { api, mcp } = await setUp({ confirmAboveCredits: 100 });
    for (const [name, args] of [
      ["generate_video", { prompt: "waves at night", duration: 5 }],
      ["generate_music", { prompt: "calm piano", instrumental: true }],
      ["generate_voice", { script: "Welcome to the spring sale." }],
    ] as const) {
      const { result, data, text } = await call(mcp, name, args);
      expect(result.isError, text).toBeFalsy();
      expect(data.estimate.cost).toBeGreaterThan(0);
      expect(text).toContain(`about ${data.estimate.cost} credits`);
      expect(data.job.records).toHaveLength(1);
    }
    const ops = api.operations();
    expect([ops.GenerateVideo, ops.GenerateMusicTrack, ops.GenerateVoiceover]).toEqual([1, 1, 1]);
  });

  it("reads credits, models, presets, the library and boards", async () => {
    const { mcp } = await setUp();
    expect((await call(mcp, "get_credits")).data).toMatchObject({ available: 470, balance: 400 });
    const models = (await call(mcp, "list_models", { role: "image" })).data.models as Data[];
    expect(models.find((m) => m.isDefault)).toMatchObject({ id: "img-aurora-2", estimatedCredits: 4 });
    expect(models.every((m) => m.role === "image")).toBe(true);
    const presets = (await call(mcp, "list_presets")).data.presets as Data[];
    expect(presets.length).toBeGreaterThan(0);
    expect(presets[0]).toHaveProperty("slug");
    const assets = (await call(mcp, "search_library", { types: ["image"], limit: 3 })).data.assets as Data[];
    expect(assets.length).toBeGreaterThan(0);
    expect(assets.length).toBeLessThanOrEqual(3);
    expect(assets.every((a) => a.type === "image")).toBe(true);
    const boards = (await call(mcp, "list_boards")).data.boards as Data[];
    expect(boards.map((b) => b.title)).toContain("Spring campaign");
  });

  it("creates a board and adds library assets to it", async () => {
    const { mcp } = await setUp();
    const created = await call(mcp, "create_board", { title: "Agent picks" });
    expect(created.data.board.title).toBe("Agent picks");
    const [asset] = (await call(mcp, "search_library", { types: ["image"], limit: 1 })).data.assets as Data[];
    const added = await call(mcp, "add_to_board", {
      board: "Agent picks",
      assets: [{ assetType: "image", assetId: asset?.id }],
    });
    expect(added.result.isError, added.text).toBeFalsy();
    expect(added.data.cardIds).toHaveLength(1);
    const cards = await call(mcp, "board_cards", { board: created.data.board.id });
    expect(cards.data.cards).toHaveLength(1);
    expect(cards.text).toContain(asset?.id);
  });
});

describe("refusals are tool errors an agent can read", () => {
  const refused = (result: { result: CallToolResult; data: Data }, code: string) => {
    expect(result.result.isError).toBe(true);
    expect(result.data.error.code).toBe(code);
    return result.data.error as Data;
  };

  it("bad input: the grammar's own message (as the bot and the CLI say it), nothing sent", async () => {
    const { api, mcp } = await setUp();
    const count = refused(await call(mcp, "generate_image", { prompt: "a fox", count: 7 }), "invalid_input");
    expect(count.message).toContain("`--count` is from 1 to 4 images per request (got 7).");
    expect(count.message).toContain("Nothing was generated and no credits were spent.");
    const whole = refused(await call(mcp, "generate_image", { prompt: "a fox", count: 2.5 }), "invalid_input");
    expect(whole.message).toBe("`--count` takes a whole number, such as `--count 2` (got `2.5`).");
    const model = refused(await call(mcp, "generate_image", { prompt: "a fox", model: "nope" }), "invalid_input");
    expect(model.message).toContain("`studio models image` lists the image models");
    refused(await call(mcp, "generate_voice", { script: "  " }), "invalid_input");
    // A value of the wrong type is refused by the SDK's schema check, as a tool error too.
    const typed = await call(mcp, "generate_image", { prompt: "a fox", count: "two" });
    expect(typed.result.isError).toBe(true);
    expect(typed.text).toMatch(/count/);
    expect(generated(api)).toBe(0);
  });

  it("no credits: refused with the cost and what is available, nothing sent", async () => {
    const { api, mcp } = await setUp({ key: POOR_KEY });
    const error = refused(await call(mcp, "generate_image", { prompt: "a fox" }), "insufficient_credits");
    expect(error).toMatchObject({ cost: 4, available: 3 });
    expect(error.message).toMatch(
      /^Not enough credits: this costs about 4 and 3 are available.*Nothing was generated\.$/,
    );
    expect(generated(api)).toBe(0);
  });

  it("access denied: a read-only key's generation is refused and spends nothing", async () => {
    const { api, mcp } = await setUp({ key: SANDBOX_KEYS.readOnly });
    const error = refused(await call(mcp, "generate_image", { prompt: "a fox" }), "access_denied");
    expect(error.message).toMatch(/Nothing was generated\.$/);
    expect(error.message).not.toContain(SANDBOX_KEYS.readOnly);
    expect((await call(mcp, "get_credits")).data.available).toBe(470);
    expect(api.server.sandbox.requests().filter((r) => r.operation === "GenerateImage" && r.applied)).toEqual([]);
  });

  it("access denied and quota reached from a backend's own rules reach the agent as they are", async () => {
    for (const code of ["access_denied", "quota_reached"] as const) {
      const { api, mcp } = await setUp({
        wrap: (backend) => ({
          ...backend,
          prepareGeneration: async () => {
            throw new StudioToolRefusal(code, `Refused by the test's rule (${code}).`, { retryAt: "15:00" });
          },
        }),
      });
      const error = refused(await call(mcp, "generate_music", { prompt: "piano" }), code);
      expect(error).toMatchObject({ message: `Refused by the test's rule (${code}).`, retryAt: "15:00" });
      expect(api.operations().GenerateMusicTrack ?? 0).toBe(0);
    }
  });

  it("above the threshold, without elicitation: refused with the cost, then sent once with confirmCredits", async () => {
    const { api, mcp } = await setUp({ confirmAboveCredits: 5 });
    const error = refused(await call(mcp, "generate_image", { prompt: "a fox", count: 2 }), "confirmation_required");
    expect(error).toMatchObject({ cost: 8, threshold: 5, confirmWith: { confirmCredits: 8 } });
    expect(error.message).toContain("call again with confirmCredits: 8");
    const short = refused(
      await call(mcp, "generate_image", { prompt: "a fox", count: 2, confirmCredits: 4 }),
      "confirmation_required",
    );
    expect(short.message).toContain("confirmCredits 4 is less than the cost");
    expect(generated(api)).toBe(0);
    const confirmed = await call(mcp, "generate_image", { prompt: "a fox", count: 2, confirmCredits: 8 });
    expect(confirmed.result.isError).toBeFalsy();
    expect(generated(api)).toBe(1);
  });

  it("not found: an unknown job or board", async () => {
    const { mcp } = await setUp();
    refused(await call(mcp, "job_status", { jobId: "nonsense" }), "not_found");
    refused(await call(mcp, "job_status", { jobId: "image:image:img_nope" }), "not_found");
    const board = refused(await call(mcp, "board_cards", { board: "No such board" }), "not_found");
    expect(board.message).toContain('Boards: "Trail boot launch", "Spring campaign"');
  });

  it("an unexpected error is 'internal', without its message", async () => {
    const { mcp } = await setUp({
      wrap: (backend) => ({
        ...backend,
        credits: async () => {
          throw new Error(`boom at https://cdn.test/x.png?signature=abc with ${SANDBOX_KEYS.readWrite}`);
        },
      }),
    });
    const { result, text } = await call(mcp, "get_credits");
    expect(result.isError).toBe(true);
    expect(text).not.toMatch(/signature|sk_sandbox|boom/);
    expect((result.structuredContent as Data).error.code).toBe("internal");
  });
});

describe("a wait the client cancels", () => {
  it("stops polling at once and never sends the generation again", async () => {
    const { api, mcp } = await setUp();
    const abort = new AbortController();
    let progressed = 0;
    const waiting = mcp.callTool({ name: "generate_image", arguments: { prompt: "a fox", wait: true } }, undefined, {
      signal: abort.signal,
      onprogress: () => void progressed++,
    });
    waiting.catch(() => undefined);
    // Queued: the first progress came, and the poller sleeps until its first poll.
    await eventually(() => expect(progressed).toBeGreaterThan(0));
    await eventually(() => expect(api.clock.pending()).toBeGreaterThan(0));
    abort.abort();
    await expect(waiting).rejects.toThrow();
    // The server saw the connection close and aborted the wait: the poller's sleep is gone.
    await eventually(() => expect(api.clock.pending()).toBe(0));
    const polls = api.operations().PollStatuses ?? 0;
    api.clock.advance(120_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.operations().PollStatuses ?? 0).toBe(polls);
    expect(generated(api)).toBe(1);
  });
});

describe("the HTTP handler", () => {
  it("refuses what it does not serve before any server sees it: a foreign Origin, a GET, a body that is not JSON", async () => {
    let made = 0;
    const { url } = await connectHttp(() => {
      made += 1;
      return { status: 401, message: "Unauthorized: sign the request." };
    });
    const initialize = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    });
    const post = (body: string, headers: Record<string, string> = {}) =>
      fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
        body,
      });
    const connecting = made; // the Client's own initialize, refused
    const foreign = await post(initialize, { origin: "http://evil.example" });
    expect(foreign.status).toBe(403);
    expect((await fetch(url)).status).toBe(405);
    expect((await post("{not json")).status).toBe(400);
    expect(made).toBe(connecting);
    // serverFor's refusal is the answer, as a JSON-RPC error.
    const refused = await post(initialize);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: { message: "Unauthorized: sign the request." } });
    expect(made).toBe(connecting + 1);
  });
});

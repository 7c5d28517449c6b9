// `studio mcp` as a desktop or editor agent starts it: a process of its own, spoken to over stdio by the SDK's own
// Client (StdioClientTransport). With --sandbox it needs no key; with --key and --base-url it acts on a sandbox
// server started here, whose requests the test can read.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { createRealTimeClock, SANDBOX_KEYS, type SandboxServer, startSandboxServer } from "@studio-kit/sandbox";
import { afterEach, describe, expect, it } from "vitest";
import { STUDIO_TOOL_NAMES } from "../src/index.js";
import { eventually } from "./support/eventually.js";
import { POOR_KEY } from "./support/sandbox.js";
import { connectStdio, REFUSING_SERVER } from "./support/stdio.js";

// biome-ignore lint/suspicious/noExplicitAny: structuredContent read as the JSON it is, checked by each expectation
type Data = Record<string, any>;

const servers: SandboxServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A sandbox server on real time (the child's poller waits its real 5 s), with the poor workspace of the HTTP tests. */
async function sandbox(jobMs: number) {
  const server = await startSandboxServer({
    port: 0,
    jobMs,
    clock: createRealTimeClock(),
    config: { workspaces: [{ id: "ws_mcp_poor", seeded: true, credits: 3, keys: [{ key: POOR_KEY }] }] },
  });
  servers.push(server);
  const args = (key: string) => ["--key", key, "--base-url", server.url];
  return { server, args, operations: () => server.sandbox.stats().operations };
}

async function call(client: Awaited<ReturnType<typeof connectStdio>>["client"], name: string, args: Data = {}) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content.map((part) => (part.type === "text" ? part.text : "")).join("");
  return { result, text, data: (result.structuredContent ?? {}) as Data };
}

describe("studio mcp --sandbox over stdio", () => {
  // A wait is the poller's first 5 s tick in real time (the spec's polling rule), plus the child's start.
  it("lists every tool and runs each, with nothing but the protocol on stdout", { timeout: 60_000 }, async () => {
    const { client, stderr, errors } = await connectStdio(["--sandbox"]);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([...STUDIO_TOOL_NAMES]);

    expect((await call(client, "get_credits")).data.available).toBe(470);
    expect((await call(client, "list_models", { role: "voice" })).data.models.length).toBeGreaterThan(0);
    expect((await call(client, "list_presets")).data.presets.length).toBeGreaterThan(0);
    const [asset] = (await call(client, "search_library", { types: ["image"], limit: 1 })).data.assets;
    expect((await call(client, "list_boards")).data.boards.length).toBeGreaterThan(0);
    const board = (await call(client, "create_board", { title: "From an agent" })).data.board;
    expect(
      (await call(client, "add_to_board", { board: board.id, assets: [{ assetType: "image", assetId: asset.id }] }))
        .data.cardIds,
    ).toHaveLength(1);
    expect((await call(client, "board_cards", { board: "From an agent" })).data.cards).toHaveLength(1);

    for (const [name, args] of [
      ["generate_video", { prompt: "waves at night" }],
      ["generate_music", { prompt: "calm piano", instrumental: true }],
      ["generate_voice", { script: "Welcome to the spring sale." }],
    ] as const) {
      const queued = await call(client, name, { ...args, confirmCredits: 100 });
      expect(queued.result.isError, queued.text).toBeFalsy();
      expect(queued.data.job.records[0].status).toBe("QUEUED");
    }
    const progress: string[] = [];
    const waited = (await client.callTool(
      { name: "generate_image", arguments: { prompt: "a red fox on snow", wait: true, board: "From an agent" } },
      undefined,
      { onprogress: (update) => progress.push(update.message ?? "") },
    )) as CallToolResult;
    const data = waited.structuredContent as Data;
    expect(data).toMatchObject({ waited: true, done: true, estimate: { cost: 4 }, board: { added: 1 } });
    expect(progress[0]).toMatch(/^job image:image:img_\w+ queued$/);
    expect((await call(client, "job_status", { jobId: data.job.jobId })).data.done).toBe(true);
    // A line on stdout that is not JSON-RPC would reach the client as a parse error.
    expect(errors).toEqual([]);
    expect(stderr()).toContain("serving the studio's tools on stdio (sandbox)");
  });

  it("refuses bad input with the grammar's message", async () => {
    const { client } = await connectStdio(["--sandbox"]);
    const { result, data } = await call(client, "generate_image", { prompt: "a fox", ratio: "wide" });
    expect(result.isError).toBe(true);
    expect(data.error.code).toBe("invalid_input");
    expect(data.error.message).toContain("`--ratio`");
  });
});

describe("studio mcp with a key, over stdio", () => {
  it("no credits and a read-only key are refused as tool errors, and nothing is generated", async () => {
    const api = await sandbox(1000);
    const poor = await connectStdio(api.args(POOR_KEY));
    const short = await call(poor.client, "generate_image", { prompt: "a fox" });
    expect(short.data.error).toMatchObject({ code: "insufficient_credits", cost: 4, available: 3 });
    const readOnly = await connectStdio(api.args(SANDBOX_KEYS.readOnly));
    const denied = await call(readOnly.client, "generate_image", { prompt: "a fox" });
    expect(denied.data.error.code).toBe("access_denied");
    expect(denied.text).not.toContain(SANDBOX_KEYS.readOnly);
    expect(api.server.sandbox.requests().filter((r) => r.operation === "GenerateImage" && r.applied)).toEqual([]);
  });

  it("quota reached and access denied by a server's own rules reach the agent as tool errors", async () => {
    const api = await sandbox(1000);
    for (const code of ["quota_reached", "access_denied"] as const) {
      const { client } = await connectStdio([code, api.server.url, SANDBOX_KEYS.readWrite], {
        script: REFUSING_SERVER,
      });
      const { result, data, text } = await call(client, "generate_voice", { script: "Hello there." });
      expect(result.isError).toBe(true);
      expect(data.error).toMatchObject({ code, message: `Refused by this server's rule (${code}).`, retryAt: "15:00" });
      expect(text).toBe(`Refused by this server's rule (${code}). (${code})`);
    }
    expect(api.operations().GenerateVoiceover ?? 0).toBe(0);
  });

  it("above the threshold asks the person (elicitation): declined sends nothing, accepted sends once", async () => {
    const api = await sandbox(1000);
    const answers = ["decline", "accept"] as const;
    const asked: string[] = [];
    const { client } = await connectStdio(api.args(SANDBOX_KEYS.readWrite), {
      env: { CREDITS_CONFIRM_THRESHOLD: "0" },
      client: { capabilities: { elicitation: { form: {} } } },
    });
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(request.params.message);
      const action = answers[asked.length - 1] ?? "decline";
      return action === "accept" ? { action, content: { confirm: true } } : { action };
    });
    const declined = await call(client, "generate_image", { prompt: "a fox", count: 2 });
    expect(declined.data.error).toMatchObject({ code: "not_confirmed", cost: 8 });
    expect(api.operations().GenerateImage ?? 0).toBe(0);
    const accepted = await call(client, "generate_image", { prompt: "a fox", count: 2 });
    expect(accepted.result.isError, accepted.text).toBeFalsy();
    expect(asked).toEqual([
      '2 images of "a fox" (img-aurora-2) will spend about 8 credits (of 470 available). Go ahead?',
      '2 images of "a fox" (img-aurora-2) will spend about 8 credits (of 470 available). Go ahead?',
    ]);
    expect(api.operations().GenerateImage).toBe(1);
  });

  // Two waits of the poller's real first tick (5 s) in a child process.
  it("a cancelled wait is polled no more and not sent again", { timeout: 60_000 }, async () => {
    const api = await sandbox(120_000);
    const { client } = await connectStdio(api.args(SANDBOX_KEYS.readWrite));
    const wait = (signal: AbortSignal, queued: (jobId: string) => void) =>
      client
        .callTool({ name: "generate_image", arguments: { prompt: "a fox", wait: true } }, undefined, {
          signal,
          onprogress: (update) => {
            const jobId = /^job (\S+) queued$/.exec(update.message ?? "")?.[1];
            if (jobId) queued(jobId);
          },
        })
        .catch((error: unknown) => error);
    const first = new AbortController();
    let cancelled = "";
    const stopped = wait(first.signal, (jobId) => {
      cancelled = jobId;
      first.abort();
    });
    expect(await stopped).toBeInstanceOf(Error);
    expect(cancelled).toMatch(/^image:image:img_/);
    // A second wait: its first poll (5 s on) would carry the first id too, had that wait not stopped.
    const second = new AbortController();
    let kept = "";
    const polling = wait(second.signal, (jobId) => {
      kept = jobId;
    });
    const polls = await eventually(() => {
      const found = api.server.sandbox.requests().filter((r) => r.operation === "PollStatuses");
      expect(found.length).toBeGreaterThan(0);
      return found;
    });
    second.abort();
    await polling;
    const polled = polls.flatMap((poll) => Object.values(poll.variables ?? {}));
    expect(polled).toContain(kept.split(":")[2]);
    expect(polled).not.toContain(cancelled.split(":")[2]);
    expect(api.operations().GenerateImage).toBe(2);
  });
});

// What an agent sends that a person would not: values of the wrong JSON type, options a tool does not take, an empty
// or over-long board on a generation, control characters and bidi overrides in what is echoed back; and what a
// person is told before spending. Over Streamable HTTP with the SDK's own Client (support/http.ts), and in-process
// for elicitation (a stateless HTTP server cannot ask the client anything).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { type CallToolResult, ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { createClientBackend, createStudioMcpServer, type StudioMcpServerOptions } from "../src/index.js";
import { connectHttp } from "./support/http.js";
import { startTestApi } from "./support/sandbox.js";

// biome-ignore lint/suspicious/noExplicitAny: structuredContent read as the JSON it is, checked by each expectation
type Data = Record<string, any>;

async function setUp(options: StudioMcpServerOptions = {}) {
  const api = await startTestApi();
  const backend = createClientBackend(api.client(), { poller: api.poller });
  const { client: mcp, url } = await connectHttp(() => createStudioMcpServer(backend, options));
  const call = async (name: string, args: Data = {}) => {
    const result = (await mcp.callTool({ name, arguments: args })) as CallToolResult;
    const text = result.content.map((part) => (part.type === "text" ? part.text : "")).join("");
    return { result, text, data: (result.structuredContent ?? {}) as Data };
  };
  return { api, mcp, url, call };
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROLS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;

describe("input the schema refuses is an invalid_input refusal naming the field", () => {
  it("a wrong type, a missing field or an option the tool does not take: the code, the field and the fix, nothing sent", async () => {
    const { api, call } = await setUp();
    const cases: [string, Data, string][] = [
      ["generate_image", { prompt: "a fox", count: "2" }, '`count` takes a number (got the text "2").'],
      ["generate_image", {}, "`prompt` is required."],
      ["generate_image", { prompt: "a fox", seed: 7 }, "There is no option `seed`: this tool takes prompt, ratio,"],
      ["generate_voice", { prompt: "Hello" }, "`script` is required. There is no option `prompt`"],
      ["generate_image", { prompt: "a fox", wait: "yes" }, '`wait` takes true or false (got the text "yes").'],
    ];
    for (const [name, args, words] of cases) {
      const { result, data, text } = await call(name, args);
      expect(result.isError, text).toBe(true);
      expect(data.error.code).toBe("invalid_input");
      expect(data.error.message).toContain(words);
      expect(data.error.message).toMatch(/Nothing was generated and no credits were spent\.$/);
      expect(data.error.problems.length).toBeGreaterThan(0);
      expect(text).not.toMatch(/MCP error|Input validation error/);
    }
    const role = await call("list_models", { role: "avatar" });
    expect(role.data.error).toMatchObject({ code: "invalid_input" });
    expect(role.data.error.message).toContain('`role` is one of image, video, music, voice (got the text "avatar").');
    const title = await call("create_board", { title: "   " });
    expect(title.data.error.message).toContain("`title` cannot be empty.");
    const assets = await call("add_to_board", { board: "Spring campaign", assets: [] });
    expect(assets.data.error.message).toContain("`assets` needs at least 1 item.");
    const id = await call("add_to_board", { board: "Spring campaign", assets: [{ assetType: "image" }] });
    expect(id.data.error.message).toContain("`assets[0].assetId` is required.");
    const none = await call("get_credits", { verbose: true });
    expect(none.data.error.message).toContain("There is no option `verbose`: this tool takes none.");
    const ops = api.operations();
    expect([ops.GenerateImage, ops.GenerateVoiceover, ops.CreateStudioSession, ops.CreateCanvasCards]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it("tools/list still gives each field's type and bounds, the required fields and no other option", async () => {
    const { mcp } = await setUp();
    const { tools } = await mcp.listTools();
    const image = tools.find((tool) => tool.name === "generate_image")?.inputSchema as Data;
    expect(image.required).toEqual(["prompt"]);
    expect(image.additionalProperties).toBe(false);
    expect(image.properties.count).toMatchObject({ type: "number", description: expect.stringContaining("1 to 4") });
    expect(image.properties.board).toMatchObject({ type: "string", minLength: 1, maxLength: 200 });
    expect(image.properties.presets).toMatchObject({ type: "array", items: { type: "string" } });
    const models = tools.find((tool) => tool.name === "list_models")?.inputSchema as Data;
    expect(models.properties.role.enum).toEqual(["image", "video", "music", "voice"]);
    expect(models.required ?? []).toEqual([]);
  });

  it("a generation's board that is empty or longer than create_board takes is refused before anything is generated", async () => {
    const { api, call } = await setUp();
    for (const board of ["", "   ", "y".repeat(201)]) {
      const { data } = await call("generate_image", { prompt: "a fox", board });
      expect(data.error.code).toBe("invalid_input");
      expect(data.error.message).toMatch(/`board` (cannot be empty|is at most 200 characters \(got 201\))\./);
    }
    expect(api.operations().GenerateImage ?? 0).toBe(0);
    expect(api.operations().CreateStudioSession ?? 0).toBe(0);
  });

  it("a job id of more records than one generation makes is not found, and nothing is read for it", async () => {
    const { api, call } = await setUp();
    const ids = Array.from({ length: 5 }, (_, i) => `img_${i}`).join(",");
    const { data } = await call("job_status", { jobId: `image:image:${ids}` });
    expect(data.error.code).toBe("not_found");
    expect(api.operations().Image ?? 0).toBe(0);
  });
});

describe("what the tools say back", () => {
  it("echoes titles, queries and made-up values without control characters or bidi overrides", async () => {
    const { call } = await setUp();
    const title = "Evil \u202egnp.exe\u202c \u001b[2J\u0007 board\n\nsecond line";
    const created = await call("create_board", { title });
    expect(created.data.board.title).toBe(title);
    expect(created.text).toContain('"Evil gnp.exe  board  second line"');
    for (const { text, data } of [
      created,
      await call("list_boards"),
      await call("board_cards", { board: "\u202eNo such board" }),
      await call("search_library", { query: "zz\u202eqq\u001b[31m" }),
      await call("generate_image", { prompt: "a fox", model: "\u202enope" }),
      await call("job_status", { jobId: "\u202eimage:x" }),
    ]) {
      expect(text).not.toMatch(CONTROLS);
      if (data.error) expect(data.error.message).not.toMatch(CONTROLS);
    }
  });

  it("a generation states its cost and about what it leaves; one credit reads as one", async () => {
    const { call } = await setUp();
    const { text } = await call("generate_image", { prompt: "a fox", count: 2 });
    expect(text).toContain("(about 8 credits, leaving about 462 credits)");
    const models = await call("list_models", { role: "image" });
    expect(models.text).toContain("img-aurora-2-fast, about 1 credit\n");
  });

  it("the person asked to confirm is told what would be generated, not only its cost", async () => {
    const api = await startTestApi();
    const server = createStudioMcpServer(createClientBackend(api.client(), { poller: api.poller }), {
      confirmAboveCredits: 5,
    });
    const client = new Client({ name: "t", version: "1" }, { capabilities: { elicitation: { form: {} } } });
    const asked: string[] = [];
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(request.params.message);
      return { action: "decline" };
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await client.connect(clientSide);
    try {
      const declined = (await client.callTool({
        name: "generate_image",
        arguments: { prompt: "spring \u202ebanner", count: 2 },
      })) as CallToolResult;
      expect((declined.structuredContent as Data).error.code).toBe("not_confirmed");
      const video = (await client.callTool({
        name: "generate_video",
        arguments: { prompt: "waves at night" },
      })) as CallToolResult;
      expect(video.isError).toBe(true);
      expect(asked).toEqual([
        '2 images of "spring banner" (img-aurora-2) will spend about 8 credits (of 470 available). Go ahead?',
        'A video of "waves at night" (vid-tide-1) will spend about 20 credits (of 470 available). Go ahead?',
      ]);
      expect(api.operations().GenerateImage ?? 0).toBe(0);
    } finally {
      await client.close();
    }
  });
});

describe("the HTTP handler", () => {
  it("closes the connection of a body too large, so the client's next requests go through", async () => {
    const { url } = await setUp();
    const post = (body: string) =>
      fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
        body,
      });
    const big = await post(JSON.stringify({ padding: "a".repeat(2 * 1024 * 1024) }));
    expect(big.status).toBe(413);
    expect(big.headers.get("connection")).toBe("close");
    await big.text();
    const list = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    for (let i = 0; i < 3; i += 1) expect((await post(list)).status).toBe(200);
  });
});

describe("a job queued where the studio has not taken it yet", () => {
  it("says it is queued and how to follow it, with no empty list of records", async () => {
    const api = await startTestApi();
    const real = createClientBackend(api.client(), { poller: api.poller });
    // A backend that queues before the studio has the job (the bot's queue does): no records yet.
    const queued = {
      ...real,
      startGeneration: async () => ({
        jobId: "job_queued_1",
        kind: "image" as const,
        records: [],
        estimatedCredits: 4,
      }),
    };
    const { client: mcp } = await connectHttp(() => createStudioMcpServer(queued));
    const result = (await mcp.callTool({
      name: "generate_image",
      arguments: { prompt: "a teal teapot" },
    })) as CallToolResult;
    const text = result.content.map((part) => (part.type === "text" ? part.text : "")).join("");
    expect(result.isError).toBeFalsy();
    expect(text).toMatch(
      /^Queued image job job_queued_1 \(about 4 credits[^)]*\)\. job_status with jobId "job_queued_1"/,
    );
    expect(text).not.toContain("): .");
  });
});

// The "run a workflow step" endpoints against the real bot and slack-sim (no browser): the steps are the bot's
// manifest `functions`, a run is slack-sim's function_executed answered by the bot's functions.completeSuccess or
// completeError (decision 0022), and the form's mistakes are refused before anything runs, naming the field.
import { readFileSync } from "node:fs";
import { createBoard, createStudioClient } from "@studio-kit/core";
import { SANDBOX_KEYS } from "@studio-kit/sandbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WorkflowRunAnswer, WorkflowRuns, WorkflowStepView } from "../src/shared/api.js";
import { blocksOf, type Driver, eventually, startDriver } from "./support/playground.js";

const ALICE = "U0ALICE";
const GENERAL = "C0GENERAL";
const MANIFEST = JSON.parse(readFileSync(new URL("../../slack-bot/manifest.json", import.meta.url), "utf8")) as {
  functions: Record<string, { title: string }>;
};

let driver: Driver;
// Only Alice may generate, so a run as Bob is refused by the access rules.
beforeAll(async () => {
  driver = await startDriver({ env: { STUDIO_ALLOWED_USERS: ALICE } });
  // The driver starts the sandbox, the bot and the page server in this process: over the 10 s hook default on a
  // machine with both cores busy.
}, 30_000);
afterAll(() => driver?.close());

const run = (step: string, inputs: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  driver.api<WorkflowRunAnswer & { error?: string; message?: string }>("/api/workflow/run", { step, inputs, ...extra });
const executions = () => driver.playground.sim.functionExecutions();

describe("GET /api/workflow/steps", () => {
  it("lists the bot's manifest steps with their inputs (types, titles, required) and outputs", async () => {
    const { status, body } = await driver.api<WorkflowStepView[]>("/api/workflow/steps");
    expect(status).toBe(200);
    expect(body.map((step) => step.callbackId)).toEqual(Object.keys(MANIFEST.functions));
    const generate = body.find((step) => step.callbackId === "generate_image");
    expect(generate?.title).toBe("Generate an image");
    expect(generate?.inputs.find((input) => input.name === "prompt")).toEqual({
      name: "prompt",
      type: "string",
      title: "Prompt",
      description: "What to draw",
      isRequired: true,
    });
    expect(generate?.inputs.find((input) => input.name === "user")).toMatchObject({
      type: "slack#/types/user_id",
      title: "Run as",
      isRequired: true,
    });
    expect(generate?.inputs.find((input) => input.name === "count")).toMatchObject({
      type: "integer",
      isRequired: false,
    });
    expect(generate?.outputs.find((output) => output.name === "asset_ids")).toMatchObject({
      type: "array",
      items: { type: "string" },
      title: "Asset ids",
    });
    const credits = body.find((step) => step.callbackId === "check_credits");
    expect(credits?.inputs).toEqual([]);
    expect(credits?.outputs.map((output) => output.name)).toEqual(["balance", "next_refill"]);
  });
});

describe("POST /api/workflow/run", () => {
  it("runs Check credits and answers once the bot completed it, with the balance", async () => {
    const { status, body } = await run("check_credits", {});
    expect(status).toBe(200);
    expect(body).toMatchObject({ executionId: expect.stringMatching(/^Fx/), state: "completed" });
    expect(body.outputs?.balance).toEqual(expect.any(Number));
    expect(body.outputs?.balance as number).toBeGreaterThan(0);
    expect(body.error).toBeUndefined();
  });

  it('runs Generate an image with the form\'s text typed (count "2" → 2): the asset ids, the permalink, the images in the channel', async () => {
    const { status, body } = await run("generate_image", {
      prompt: "a red fox on snow",
      channel: GENERAL,
      user: ALICE,
      count: "2",
      ratio: "16:9",
      model: "",
    });
    expect(status).toBe(200);
    expect(body.state).toBe("completed");
    const outputs = body.outputs as { asset_ids: string[]; first_asset_id: string; permalink: string };
    expect(outputs.asset_ids).toHaveLength(2);
    expect(outputs.first_asset_id).toBe(outputs.asset_ids[0]);
    // The step received typed inputs (an integer), and the empty model was left out, as Workflow Builder sends them.
    const execution = executions().find((each) => each.id === body.executionId);
    expect(execution?.inputs).toEqual({
      prompt: "a red fox on snow",
      channel: GENERAL,
      user: ALICE,
      count: 2,
      ratio: "16:9",
    });
    // The result is one message in #general with both images; the permalink is that message's.
    const state = await driver.state(ALICE, GENERAL);
    const result = state.messages.find((message) => message.fromBot && blocksOf(message, "image").length === 2);
    expect(result).toBeDefined();
    expect(outputs.permalink).toContain(`/archives/${GENERAL}/p${result?.ts.replace(".", "")}`);
    // An image job of about 400 ms (the driver's jobMs) through the bot, slack-sim and the sandbox, waited for by
    // the endpoint itself.
  }, 30_000);

  it("answers `running` when the wait is shorter than the run, which then ends in GET /api/workflow/runs", async () => {
    const { body } = await run(
      "generate_image",
      { prompt: "a lighthouse", channel: GENERAL, user: ALICE },
      { waitMs: 0 },
    );
    expect(body.state).toBe("running");
    expect(body.outputs).toBeUndefined();
    const ended = await eventually(async () => {
      const { body: listed } = await driver.api<WorkflowRuns>("/api/workflow/runs");
      const found = listed.runs.find((each) => each.executionId === body.executionId);
      if (found?.state !== "completed") throw new Error(`the run is ${found?.state ?? "not listed"}`);
      return found;
    });
    expect(ended.outputs?.asset_ids).toHaveLength(1);
    expect(ended.endedAt).toBeGreaterThanOrEqual(ended.startedAt);
  }, 30_000);

  it("completes with the bot's error: an unknown board, a refused ratio, a person the access rules leave out", async () => {
    const board = await run("add_to_board", { asset_id: "A0NOPE", board: "No such board" });
    expect(board.status).toBe(200);
    expect(board.body).toMatchObject({ state: "failed", error: expect.stringContaining('no board "No such board"') });
    expect(board.body.outputs).toBeUndefined();

    const ratio = await run("generate_image", { prompt: "a fox", channel: GENERAL, user: ALICE, ratio: "wide" });
    expect(ratio.body).toMatchObject({
      state: "failed",
      // In the step's field names, as Workflow Builder shows them (issue 39), not the command's flags.
      error: expect.stringMatching(/^Studio: Ratio `wide` is not width:height/),
    });

    const bob = await run("generate_image", { prompt: "a fox", channel: GENERAL, user: "U0BOB" });
    expect(bob.body).toMatchObject({
      state: "failed",
      error: expect.stringMatching(/^Studio: Generating is limited to listed people, groups or channels/),
    });
  }, 30_000);

  it("puts an earlier result on a board named by its title, and outputs the card", async () => {
    const client = createStudioClient({
      apiKey: SANDBOX_KEYS.readWrite,
      baseUrl: driver.playground.sandbox?.url ?? "",
    });
    const created = await createBoard(client, { title: "Campaign" });
    const image = await run("generate_image", { prompt: "a kite", channel: GENERAL, user: ALICE });
    const assetId = (image.body.outputs as { first_asset_id: string }).first_asset_id;
    const added = await run("add_to_board", { asset_id: assetId, board: "campaign" });
    expect(added.body).toMatchObject({
      state: "completed",
      outputs: { board_id: created.id, card_id: expect.any(String) },
    });
  }, 30_000);

  it("refuses what Workflow Builder could not send, naming the field, and runs nothing", async () => {
    const before = executions().length;
    const refusals: Array<[string, Record<string, unknown>, number, string, RegExp]> = [
      ["no_such_step", {}, 400, "unknown_step", /no such step/],
      ["generate_image", { channel: GENERAL, user: ALICE }, 400, "invalid_request", /Prompt \("prompt"\) is required/],
      [
        "generate_image",
        { prompt: "a fox", channel: GENERAL, user: ALICE, count: "two" },
        400,
        "invalid_request",
        /Count \("count"\) must be a whole number/,
      ],
      [
        "generate_image",
        { prompt: "a fox", channel: GENERAL, user: ALICE, count: "2.5" },
        400,
        "invalid_request",
        /"count"/,
      ],
      [
        "generate_image",
        { prompt: "a fox", channel: GENERAL, user: "U0NOBODY" },
        400,
        "unknown_user",
        /Run as \("user"\)/,
      ],
      [
        "generate_image",
        { prompt: "a fox", channel: "C0NOWHERE", user: ALICE },
        404,
        "channel_not_found",
        /Channel \("channel"\)/,
      ],
      [
        "generate_image",
        { prompt: 42, channel: GENERAL, user: ALICE },
        400,
        "invalid_request",
        /Prompt \("prompt"\) must be text/,
      ],
      ["check_credits", { extra: "x" }, 400, "invalid_request", /no input "extra"/],
    ];
    for (const [step, inputs, status, code, message] of refusals) {
      const answer = await run(step, inputs);
      expect({ step, inputs, status: answer.status, error: answer.body.error }).toEqual({
        step,
        inputs,
        status,
        error: code,
      });
      expect(answer.body.message).toMatch(message);
    }
    const badBody = await driver.api<{ error: string }>("/api/workflow/run", { step: "check_credits", inputs: [] });
    expect(badBody).toMatchObject({ status: 400, body: { error: "invalid_request" } });
    const badWait = await run("check_credits", {}, { waitMs: -1 });
    expect(badWait).toMatchObject({ status: 400, body: { error: "invalid_request" } });
    expect(executions().length).toBe(before);
  });
});

describe("GET /api/workflow/runs", () => {
  it("lists every run newest first with its step's title, inputs, and outputs or error", async () => {
    const first = await run("check_credits", {});
    const second = await run("add_to_board", { asset_id: "A0NOPE", board: "Nowhere" });
    const { status, body } = await driver.api<WorkflowRuns>("/api/workflow/runs");
    expect(status).toBe(200);
    expect(body.version).toEqual(expect.any(Number));
    expect(body.runs.slice(0, 2)).toEqual([
      expect.objectContaining({
        executionId: second.body.executionId,
        callbackId: "add_to_board",
        title: "Add to a board",
        state: "failed",
        inputs: { asset_id: "A0NOPE", board: "Nowhere" },
        error: expect.stringContaining('no board "Nowhere"'),
      }),
      expect.objectContaining({
        executionId: first.body.executionId,
        callbackId: "check_credits",
        title: "Check credits",
        state: "completed",
        inputs: {},
        outputs: expect.objectContaining({ balance: expect.any(Number) }),
      }),
    ]);
    // Started times are in order: newest first.
    const started = body.runs.map((each) => each.startedAt);
    expect(started).toEqual([...started].sort((a, b) => b - a));
  });

  it("holds a request whose `since` is the current version until a run changes something", async () => {
    const { body: now } = await driver.api<WorkflowRuns>("/api/workflow/runs");
    const held = driver.api<WorkflowRuns>(`/api/workflow/runs?since=${now.version}`);
    const ran = await run("check_credits", {});
    const { body: after } = await held;
    expect(after.version).not.toBe(now.version);
    // The held answer may come at the event, before the completion: the run is listed either way.
    expect(after.runs.some((each) => each.executionId === ran.body.executionId)).toBe(true);
    expect((await driver.api("/api/workflow/runs?since=soon")).status).toBe(400);
  });
});

// The Workflow Builder steps end to end (decision 0022): slack-sim runs each custom step as a workflow would
// (function_executed, https://docs.slack.dev/reference/events/function_executed/) and records how the bot completed
// it (functions.completeSuccess / completeError).
import { createBoard, listCards } from "@studio-kit/core";
import { SANDBOX_WORKSPACE_ID } from "@studio-kit/sandbox";
import { afterEach, describe, expect, it } from "vitest";
import { type Bot, blocksOf, expectAllMessagesValid, sandboxClient, startBot } from "./harness.js";
import { runStep } from "./workflow-run.js";

const USER = "U0ALICE";
const CHANNEL = "C0GENERAL";

let bot: Bot;
afterEach(async () => {
  await bot.close();
});

const operations = (name: string) => bot.sandbox.sandbox.stats().operations[name] ?? 0;

function drainCredits() {
  const credits = bot.sandbox.sandbox.state.credits.get(SANDBOX_WORKSPACE_ID);
  if (!credits) throw new Error("the sandbox has no credits for its workspace");
  Object.assign(credits, { balance: 0, bonusBalance: 0, dailyFreeUsed: credits.dailyFreeLimit });
}

describe("Generate an image", () => {
  it("posts the result in the step's channel and completes once with its asset ids and permalink", async () => {
    bot = await startBot();
    const board = await createBoard(sandboxClient(bot), { title: "Campaign" });
    const execution = await runStep(bot.sim, "generate_image", {
      prompt: "three banner ideas",
      channel: CHANNEL,
      user: USER,
      count: 2,
      ratio: "16:9",
      board: "campaign",
    });
    expect(execution.state).toBe("completed");
    const outputs = execution.outputs as { asset_ids: string[]; first_asset_id: string; permalink: string };
    expect(outputs.asset_ids).toHaveLength(2);
    expect(outputs.first_asset_id).toBe(outputs.asset_ids[0]);
    // One message in the channel: the progress, replaced by the images; the permalink is that message's.
    const posted = bot.sim.conversation(CHANNEL).filter((m) => m.fromBot && !m.ephemeral);
    expect(posted).toHaveLength(1);
    expect(blocksOf(posted[0], "image")).toHaveLength(2);
    expect(outputs.permalink).toContain(`/archives/${CHANNEL}/p${posted[0]?.ts.replace(".", "")}`);
    expect(execution.completions).toEqual([expect.objectContaining({ method: "functions.completeSuccess", ok: true })]);
    expect(operations("GenerateImage")).toBe(1);
    const cards = await listCards(sandboxClient(bot), board);
    expect(cards.map((card) => card.assetId).sort()).toEqual([...outputs.asset_ids].sort());
    expectAllMessagesValid(bot.sim, [CHANNEL]);
  });

  it("completes with an error naming the credits when the workspace cannot pay, and generates nothing", async () => {
    bot = await startBot();
    drainCredits();
    const execution = await runStep(bot.sim, "generate_image", {
      prompt: "a lighthouse",
      channel: CHANNEL,
      user: USER,
    });
    expect(execution.state).toBe("failed");
    expect(execution.error).toMatch(/^Studio: Not enough credits: this costs \d+, 0 available$/);
    expect(operations("GenerateImage")).toBe(0);
    expect(bot.sim.conversation(CHANNEL).filter((m) => m.fromBot)).toEqual([]);
  });

  it("completes with an error for a refused option (a ratio that is not width:height) and for a person the access rules refuse", async () => {
    bot = await startBot({ STUDIO_ALLOWED_USERS: USER });
    const ratio = await runStep(bot.sim, "generate_image", {
      prompt: "a fox",
      channel: CHANNEL,
      user: USER,
      ratio: "wide",
    });
    expect(ratio.state).toBe("failed");
    expect(ratio.error).toMatch(/^Studio: Ratio `wide` is not width:height/);
    const bob = await runStep(bot.sim, "generate_image", { prompt: "a fox", channel: CHANNEL, user: "U0BOB" });
    expect(bob.state).toBe("failed");
    expect(bob.error).toMatch(/^Studio: Generating is limited to listed people, groups or channels/);
    expect(operations("GenerateImage")).toBe(0);
  });

  it("completes with an error saying to invite the app when it is not in the step's channel", async () => {
    bot = await startBot();
    const execution = await runStep(bot.sim, "generate_image", { prompt: "a fox", channel: "C0RANDOM", user: USER });
    expect(execution.state).toBe("failed");
    expect(execution.error).toMatch(/invite it/);
    expect(operations("GenerateImage")).toBe(0);
  });
});

describe("Add to a board and Check credits", () => {
  it("puts an asset on a board named by title and outputs the card; an unknown board is an error", async () => {
    bot = await startBot();
    const board = await createBoard(sandboxClient(bot), { title: "Campaign" });
    const image = await runStep(bot.sim, "generate_image", { prompt: "a fox", channel: CHANNEL, user: USER });
    const assetId = (image.outputs as { first_asset_id: string }).first_asset_id;
    const added = await runStep(bot.sim, "add_to_board", { asset_id: assetId, board: "Campaign" });
    expect(added).toMatchObject({ state: "completed", outputs: { board_id: board.id } });
    const cards = await listCards(sandboxClient(bot), board);
    expect(cards.map((card) => [card.id, card.assetId])).toEqual([
      [(added.outputs as { card_id: string }).card_id, assetId],
    ]);
    const missing = await runStep(bot.sim, "add_to_board", { asset_id: assetId, board: "No such board" });
    expect(missing).toMatchObject({ state: "failed", error: expect.stringContaining('no board "No such board"') });
  });

  it("outputs the credits available and the next refill", async () => {
    bot = await startBot();
    const execution = await runStep(bot.sim, "check_credits", {});
    expect(execution.state).toBe("completed");
    const outputs = execution.outputs as { balance: number; next_refill?: string };
    expect(outputs.balance).toBeGreaterThan(0);
    if (outputs.next_refill !== undefined) expect(Number.isNaN(Date.parse(outputs.next_refill))).toBe(false);
  });
});

import { SANDBOX_WORKSPACE_ID } from "@studio-kit/sandbox";
import { afterEach, describe, expect, it } from "vitest";
import { ACTIONS } from "../../src/index.js";
import { actionIds, type Bot, blocksOf, buttonValue, eventually, expectAllMessagesValid, startBot } from "./harness.js";

const USER = "U0ALICE";
const CHANNEL = "C0GENERAL";

let bot: Bot;
afterEach(async () => {
  await bot.close();
});

const operations = (name: string) => bot.sandbox.sandbox.stats().operations[name] ?? 0;
type Shown = ReturnType<Bot["sim"]["conversation"]>[number];
/** What the asker sees from the bot: the channel and the result's thread. */
const seen = (threadTs: string): Shown[] => [
  ...bot.sim.conversation(CHANNEL, { as: USER }),
  ...bot.sim.thread(CHANNEL, threadTs, { as: USER }),
];

/** Generates one image from a slash command and returns the result message. */
async function imageResult() {
  await bot.sim.command({ user: USER, channel: CHANNEL, text: "a lighthouse" });
  return eventually(() => {
    const found = bot.sim
      .conversation(CHANNEL, { as: USER })
      .find((m) => m.fromBot && !m.ephemeral && blocksOf(m, "image").length === 1);
    expect(found).toBeDefined();
    return found as NonNullable<typeof found>;
  });
}

function drainCredits() {
  const credits = bot.sandbox.sandbox.state.credits.get(SANDBOX_WORKSPACE_ID);
  if (!credits) throw new Error("the sandbox has no credits for its workspace");
  Object.assign(credits, { balance: 0, bonusBalance: 0, dailyFreeUsed: credits.dailyFreeLimit });
}

async function click(result: Shown, actionId: string) {
  const value = buttonValue(result, actionId);
  return bot.sim.click({ user: USER, channel: CHANNEL, messageTs: result.ts, actionId, value });
}

describe("credits before Variations", () => {
  it("refuses a variation when the credits are short, with the balance and the cost, and generates nothing", async () => {
    bot = await startBot();
    const result = await imageResult();
    expect(operations("GenerateImage")).toBe(1);
    drainCredits();
    expect((await click(result, ACTIONS.variations)).status).toBe(200);
    const refusal = await eventually(() => {
      const found = seen(result.ts).find((m) => m.fromBot && m.text.startsWith("Not enough credits"));
      expect(found).toBeDefined();
      return found as NonNullable<typeof found>;
    });
    expect(refusal.ephemeral).toBe(true);
    expect(refusal.text).toMatch(/^Not enough credits: this costs \d+, 0 available$/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(operations("GenerateImage")).toBe(1);
    const thread = bot.sim.thread(CHANNEL, result.ts, { as: USER });
    expect(thread.filter((m) => m.fromBot && !m.ephemeral && m.ts !== result.ts)).toHaveLength(0);
  });

  it("above the threshold asks first, and Confirm runs the variation exactly once", async () => {
    bot = await startBot({ CREDITS_CONFIRM_THRESHOLD: "0" });
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "a lighthouse" });
    const firstAsk = await eventually(() => {
      const found = bot.sim
        .conversation(CHANNEL, { as: USER })
        .find((m) => m.ephemeral && actionIds(m).includes(ACTIONS.confirmSpend));
      expect(found).toBeDefined();
      return found as NonNullable<typeof found>;
    });
    await bot.sim.click({ user: USER, actionId: ACTIONS.confirmSpend, messageTs: firstAsk.ts, channel: CHANNEL });
    const result = await eventually(() => {
      const found = bot.sim
        .conversation(CHANNEL, { as: USER })
        .find((m) => m.fromBot && !m.ephemeral && blocksOf(m, "image").length === 1);
      expect(found).toBeDefined();
      return found as NonNullable<typeof found>;
    });
    expect(operations("GenerateImage")).toBe(1);

    await click(result, ACTIONS.variations);
    const ask = await eventually(() => {
      const found = seen(result.ts).find(
        (m) => m.ephemeral && m.ts !== firstAsk.ts && actionIds(m).includes(ACTIONS.confirmSpend),
      );
      expect(found).toBeDefined();
      return found as NonNullable<typeof found>;
    });
    expect(ask.text).toMatch(/^Confirm: an image will cost \d+ credits$/);
    expect(operations("GenerateImage")).toBe(1);

    const confirm = () =>
      bot.sim.click({ user: USER, actionId: ACTIONS.confirmSpend, messageTs: ask.ts, channel: CHANNEL });
    await Promise.all([confirm(), confirm()]);
    await eventually(() => {
      const variation = bot.sim
        .thread(CHANNEL, result.ts, { as: USER })
        .find((m) => m.fromBot && !m.ephemeral && m.ts !== result.ts && blocksOf(m, "image").length === 1);
      expect(variation).toBeDefined();
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(operations("GenerateImage")).toBe(2);
    expectAllMessagesValid(bot.sim, [CHANNEL]);
  });
});

describe("edit results are one message with their file", () => {
  it("shows the Upscale result in the result's thread as one message: its uploaded file above its buttons", async () => {
    bot = await startBot();
    const result = await imageResult();
    await click(result, ACTIONS.upscale);
    const upscaled = await eventually(() => {
      const found = bot.sim
        .thread(CHANNEL, result.ts)
        .find((m) => m.fromBot && m.ts !== result.ts && actionIds(m).includes(ACTIONS.upscale));
      expect(found).toBeDefined();
      return found as Shown;
    });
    const [shown] = blocksOf(upscaled, "image");
    const fileId = (shown?.slack_file as { id?: string } | undefined)?.id;
    expect(fileId).toMatch(/^F/);
    // Two uploads in all (the first result's image and the upscaled copy), neither shared as a message of its own.
    const uploads = bot.sim.calls("files.completeUploadExternal");
    expect(uploads).toHaveLength(2);
    expect(uploads.every((call) => call.args.channel_id === undefined)).toBe(true);
    expect(bot.sim.thread(CHANNEL, result.ts).flatMap((m) => m.files ?? [])).toHaveLength(0);
    expect(operations("UpdateImage")).toBe(1);
    expectAllMessagesValid(bot.sim, [CHANNEL]);
  });
});

import { SANDBOX_WORKSPACE_ID } from "@studio-kit/sandbox";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ACTIONS } from "../../src/index.js";
import { actionIds, type Bot, blocksOf, buttonValue, eventually, expectAllMessagesValid, startBot } from "./harness.js";

const USER = "U0ALICE";
const CHANNEL = "C0GENERAL";

let bot: Bot;
beforeEach(async () => {
  // Every generation costs more than 0 credits: each one asks first.
  bot = await startBot({ CREDITS_CONFIRM_THRESHOLD: "0" });
});
afterEach(async () => {
  await bot.close();
});

const operations = (name: string) => bot.sandbox.sandbox.stats().operations[name] ?? 0;
const visible = (channel = CHANNEL) => bot.sim.conversation(channel, { as: USER }).filter((m) => m.fromBot);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends the command and returns the confirmation (ephemeral, with Confirm and Cancel). */
async function askToConfirm(text: string) {
  await bot.sim.command({ user: USER, channel: CHANNEL, text });
  return eventually(() => {
    const found = visible().find((m) => m.ephemeral && actionIds(m).includes(ACTIONS.confirmSpend));
    expect(found).toBeDefined();
    return found as NonNullable<typeof found>;
  });
}

const imageResults = () => visible().filter((m) => !m.ephemeral && blocksOf(m, "image").length > 0);

describe("credits confirmation above the threshold", () => {
  it("asks first (ephemeral, cost in words), and Confirm runs exactly one generation", async () => {
    const ask = await askToConfirm("image a lighthouse --count 2");
    expect(ask.text).toMatch(/^Confirm: 2 images will cost \d+ credits$/);
    expect(actionIds(ask)).toEqual([ACTIONS.confirmSpend, ACTIONS.cancelSpend]);
    expect(buttonValue(ask, ACTIONS.confirmSpend)).toMatch(/^pr_/);
    expect(buttonValue(ask, ACTIONS.cancelSpend)).toBe(buttonValue(ask, ACTIONS.confirmSpend));
    expect(bot.sim.conversation(CHANNEL, { as: "U0BOB" }).filter((m) => m.fromBot)).toHaveLength(0);
    expect(operations("GenerateImage")).toBe(0);

    const click = await bot.sim.click({
      user: USER,
      actionId: ACTIONS.confirmSpend,
      messageTs: ask.ts,
      channel: CHANNEL,
    });
    expect(click.status).toBe(200);
    await eventually(() => {
      const replaced = visible().find((m) => m.ts === ask.ts);
      expect(replaced?.text).toContain("Confirmed — generating");
      expect(actionIds(replaced)).toEqual([]);
    });
    const [results] = await eventually(() => {
      const found = imageResults();
      expect(blocksOf(found[0], "image")).toHaveLength(2);
      return found;
    });
    expect(actionIds(results)).toContain(ACTIONS.addToBoard);
    expect(operations("GenerateImage")).toBe(1);
    expectAllMessagesValid(bot.sim, [CHANNEL]);
  });

  it("a double Confirm runs one generation", async () => {
    const ask = await askToConfirm("a lighthouse");
    const click = () =>
      bot.sim.click({ user: USER, actionId: ACTIONS.confirmSpend, messageTs: ask.ts, channel: CHANNEL });
    const acks = await Promise.all([click(), click()]);
    expect(acks.map((ack) => ack.status)).toEqual([200, 200]);
    await eventually(() => expect(imageResults()).toHaveLength(1));
    await pause(400);
    expect(imageResults()).toHaveLength(1);
    expect(operations("GenerateImage")).toBe(1);
    expect(bot.sim.calls("chat.postMessage")).toHaveLength(1);
  });

  it("Cancel replaces the confirmation and runs nothing; a late Confirm of the same id does nothing", async () => {
    const ask = await askToConfirm("a lighthouse");
    const id = buttonValue(ask, ACTIONS.confirmSpend);
    await bot.sim.click({ user: USER, actionId: ACTIONS.cancelSpend, messageTs: ask.ts, channel: CHANNEL });
    await eventually(() => {
      const replaced = visible().find((m) => m.ts === ask.ts);
      expect(replaced?.text).toBe("Cancelled, nothing was spent");
      expect(actionIds(replaced)).toEqual([]);
    });
    // A second confirmation of another request, whose Confirm button is sent the cancelled id.
    const other = await askToConfirm("a harbour");
    await bot.sim.click({
      user: USER,
      actionId: ACTIONS.confirmSpend,
      messageTs: other.ts,
      channel: CHANNEL,
      value: id,
    });
    await pause(400);
    expect(operations("GenerateImage")).toBe(0);
    expect(bot.sim.calls("chat.postMessage")).toHaveLength(0);
    expectAllMessagesValid(bot.sim, [CHANNEL]);
  });

  it("an unknown or expired id gets a clear ephemeral note and spends nothing", async () => {
    const ask = await askToConfirm("a lighthouse");
    await bot.sim.click({
      user: USER,
      actionId: ACTIONS.confirmSpend,
      messageTs: ask.ts,
      channel: CHANNEL,
      value: "pr_no_such_request",
    });
    const note = await eventually(() => {
      const found = visible().find((m) => m.ephemeral && m.text.includes("expired"));
      expect(found).toBeDefined();
      return found;
    });
    expect(note?.text).toContain("Nothing was spent");
    // The confirmation itself is untouched and still works.
    expect(actionIds(visible().find((m) => m.ts === ask.ts))).toContain(ACTIONS.confirmSpend);
    expect(operations("GenerateImage")).toBe(0);
  });

  it("someone else's click neither confirms nor uses up the request", async () => {
    const ask = await askToConfirm("a lighthouse");
    await bot.sim.click({ user: "U0BOB", actionId: ACTIONS.confirmSpend, messageTs: ask.ts, channel: CHANNEL });
    await eventually(() =>
      expect(bot.sim.conversation(CHANNEL, { as: "U0BOB" }).some((m) => m.text.includes("Only the person"))).toBe(true),
    );
    expect(operations("GenerateImage")).toBe(0);
    await bot.sim.click({ user: USER, actionId: ACTIONS.confirmSpend, messageTs: ask.ts, channel: CHANNEL });
    await eventually(() => expect(imageResults()).toHaveLength(1));
    expect(operations("GenerateImage")).toBe(1);
  });

  it("Confirm still checks the credits: spent meanwhile, nothing is generated", async () => {
    const ask = await askToConfirm("a lighthouse");
    const credits = bot.sandbox.sandbox.state.credits.get(SANDBOX_WORKSPACE_ID);
    if (!credits) throw new Error("the sandbox has no credits for its workspace");
    Object.assign(credits, { balance: 0, bonusBalance: 0, dailyFreeUsed: credits.dailyFreeLimit });
    await bot.sim.click({ user: USER, actionId: ACTIONS.confirmSpend, messageTs: ask.ts, channel: CHANNEL });
    await eventually(() => expect(visible().some((m) => m.text.startsWith("Not enough credits"))).toBe(true));
    expect(operations("GenerateImage")).toBe(0);
    expectAllMessagesValid(bot.sim, [CHANNEL]);
  });

  it("a mention's video asks in its thread, and Confirm generates the video there", async () => {
    const mention = await bot.sim.mention({ user: USER, channel: CHANNEL, text: "<@U0SIMBOT1> video waves at dusk" });
    const ts = mention.ts ?? "";
    const ask = await eventually(() => {
      const found = bot.sim
        .thread(CHANNEL, ts, { as: USER })
        .find((m) => m.ephemeral && actionIds(m).includes(ACTIONS.confirmSpend));
      expect(found?.text).toMatch(/^Confirm: a video will cost/);
      return found as NonNullable<typeof found>;
    });
    await bot.sim.click({ user: USER, actionId: ACTIONS.confirmSpend, messageTs: ask.ts, channel: CHANNEL });
    await eventually(() => {
      const done = bot.sim.thread(CHANNEL, ts).find((m) => m.fromBot && !m.ephemeral);
      expect(actionIds(done)).toContain(ACTIONS.videoVertical);
      expect(done?.threadTs).toBe(ts);
    });
    expect(operations("GenerateVideo")).toBe(1);
    expectAllMessagesValid(bot.sim, [CHANNEL]);
  });
});

import { SANDBOX_WORKSPACE_ID } from "@studio-kit/sandbox";
import { deliveredEvent } from "@studio-kit/slack-sim";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ACTIONS } from "../../src/index.js";
import { actionIds, type Bot, blocksOf, eventually, expectAllMessagesValid, startBot } from "./harness.js";

const USER = "U0ALICE";
const CHANNEL = "C0GENERAL";

let bot: Bot;
beforeEach(async () => {
  bot = await startBot();
});
afterEach(async () => {
  await bot.close();
});

const generations = () => bot.sandbox.sandbox.stats().operations.GenerateImage ?? 0;
const visible = (channel = CHANNEL) => bot.sim.conversation(channel, { as: USER }).filter((m) => m.fromBot);

describe("/studio image", () => {
  it("acks before any API call, shows progress, then replaces it with image blocks and buttons", async () => {
    const ack = await bot.sim.command({ user: USER, channel: CHANNEL, text: "image a lighthouse --count 2" });
    expect(ack.status).toBe(200);
    expect(ack.latencyMs).toBeLessThan(1000);

    const progress = await eventually(() => {
      const [first] = visible().filter((m) => !m.ephemeral);
      expect(first?.text).toContain("a lighthouse");
      return first;
    });
    expect(progress?.text).toContain("asked for");
    expect(bot.sim.calls("chat.postMessage")).toHaveLength(1);

    const results = await eventually(() => {
      const [message] = visible().filter((m) => !m.ephemeral);
      expect(blocksOf(message, "image")).toHaveLength(2);
      return message;
    });
    expect(results?.ts).toBe(progress?.ts);
    expect(results?.editedAt).toBeDefined();
    const ids = actionIds(results);
    for (const id of [ACTIONS.addToBoard, ACTIONS.variations, ACTIONS.upscale, ACTIONS.regenerate]) {
      expect(ids).toContain(id);
    }
    expect(bot.order[0]).toBe("ack");
    expect(bot.order).toContain("studio:GenerateImage");
    expect(generations()).toBe(1);
    expectAllMessagesValid(bot.sim, [CHANNEL]);
  });

  it("reports a FAILED generation in words, in place of the progress", async () => {
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "a lighthouse [fail]" });
    const message = await eventually(() => {
      const [first] = visible().filter((m) => !m.ephemeral);
      expect(first?.text).toMatch(/failed/i);
      return first;
    });
    expect(blocksOf(message, "image")).toHaveLength(0);
    expect(JSON.stringify(message?.blocks)).toContain("could not be made");
    expectAllMessagesValid(bot.sim, [CHANNEL]);
  });

  it("answers through response_url in a channel the bot is not in", async () => {
    bot.sim.setMember("C0RANDOM", false);
    const ack = await bot.sim.command({ user: USER, channel: "C0RANDOM", text: "a lighthouse" });
    expect(ack.status).toBe(200);
    const results = await eventually(() => {
      const found = bot.sim
        .conversation("C0RANDOM", { as: "U0BOB" })
        .find((m) => m.fromBot && blocksOf(m, "image").length === 1);
      expect(found).toBeDefined();
      return found;
    });
    expect(results?.ephemeral).toBe(false);
    expect(bot.sim.calls("chat.postMessage").map((call) => call.error)).toEqual(["not_in_channel"]);
    expect(bot.sim.calls("chat.update")).toHaveLength(0);
    const written = bot.sim.conversation("C0RANDOM").filter((m) => m.fromBot);
    expect(written.length).toBeGreaterThan(0);
  });
});

describe("checks before spending", () => {
  it.each([
    ["a malformed ratio", "a lighthouse --ratio 16x9", "--ratio", "16:9"],
    ["an unknown model", "a lighthouse --model no-such-model", "no-such-model", "Valid: `img-"],
  ])("refuses %s with the valid values, and generates nothing", async (_name, text, flag, valid) => {
    await bot.sim.command({ user: USER, channel: CHANNEL, text });
    const reply = await eventually(() => {
      const [message] = visible();
      expect(message?.ephemeral).toBe(true);
      return message;
    });
    const all = JSON.stringify(reply?.blocks);
    expect(all).toContain(flag);
    expect(all).toContain(valid);
    expect(generations()).toBe(0);
    expect(bot.sim.calls("chat.postMessage")).toHaveLength(0);
    expectAllMessagesValid(bot.sim, [CHANNEL]);
  });

  it("says the balance and the cost when credits are short, and generates nothing", async () => {
    const credits = bot.sandbox.sandbox.state.credits.get(SANDBOX_WORKSPACE_ID);
    if (!credits) throw new Error("the sandbox has no credits for its workspace");
    Object.assign(credits, { balance: 0, bonusBalance: 0, dailyFreeUsed: credits.dailyFreeLimit });
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "a lighthouse --count 4" });
    const reply = await eventually(() => {
      const [message] = visible();
      expect(message?.ephemeral).toBe(true);
      return message;
    });
    expect(reply?.text).toMatch(/^Not enough credits: this costs \d+, 0 available$/);
    expect(generations()).toBe(0);
    expectAllMessagesValid(bot.sim, [CHANNEL]);
  });

  it("a parse error gets the usage, before any API call", async () => {
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "image a cat --bogus 1" });
    const reply = await eventually(() => {
      const [message] = visible();
      expect(message?.ephemeral).toBe(true);
      return message;
    });
    expect(JSON.stringify(reply?.blocks)).toContain("Usage");
    expect(bot.order).toEqual(["ack"]);
  });
});

describe("/studio credits", () => {
  it("shows the workspace's credits to the asker only", async () => {
    const ack = await bot.sim.command({ user: USER, channel: CHANNEL, text: "credits" });
    expect(ack.status).toBe(200);
    const reply = await eventually(() => {
      const [message] = visible();
      expect(message?.text).toContain("credits available");
      return message;
    });
    expect(reply?.ephemeral).toBe(true);
    expect(reply?.text).toBe("470 credits available");
    expect(bot.sim.conversation(CHANNEL, { as: "U0BOB" }).filter((m) => m.fromBot)).toHaveLength(0);
    expect(bot.order[0]).toBe("ack");
  });
});

describe("@Studio mention", () => {
  it("generates from a mention and answers in the mention's thread", async () => {
    const mention = await bot.sim.mention({
      user: USER,
      channel: CHANNEL,
      text: "<@U0SIMBOT1> a lighthouse --count 2",
    });
    const ts = mention.ts ?? "";
    expect(ts).not.toBe("");
    const results = await eventually(() => {
      const reply = bot.sim.thread(CHANNEL, ts).find((m) => m.fromBot);
      expect(blocksOf(reply, "image")).toHaveLength(2);
      return reply;
    });
    expect(results?.threadTs).toBe(ts);
    expect(actionIds(results)).toContain(ACTIONS.addToBoard);
    expect(generations()).toBe(1);
    expectAllMessagesValid(bot.sim, [CHANNEL]);
  });

  it("ignores a redelivered mention", async () => {
    const mention = deliveredEvent(
      await bot.sim.mention({ user: USER, channel: CHANNEL, text: "<@U0SIMBOT1> credits" }),
    );
    const ts = mention.ts ?? "";
    await eventually(() => expect(bot.sim.thread(CHANNEL, ts).filter((m) => m.fromBot)).toHaveLength(1));
    await bot.sim.redeliver(mention.eventId, { num: 1, reason: "http_timeout" });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(bot.sim.thread(CHANNEL, ts).filter((m) => m.fromBot)).toHaveLength(1);
  });
});

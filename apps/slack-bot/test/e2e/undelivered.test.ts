import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sampleOf, scrape } from "../ops/scrape.js";
import { type Bot, blocksOf, eventually, startBot } from "./harness.js";

// Issue 42, point 1: a result that cannot be delivered where it was asked (its thread or message gone mid-job: a
// person deleted it, or a restart left its stream's message behind) is never lost in silence. It goes to the person's
// DM with the bot, saying where it was meant to go; when even that fails, the job is "Not delivered" in history (with
// a link to open it in the studio), never "done", and /metrics counts it.
//
// Slack's answers when the message or thread is gone: chat.stopStream and chat.update `message_not_found`
// (https://docs.slack.dev/reference/methods/chat.update), chat.postMessage in the thread `thread_not_found` as the
// sim answers it; injected with slack-sim's `failNext`, only for the calls that carry this job's final message.

const USER = "U0ALICE";
const CHANNEL = "C0GENERAL";
const AT = "<@U0SIMBOT1>";

let bot: Bot;
beforeEach(async () => {
  bot = await startBot();
});
afterEach(async () => {
  await bot.close();
});

/** The mention's thread and everything the bot would answer in it is gone: each of its final calls is refused. */
function threadGone(): void {
  bot.sim.failNext("chat.stopStream", { error: "message_not_found" });
  bot.sim.failNext("chat.update", { error: "message_not_found" });
  bot.sim.failNext("chat.postMessage", {
    error: "thread_not_found",
    when: (args) => args.channel === CHANNEL && args.thread_ts !== undefined,
  });
}

const spent = () => bot.sandbox.sandbox.stats().operations.GenerateImage ?? 0;

describe("a result whose message or thread is gone", () => {
  it("goes to the person's DM, with its image and a line saying where it was meant to go", async () => {
    threadGone();
    await bot.sim.mention({ user: USER, channel: CHANNEL, text: `${AT} a lighthouse at dusk` });
    const moved = await eventually(() => {
      const [message] = bot.sim.conversation(bot.sim.dm(USER)).filter((m) => m.fromBot);
      expect(blocksOf(message, "image")).toHaveLength(1);
      return message;
    });
    expect(JSON.stringify(moved?.blocks)).toContain(
      "This was meant for a thread in <#C0GENERAL>, but that message or thread is gone",
    );
    expect(spent()).toBe(1);
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "history" });
    // It reached the person: history says Done.
    await eventually(() =>
      expect(
        bot.sim
          .conversation(CHANNEL, { as: USER })
          .some((m) => m.ephemeral && JSON.stringify(m.blocks).includes("*Done*")),
      ).toBe(true),
    );
  });

  it("nowhere at all (not even the DM): history says Not delivered with a link to the studio, /metrics counts it", async () => {
    threadGone();
    bot.sim.failNext("conversations.open", { error: "cannot_dm_bot" });
    await bot.sim.mention({ user: USER, channel: CHANNEL, text: `${AT} a lighthouse at dusk` });
    await eventually(async () => {
      const [job] = await bot.app.store.jobs.recent(USER, 1);
      expect(job).toMatchObject({ state: "done", outcome: "undelivered" });
    });
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "history" });
    const line = await eventually(() => {
      const list = bot.sim.conversation(CHANNEL, { as: USER }).find((m) => m.ephemeral && m.text !== "");
      const text = JSON.stringify(list?.blocks ?? []);
      expect(text).toContain("*Not delivered*");
      return text;
    });
    expect(line).not.toContain("*Done*");
    expect(line).toMatch(/<[^|>]+\/assets\/img_[a-z0-9]+\|Open it in the studio>/);
    const metrics = await scrape(`${new URL(bot.url ?? "").origin}/metrics`);
    expect(sampleOf(metrics, "studio_bot_jobs_finished_total", { kind: "image", outcome: "undelivered" })).toBe(1);
  });
});

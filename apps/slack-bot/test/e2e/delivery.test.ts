import type { SimCall } from "@studio-kit/slack-sim";
import { afterEach, describe, expect, it } from "vitest";
import { createSlackPacer } from "../../src/services/slack-pacer.js";
import { type Bot, eventually, expectAllMessagesValid, startBot } from "./harness.js";

// Issue 17: results as fast as Slack allows. slack-sim enforces Slack's per-method limits here (429 + Retry-After
// over them); chat.update is cut to 4 a minute on both sides so that a handful of jobs is already a burst.

const USER = "U0ALICE";
const TIGHT = { "chat.update": { limit: 4, windowMs: 61_000 } };

let bot: Bot | undefined;
afterEach(async () => {
  await bot?.close();
  bot = undefined;
});

const isFinal = (call: SimCall) => /^Image: /.test(String(call.args.text ?? ""));
const isProgress = (call: SimCall) => String(call.args.text ?? "").includes(" so far");
const promptOf = (call: SimCall) => String(call.args.text).replace(/^Image: /, "");

describe("results as fast as Slack allows", () => {
  it("a burst of finishes delivers every result once, in order of completion per channel, never over a limit", async () => {
    bot = await startBot({}, { rateLimits: { "chat.update": 4 }, pacer: createSlackPacer({ limits: TIGHT }) });
    const sim = bot.sim;
    sim.setMember("C0RANDOM", true);
    const jobs = { C0GENERAL: 7, C0RANDOM: 3 };
    const sent: Promise<unknown>[] = [];
    for (const [channel, count] of Object.entries(jobs)) {
      for (let i = 1; i <= count; i += 1) {
        sent.push(sim.command({ user: USER, channel, text: `image ${channel} job ${i}` }));
        // Commands a moment apart: the jobs finish in this order, a channel's several in a burst.
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
    }
    await Promise.all(sent);
    const finals = await eventually(() => {
      const found = sim.calls().filter((call) => call.ok && isFinal(call));
      expect(found).toHaveLength(10);
      return found;
    });
    // Per channel, results went out in the order the bot saw their generations finish.
    const logged = (message: string) =>
      bot?.logs.map((line) => JSON.parse(line)).filter((line) => line.msg === message) ?? [];
    // The bot logs "result delivered" once Slack's answer is back, a moment after slack-sim recorded the call.
    await eventually(() => {
      for (const channel of Object.keys(jobs)) {
        const finished = logged("generation finished").filter((line) => line.channel === channel);
        const delivered = logged("result delivered").filter((line) => line.channel === channel);
        expect(finished).toHaveLength(jobs[channel as keyof typeof jobs]);
        expect(delivered.map((line) => line.job)).toEqual(finished.map((line) => line.job));
      }
    });
    // And each result went out once, to its own job's conversation.
    for (const [channel, count] of Object.entries(jobs)) {
      const prompts = finals.filter((call) => call.args.channel === channel).map(promptOf);
      expect(prompts.sort()).toEqual(Array.from({ length: count }, (_, i) => `${channel} job ${i + 1}`).sort());
    }
    // Both methods carried results: chat.update's minute was spent, chat.postMessage took the rest.
    const methods = new Set(finals.map((call) => call.method));
    expect(methods).toEqual(new Set(["chat.update", "chat.postMessage"]));
    // One message per job in the end: every progress message whose result was posted anew is deleted.
    await eventually(() => {
      for (const channel of Object.keys(jobs)) {
        const shown = sim.conversation(channel).filter((m) => m.fromBot);
        expect(shown.map((m) => m.text).sort()).toEqual(
          finals
            .filter((call) => call.args.channel === channel)
            .map((call) => String(call.args.text))
            .sort(),
        );
      }
    });
    // No progress update reached a message after its result.
    for (const final of finals.filter((call) => call.method === "chat.update")) {
      const later = sim.calls("chat.update").filter((call) => call.args.ts === final.args.ts && call.at > final.at);
      expect(later.filter(isProgress)).toEqual([]);
    }
    const stats = sim.rateStats();
    expect(stats["chat.update"]?.peakPerMinute ?? 0).toBeLessThanOrEqual(4);
    // Any 429 (a call that arrived late, under load) was waited out: the same method succeeded after it.
    const unhandled = sim
      .calls()
      .filter((call) => call.status === 429)
      .filter((refused) => !sim.calls(refused.method).some((call) => call.ok && call.at > refused.at));
    expect(unhandled).toEqual([]);
    expectAllMessagesValid(sim, Object.keys(jobs));
    // Real-time pacing: C0GENERAL's seven progress messages and the results posted anew there go out at
    // chat.postMessage's pace (a burst of 3, then one every 1.05 s), which alone is several seconds of waiting.
  }, 60_000);

  it("waits out a 429 from every method it uses, and nothing is lost or sent twice", async () => {
    // One chat.update a minute: the first result takes it, the second is posted anew and its progress deleted.
    const pacer = createSlackPacer({ limits: { "chat.update": { limit: 1, windowMs: 61_000 } } });
    bot = await startBot({}, { pacer });
    const sim = bot.sim;
    const methods = [
      "chat.postMessage",
      "chat.update",
      "chat.delete",
      "files.getUploadURLExternal",
      "files.completeUploadExternal",
    ];
    for (const method of methods) sim.failNext(method, { status: 429, retryAfter: 1 });
    await sim.command({ user: USER, channel: "C0GENERAL", text: "image first" });
    await sim.command({ user: USER, channel: "C0GENERAL", text: "image second" });
    await eventually(() => {
      const shown = sim.conversation("C0GENERAL").filter((m) => m.fromBot);
      expect(shown.map((m) => m.text).sort()).toEqual(["Image: first", "Image: second"]);
    });
    for (const method of methods) {
      const calls = sim.calls(method);
      const refused = calls.find((call) => call.status === 429);
      expect(refused, method).toBeDefined();
      // The same call went again after the Retry-After, and succeeded.
      expect(
        calls.some((call) => call.ok && call.at >= (refused?.at ?? 0) + 1000),
        method,
      ).toBe(true);
    }
    expect(sim.calls().filter((call) => call.ok && isFinal(call))).toHaveLength(2);
    expect(bot.logs.some((line) => line.includes("Slack rate limit: waiting it out"))).toBe(true);
    // Five 429s, one per method, each waited out for its Retry-After of 1 s in real time, several in turn along a
    // job's path (its progress message, its file's upload, its result): seconds of waiting.
  }, 30_000);

  it("shows the first status change at once, not one throttle interval later", async () => {
    // A 3 s generation polled every 50 ms: polls see it running even on a busy machine, where a 300 ms one may be
    // seen only queued and then done (no "Generating" to show).
    bot = await startBot({}, { jobMs: 3_000 });
    await bot.sim.command({ user: USER, channel: "C0GENERAL", text: "image a lighthouse" });
    await eventually(() => expect(bot?.sim.calls().filter(isFinal)).toHaveLength(1));
    const texts = bot.sim.calls("chat.update").map((call) => String(call.args.text));
    // Posted as "Sending the request", updated to "Queued" as soon as the studio accepted it (the throttle is 10 s).
    expect(bot.sim.calls("chat.postMessage")[0]?.args.text).toContain("Sending the request · 0:00 so far");
    expect(texts.findIndex((text) => text.includes("Queued at the studio"))).toBe(0);
    // Then the studio's own progress, at once too: a new phase skips the throttle.
    expect(texts.some((text) => /Generating · \d+% [▰▱]{10} · 0:0\d so far$/.test(text))).toBe(true);
  });
});

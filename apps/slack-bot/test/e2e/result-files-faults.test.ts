import { afterEach, describe, expect, it } from "vitest";
import { UPLOAD_RETRY_MS } from "../../src/delivery/result-files.js";
import { openSqliteStore } from "../../src/store/sqlite/open.js";
import type { BotStore } from "../../src/store/types.js";
import { signedUrlsSent } from "../support/signatures.js";
import { type Bot, blocksOf, eventually, expectAllMessagesValid, startBot } from "./harness.js";

// Issue 38: a result whose file cannot reach Slack at once (an upload that fails, Slack refusing a file it is still
// processing, the store that counts Slack calls away) ends with its own Slack file, and no message it sent on the way
// carries the platform's signed link.

const USER = "U0ALICE";
const CHANNEL = "C0GENERAL";

let bot: Bot;
afterEach(async () => {
  await bot?.close();
});

/** The bot's sleeps (upload retries, files tried again later), shortened: the test waits for what they lead to. */
const quickSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.min(ms, 20)));

type Shown = ReturnType<Bot["sim"]["conversation"]>[number];
const finished = (message: Shown) => !message.text.includes("so far");
const result = () => bot.sim.conversation(CHANNEL).filter((message) => message.fromBot && finished(message));

/** The one result message once it shows an image from a Slack file, with the file's title. */
async function resultWithItsFile(prompt: string) {
  return eventually(() => {
    const shown = result();
    expect(shown).toHaveLength(1);
    const [image] = blocksOf(shown[0], "image");
    const id = (image?.slack_file as { id?: string } | undefined)?.id ?? "";
    expect(bot.sim.file(id)?.title).toBe(`Image: ${prompt}`);
    return shown[0];
  });
}

describe("a result's file that cannot reach Slack at once", () => {
  it("an upload Slack fails once is tried again, and the result shows its own file", async () => {
    bot = await startBot({}, { sleep: quickSleep });
    bot.sim.failNext("files.completeUploadExternal", { error: "internal_error" });
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "image a kite over the sea" });
    await resultWithItsFile("a kite over the sea");
    expect(bot.sim.calls("files.completeUploadExternal").map((call) => call.ok)).toEqual([false, true]);
    expect(signedUrlsSent(bot.sim)).toEqual([]);
    expectAllMessagesValid(bot.sim, [CHANNEL]);
  });

  it("an upload that keeps failing says so in words, with the command that tries again, and never links", async () => {
    bot = await startBot({}, { sleep: quickSleep });
    for (let attempt = 0; attempt <= UPLOAD_RETRY_MS.length; attempt += 1) {
      bot.sim.failNext("files.getUploadURLExternal", { error: "internal_error" });
    }
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "image a kite over the sea" });
    const [message] = await eventually(() => {
      const shown = result();
      expect(shown).toHaveLength(1);
      return shown;
    });
    expect(bot.sim.calls("files.getUploadURLExternal")).toHaveLength(UPLOAD_RETRY_MS.length + 1);
    expect(blocksOf(message, "image")).toEqual([]);
    const words = JSON.stringify(message?.blocks);
    expect(words).toMatch(/The image could not be brought into Slack\. `\/studio show job_[^`]+` tries again\./);
    expect(signedUrlsSent(bot.sim)).toEqual([]);
  });

  it("Slack refusing the result's file at first: it says the file is coming, then shows it in place", async () => {
    bot = await startBot({}, { sleep: quickSleep });
    // Refused as Slack may refuse a file it is still processing ("invalid slack file"): only the result's message.
    bot.sim.failNext("chat.update", {
      error: "invalid_blocks",
      when: (args) => JSON.stringify(args).includes("slack_file"),
    });
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "image a kite over the sea" });
    // First the words, in place of the progress (no link, no file), then the file in the same message.
    await eventually(() => {
      const updates = bot.sim.calls("chat.update").filter((call) => call.ok);
      expect(updates.some((call) => JSON.stringify(call.args).includes("is on its way into Slack"))).toBe(true);
    });
    const shown = await resultWithItsFile("a kite over the sea");
    expect(JSON.stringify(shown?.blocks)).not.toContain("on its way");
    // One message all along: the words were replaced, not followed by a second result.
    expect(bot.sim.conversation(CHANNEL).filter((message) => message.fromBot)).toHaveLength(1);
    expect(signedUrlsSent(bot.sim)).toEqual([]);
    // The one refusal is the injected one: the message with the file went through once Slack took it.
    expect(bot.sim.calls("chat.update").filter((call) => !call.ok)).toHaveLength(1);
  });

  it("the store that counts Slack calls away: the result is delivered with its own file all the same", async () => {
    const store = openSqliteStore({ path: ":memory:" });
    let away = false;
    const lost = () => Promise.reject(new Error("connection terminated unexpectedly"));
    const flaky: BotStore = {
      ...store,
      prune: (now) => store.prune(now),
      close: () => store.close(),
      windows: {
        take: (...args) => (away ? lost() : store.windows.take(...args)),
        count: (...args) => (away ? lost() : store.windows.count(...args)),
      },
    };
    bot = await startBot({}, { store: flaky });
    away = true;
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "image a kite over the sea" });
    await resultWithItsFile("a kite over the sea");
    away = false;
    expect(bot.logs.filter((line) => line.includes("cannot count Slack calls in the store"))).toHaveLength(1);
    expect(signedUrlsSent(bot.sim)).toEqual([]);
  });
});

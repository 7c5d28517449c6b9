import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ACTIONS } from "../../src/index.js";
import { actionIds, type Bot, blocksOf, eventually, expectAllMessagesValid, headline, startBot } from "./harness.js";

// Issue 16: a job's result is ONE message, its media hosted in Slack and its buttons together, saying what it is.

const USER = "U0ALICE";
const CHANNEL = "C0GENERAL";

let bot: Bot;
beforeEach(async () => {
  bot = await startBot();
});
afterEach(async () => {
  await bot.close();
});

type Shown = ReturnType<Bot["sim"]["conversation"]>[number];
const fromBot = (messages: Shown[]) => messages.filter((m) => m.fromBot);
// A progress message says how long it has taken so far; a streamed one is finished once its stream stopped.
const finished = (m: Shown) => !m.text.includes("so far") && m.stream?.state !== "streaming";

/** Waits until the bot's messages in a conversation are all finished (no progress left), and returns them. */
async function settled(read: () => Shown[], count: number): Promise<Shown[]> {
  return eventually(() => {
    const messages = fromBot(read());
    expect(messages).toHaveLength(count);
    expect(messages.every(finished)).toBe(true);
    return messages;
  });
}

describe("one message per job", () => {
  it("--count 2 gives one message with both images, hosted in Slack, each above its buttons", async () => {
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "image a lighthouse --count 2" });
    const [result] = await settled(() => bot.sim.conversation(CHANNEL), 1);
    expect(result?.text).toBe("2 images: a lighthouse");
    // The progress said it in words too: "2 images" here, "an image" for one.
    expect(bot.sim.calls("chat.postMessage")[0]?.args.text).toContain("asked for 2 images: “a lighthouse”");
    const images = blocksOf(result, "image");
    expect(images).toHaveLength(2);
    const shownFiles = images.map((block) => (block.slack_file as { id: string }).id);
    const uploaded = bot.sim.calls("files.completeUploadExternal");
    expect(uploaded).toHaveLength(2);
    // Uploaded unshared: no file message of its own anywhere.
    expect(uploaded.every((call) => call.args.channel_id === undefined)).toBe(true);
    expect(shownFiles.every((id) => id.startsWith("F"))).toBe(true);
    expect(result?.blocks?.map((block) => block.type)).toEqual([
      "section",
      "image",
      "actions",
      "image",
      "actions",
      "context",
      "actions",
      "context_actions",
    ]);
    expect(actionIds(result).filter((id) => id === ACTIONS.variations)).toHaveLength(2);
    expect(actionIds(result)).toContain(ACTIONS.regenerate);
    const names = bot.sim.calls("files.getUploadURLExternal").map((call) => call.args.filename);
    expect(names.sort()).toEqual(["image-1-of-2-a-lighthouse.png", "image-2-of-2-a-lighthouse.png"]);
    expectAllMessagesValid(bot.sim, [CHANNEL]);
  });

  it("a mention's result is one message in its thread", async () => {
    const mention = await bot.sim.mention({ user: USER, channel: CHANNEL, text: "<@U0SIMBOT1> a lighthouse" });
    const ts = mention.ts ?? "";
    const [result] = await settled(() => bot.sim.thread(CHANNEL, ts), 1);
    expect(result?.threadTs).toBe(ts);
    expect(headline(result)).toBe("Image: a lighthouse");
    // Its progress was the same message, streamed (decision 0019): nothing else was posted in the thread.
    expect(result?.stream?.state).toBe("stopped");
    expect(bot.sim.calls("chat.postMessage")).toHaveLength(0);
    expect(blocksOf(result, "image")).toHaveLength(1);
  });

  it("a video is one message: its file (Slack's player) and its buttons, saying what it is", async () => {
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "video a lighthouse --duration 5" });
    const [result] = await settled(() => bot.sim.conversation(CHANNEL), 1);
    expect(result?.text).toBe("Video: a lighthouse");
    expect(result?.files?.map((file) => file.name)).toEqual(["video-a-lighthouse.mp4"]);
    expect(actionIds(result)).toEqual(expect.arrayContaining([ACTIONS.addToBoard, ACTIONS.videoVertical]));
  });

  it("music and a voiceover finishing together are two messages, each with its own named file", async () => {
    const mention = await bot.sim.mention({ user: USER, channel: CHANNEL, text: "<@U0SIMBOT1> music calm piano" });
    const ts = mention.ts ?? "";
    await bot.sim.mention({ user: USER, channel: CHANNEL, text: "<@U0SIMBOT1> voice Welcome aboard", threadTs: ts });
    const results = await settled(() => bot.sim.thread(CHANNEL, ts), 2);
    const byText = Object.fromEntries(results.map((m) => [m.text, m.files?.map((file) => file.name)]));
    expect(byText).toEqual({
      "Music: calm piano": ["music-calm-piano.wav"],
      "Voiceover: Welcome aboard": ["voiceover-welcome-aboard.wav"],
    });
  });

  it("in a channel the bot is not in, the response_url result keeps the platform's links and uploads nothing", async () => {
    bot.sim.setMember("C0RANDOM", false);
    await bot.sim.command({ user: USER, channel: "C0RANDOM", text: "a lighthouse" });
    // Through response_url the asker gets a note and the channel one message, the result (decision 0017).
    const result = await eventually(() => {
      const shown = fromBot(bot.sim.conversation("C0RANDOM", { as: "U0BOB" }));
      expect(shown).toHaveLength(1);
      expect(blocksOf(shown[0], "image")).toHaveLength(1);
      return shown[0];
    });
    expect(blocksOf(result, "image")[0]?.image_url).toBeDefined();
    expect(bot.sim.calls("files.getUploadURLExternal")).toHaveLength(0);
  });
});

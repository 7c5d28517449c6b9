import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ACTIONS } from "../../src/index.js";
import { actionIds, type Bot, eventually, expectAllMessagesValid, startBot } from "./harness.js";

const USER = "U0ALICE";
const CHANNEL = "C0GENERAL";

let bot: Bot;
beforeEach(async () => {
  bot = await startBot();
});
afterEach(async () => {
  await bot.close();
});

const operations = () => bot.sandbox.sandbox.stats().operations;
const visible = (channel = CHANNEL) => bot.sim.conversation(channel, { as: USER }).filter((m) => m.fromBot);
const shared = () => visible().filter((m) => !m.ephemeral);
const textOf = (message: { text: string; blocks?: unknown } | undefined) =>
  `${message?.text ?? ""} ${JSON.stringify(message?.blocks ?? [])}`;

/** Waits for the progress message to be replaced by a message that passes `done`, and returns it. */
async function finalMessage(done: (text: string) => boolean) {
  return eventually(() => {
    const [message] = shared();
    expect(done(textOf(message))).toBe(true);
    return message;
  });
}

describe("/studio video", () => {
  it("posts the progress, generates once and replaces it with the video and its buttons", async () => {
    const ack = await bot.sim.command({
      user: USER,
      channel: CHANNEL,
      text: "video a lighthouse at dusk --duration 10 --ratio 9:16 --audio",
    });
    expect(ack.status).toBe(200);
    const progress = await eventually(() => {
      const [first] = shared();
      expect(first?.text).toContain("a lighthouse at dusk");
      // A video says what to expect while it waits.
      expect(first?.text).toContain("Videos usually take a few minutes.");
      return first;
    });
    const results = await finalMessage((text) => text.startsWith("Video: "));
    expect(results?.ts).toBe(progress?.ts);
    const ids = actionIds(results);
    for (const id of [ACTIONS.addToBoard, ACTIONS.videoVertical, ACTIONS.videoSquare]) expect(ids).toContain(id);
    expect(bot.order[0]).toBe("ack");
    expect(operations().GenerateVideo).toBe(1);
    expect(operations().GenerateImage ?? 0).toBe(0);
    expect(bot.sim.calls("chat.postMessage")).toHaveLength(1);
    expectAllMessagesValid(bot.sim, [CHANNEL]);
  });

  it("refuses a duration the model does not make, listing the valid ones, and generates nothing", async () => {
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "video a lighthouse --duration 7" });
    const reply = await eventually(() => {
      const found = visible().find((m) => m.ephemeral);
      expect(found).toBeDefined();
      return found;
    });
    const text = textOf(reply);
    expect(text).toContain("--duration");
    expect(text).toContain("5");
    expect(text).toContain("10");
    expect(shared()).toHaveLength(0);
    expect(operations().GenerateVideo ?? 0).toBe(0);
    expect(bot.order).not.toContain("studio:GenerateVideo");
    expect(bot.sim.calls("chat.postMessage")).toHaveLength(0);
  });

  it("says a FAILED video could not be made, in place of the progress", async () => {
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "video a lighthouse [fail]" });
    const message = await finalMessage((text) => /could not be made/.test(text));
    expect(actionIds(message)).toHaveLength(0);
    expectAllMessagesValid(bot.sim, [CHANNEL]);
  });
});

describe("/studio music and voice", () => {
  it("makes a music track with the music model's provider and shows the audio with Add to board", async () => {
    await bot.sim.command({
      user: USER,
      channel: CHANNEL,
      text: 'music upbeat synthwave --lyrics "neon nights" --min-duration 20 --max-duration 60',
    });
    const results = await finalMessage((text) => text.startsWith("Music: "));
    expect(actionIds(results)).toContain(ACTIONS.addToBoard);
    expect(textOf(results)).toContain("upbeat synthwave");
    expect(operations().GenerateMusicTrack).toBe(1);
    expectAllMessagesValid(bot.sim, [CHANNEL]);
  });

  it("makes a voiceover with the chosen voice and language, also from a mention in its thread", async () => {
    const mention = await bot.sim.mention({
      user: USER,
      channel: CHANNEL,
      text: "<@U0SIMBOT1> voice Welcome to the studio --voice voice-narrate-1 --language en",
    });
    const ts = mention.ts ?? "";
    expect(ts).not.toBe("");
    const results = await eventually(() => {
      const reply = bot.sim.thread(CHANNEL, ts).find((m) => m.fromBot && textOf(m).startsWith("Voiceover: "));
      expect(reply).toBeDefined();
      return reply;
    });
    expect(results?.threadTs).toBe(ts);
    expect(actionIds(results)).toContain(ACTIONS.addToBoard);
    expect(operations().GenerateVoiceover).toBe(1);
    expectAllMessagesValid(bot.sim, [CHANNEL]);
  });

  it("refuses an unknown voice with the valid voices and generates nothing", async () => {
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "voice hello there --voice nobody" });
    const reply = await eventually(() => {
      const found = visible().find((m) => m.ephemeral);
      expect(found).toBeDefined();
      return found;
    });
    expect(textOf(reply)).toContain("voice-lumen-2");
    expect(operations().GenerateVoiceover ?? 0).toBe(0);
  });
});

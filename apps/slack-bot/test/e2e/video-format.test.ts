import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ACTIONS } from "../../src/index.js";
import { actionIds, type Bot, buttonValue, eventually, expectAllMessagesValid, startBot } from "./harness.js";

const USER = "U0ALICE";
const CHANNEL = "C0GENERAL";

let bot: Bot;
beforeEach(async () => {
  bot = await startBot();
});
afterEach(async () => {
  await bot.close();
});

const operations = (name: string) => bot.sandbox.sandbox.stats().operations[name] ?? 0;
const shared = () => bot.sim.conversation(CHANNEL, { as: USER }).filter((m) => m.fromBot && !m.ephemeral);
const textOf = (message: { text: string; blocks?: unknown } | undefined) =>
  `${message?.text ?? ""} ${JSON.stringify(message?.blocks ?? [])}`;

/** Generates a video from a slash command and returns its finished result message. */
async function videoResult() {
  await bot.sim.command({ user: USER, channel: CHANNEL, text: "video a lighthouse at dusk --duration 5" });
  return eventually(() => {
    const found = shared().find((m) => textOf(m).startsWith("Video: "));
    expect(found).toBeDefined();
    return found as NonNullable<typeof found>;
  });
}

describe("video result format buttons", () => {
  it("Vertical 9:16 posts a new video result in the thread, and a double click spends once", async () => {
    const result = await videoResult();
    const value = buttonValue(result, ACTIONS.videoVertical);
    const sourceId = (JSON.parse(value) as { videoId: string }).videoId;
    const click = () =>
      bot.sim.click({ user: USER, channel: CHANNEL, messageTs: result.ts, actionId: ACTIONS.videoVertical, value });
    await Promise.all([click(), click()]);
    const variant = await eventually(() => {
      const found = bot.sim
        .thread(CHANNEL, result.ts, { as: USER })
        .find((m) => m.fromBot && m.ts !== result.ts && textOf(m).startsWith("Vertical 9:16 version of"));
      expect(found).toBeDefined();
      return found as NonNullable<typeof found>;
    });
    expect(variant.threadTs).toBe(result.ts);
    const ids = actionIds(variant);
    for (const id of [ACTIONS.addToBoard, ACTIONS.videoVertical, ACTIONS.videoSquare]) expect(ids).toContain(id);
    const newId = (JSON.parse(buttonValue(variant, ACTIONS.videoVertical)) as { videoId: string }).videoId;
    expect(newId).not.toBe(sourceId);
    expect(operations("GenerateVideoFormatVariant")).toBe(1);
    expect(operations("GenerateVideo")).toBe(1);
    // The note is beside the clicked result in the channel, where the clicker is looking (issue 27, point 17).
    const note = bot.sim.conversation(CHANNEL, { as: USER }).find((m) => m.ephemeral && m.threadTs === undefined);
    expect(note?.text).toContain("You clicked that twice");
    // The new video is uploaded into the thread too.
    await eventually(() => expect(bot.sim.calls("files.completeUploadExternal").length).toBeGreaterThanOrEqual(2));
    expectAllMessagesValid(bot.sim, [CHANNEL]);
  });

  it("Square 1:1 on an unknown video says it could not be done, without crashing", async () => {
    const result = await videoResult();
    const value = JSON.stringify({ videoId: "video-does-not-exist", ratio: "1:1" });
    await bot.sim.click({ user: USER, channel: CHANNEL, messageTs: result.ts, actionId: ACTIONS.videoSquare, value });
    const note = await eventually(() => {
      const found = bot.sim.thread(CHANNEL, result.ts, { as: USER }).find((m) => m.fromBot && m.ts !== result.ts);
      expect(found).toBeDefined();
      return found as NonNullable<typeof found>;
    });
    expect(textOf(note)).not.toContain("version of");
    expect(operations("GenerateVideoFormatVariant")).toBe(0);
  });
});

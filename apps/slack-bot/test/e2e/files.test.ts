import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ACTIONS } from "../../src/index.js";
import { createUpdateBudget, THIS_WORKSPACE } from "../../src/services/update-budget.js";
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

type Shown = ReturnType<Bot["sim"]["conversation"]>[number];
const filesIn = (messages: Shown[]) => messages.flatMap((m) => m.files ?? []);

describe("results uploaded as files", () => {
  it("uploads each image of a slash command into the channel and keeps the message with its buttons", async () => {
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "a lighthouse --count 2" });
    const files = await eventually(() => {
      const found = filesIn(bot.sim.conversation(CHANNEL));
      expect(found).toHaveLength(2);
      return found;
    }, 8000);
    for (const file of files) {
      expect(file.name).toMatch(/\.(png|jpe?g|webp)$/);
      expect(file.size).toBeGreaterThan(0);
    }
    const result = bot.sim.conversation(CHANNEL).find((m) => blocksOf(m, "image").length === 2);
    expect(actionIds(result)).toContain(ACTIONS.addToBoard);
    expectAllMessagesValid(bot.sim, [CHANNEL]);
  });

  it("uploads a mention's images into the mention's thread, beside the results with their buttons", async () => {
    const mention = await bot.sim.mention({
      user: USER,
      channel: CHANNEL,
      text: "<@U0SIMBOT1> a lighthouse --count 2",
    });
    const ts = mention.ts ?? "";
    const files = await eventually(() => {
      const found = filesIn(bot.sim.thread(CHANNEL, ts));
      expect(found).toHaveLength(2);
      return found;
    }, 8000);
    for (const file of files) expect(file.name).toMatch(/\.(png|jpe?g|webp)$/);
    const results = bot.sim.thread(CHANNEL, ts).find((m) => blocksOf(m, "image").length === 2);
    expect(actionIds(results)).toContain(ACTIONS.addToBoard);
  });

  it("uploads a mention's voiceover into the mention's thread", async () => {
    const mention = await bot.sim.mention({ user: USER, channel: CHANNEL, text: "<@U0SIMBOT1> voice Hello there" });
    const ts = mention.ts ?? "";
    const file = await eventually(() => {
      const found = bot.sim.thread(CHANNEL, ts).find((m) => m.files?.length);
      expect(found).toBeDefined();
      return found;
    }, 8000);
    expect(file?.threadTs).toBe(ts);
    expect(bot.sim.thread(CHANNEL, ts).some((m) => m.text.startsWith("Here is your audio"))).toBe(true);
  });

  it("uploads a finished video", async () => {
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "video a lighthouse --duration 5" });
    const [file] = await eventually(() => {
      const found = filesIn(bot.sim.conversation(CHANNEL));
      expect(found).toHaveLength(1);
      return found;
    }, 8000);
    expect(file?.name).toMatch(/\.mp4$/);
  });

  it("skips the upload in a channel the bot is not in: the response_url message keeps the links", async () => {
    bot.sim.setMember("C0RANDOM", false);
    await bot.sim.command({ user: USER, channel: "C0RANDOM", text: "a lighthouse" });
    await eventually(() => {
      const found = bot.sim.conversation("C0RANDOM").find((m) => m.fromBot && blocksOf(m, "image").length === 1);
      expect(found).toBeDefined();
    });
    expect(bot.sim.calls("files.getUploadURLExternal")).toHaveLength(0);
    expect(filesIn(bot.sim.conversation("C0RANDOM"))).toHaveLength(0);
  });
});

describe("the image flow's final message", () => {
  it("waits for a chat.update slot of the workspace budget, as video and audio do", async () => {
    await bot.close();
    const budget = createUpdateBudget();
    const acquire = vi.spyOn(budget, "acquire");
    bot = await startBot({}, { updateBudget: budget });
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "a lighthouse" });
    await eventually(() => {
      const found = bot.sim.conversation(CHANNEL).find((m) => blocksOf(m, "image").length === 1);
      expect(found).toBeDefined();
    }, 8000);
    expect(acquire).toHaveBeenCalledTimes(1);
    expect(acquire).toHaveBeenCalledWith(THIS_WORKSPACE);
  });
});

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ACTIONS } from "../../src/index.js";
import { actionIds, type Bot, eventually, expectAllMessagesValid, startBot } from "./harness.js";

// "Credits are money": a message about an earlier result, written where there is none to act on, asks instead of
// drawing its own words. Found trying the playground's agent view (the bot's default surface, where each new DM
// message roots a thread of its own): "put it on the Spring campaign board" in the DM made and charged for an image
// of that sentence. Through slack-sim and the sandbox; in a result's thread the same words act on the result.

const USER = "U0ALICE";

let bot: Bot;
beforeEach(async () => {
  bot = await startBot();
});
afterEach(async () => {
  await bot.close();
});

const generations = () => bot.sandbox.sandbox.stats().operations.GenerateImage ?? 0;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a message about an earlier result in the bot's DM, outside any result's thread", () => {
  it.each(["put it on the Spring campaign board", "another one", "make it better"])(
    "%j asks where to say it, with the image of its words as a button, and generates nothing",
    async (text) => {
      const dm = bot.sim.dm(USER);
      const { ts } = await bot.sim.message({ user: USER, channel: dm, text });
      const ask = await eventually(() => {
        const found = [...bot.sim.conversation(dm, { as: USER }), ...bot.sim.thread(dm, ts, { as: USER })].find(
          (m) => m.fromBot && actionIds(m).includes(ACTIONS.askImage),
        );
        expect(found).toBeDefined();
        return found;
      });
      expect(JSON.stringify(ask?.blocks)).toContain("reads as being about an earlier result");
      expect(ask?.text).toBe("Nothing was generated: say it in the result's thread, or describe a new image.");
      await pause(300);
      expect(generations()).toBe(0);
      expectAllMessagesValid(bot.sim, [dm]);
    },
  );

  it("still generates a description written there", async () => {
    const dm = bot.sim.dm(USER);
    await bot.sim.message({ user: USER, channel: dm, text: "a red fox jumping over a frozen river at dawn" });
    await eventually(() => expect(generations()).toBe(1));
  });
});

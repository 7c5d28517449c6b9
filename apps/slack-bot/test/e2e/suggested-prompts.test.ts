// Issue 39, "Suggested prompts teach, they never spend by themselves": a chip (the assistant view's suggested prompts,
// the agent view's pinned ones) sends its message as the person's, and the bot answers it without spending: it asks
// what to make, with one example as the exact command, its cost and a button that runs it (spent once, decision
// 0025). Through slack-sim and the sandbox, counting every generation the sandbox was asked for.
import { afterEach, describe, expect, it } from "vitest";
import { ACTIONS } from "../../src/index.js";
import { SUGGESTED_PROMPTS } from "../../src/messages/assistant.js";
import { actionIds, type Bot, blocksOf, eventually, expectAllMessagesValid, startBot } from "./harness.js";
import { staleClick } from "./stale-click.js";

const USER = "U0ALICE";

let bot: Bot;
afterEach(async () => {
  await bot.close();
});

type Shown = ReturnType<Bot["sim"]["thread"]>[number];

/** Every generation the sandbox was asked for, of any kind. */
const generations = () =>
  Object.entries(bot.sandbox.sandbox.stats().operations)
    .filter(([name]) => name.startsWith("Generate"))
    .reduce((sum, [, count]) => sum + (count ?? 0), 0);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const words = (m: Shown | undefined) => JSON.stringify(m?.blocks ?? []);

/** Opens an assistant thread and waits for its bot.sim. */
async function openThread(): Promise<{ channel: string; threadTs: string }> {
  const { channel, threadTs } = await bot.sim.openAssistant({ user: USER, context: { channelId: "C0GENERAL" } });
  await eventually(() => expect(bot.sim.assistantThread(channel, threadTs)?.suggestedPrompts).toBeDefined());
  return { channel, threadTs };
}

/** The bot's replies in a thread after `after` (the greeting, or the person's own message), once its status is clear. */
function repliesAfter(channel: string, threadTs: string, after: number): Shown[] {
  return bot.sim
    .thread(channel, threadTs, { as: USER })
    .filter((m) => m.fromBot)
    .slice(after);
}

describe("the assistant view's suggested prompts", () => {
  it("each chip, sent as Slack sends it, is answered without a generation", async () => {
    bot = await startBot();
    for (const prompt of SUGGESTED_PROMPTS) {
      const { channel, threadTs } = await openThread();
      const shown = bot.sim.assistantThread(channel, threadTs)?.suggestedPrompts?.prompts ?? [];
      expect(shown.map((chip) => chip.title)).toContain(prompt.title);
      // Clicking a chip posts its message in the thread as the person's.
      await bot.sim.assistantMessage({ user: USER, channel, threadTs, text: prompt.message });
      await eventually(() => {
        expect(repliesAfter(channel, threadTs, 1).length).toBeGreaterThan(0);
        expect(bot.sim.assistantThread(channel, threadTs)?.status).toBe("");
      });
    }
    await pause(300);
    expect(generations()).toBe(0);
    expect(bot.order.filter((step) => step.startsWith("studio:Generate"))).toEqual([]);
  });

  it("'Make a video' asks what the video should show, with the exact example, its cost and a button spent once", async () => {
    bot = await startBot();
    const { channel, threadTs } = await openThread();
    const chip = SUGGESTED_PROMPTS.find((prompt) => prompt.title === "Make a video");
    await bot.sim.assistantMessage({ user: USER, channel, threadTs, text: chip?.message ?? "" });
    const answer = await eventually(() => {
      const [found] = repliesAfter(channel, threadTs, 1);
      expect(actionIds(found)).toEqual([ACTIONS.askCommand]);
      return structuredClone(found as Shown);
    });
    expect(answer.text).toContain("What should the video show?");
    expect(words(answer)).toContain("`video waves on a rocky shore --duration 5`");
    expect(words(answer)).toContain("about *20 credits*");
    expect(words(answer)).toContain("Nothing is spent until you click");
    expect(generations()).toBe(0);

    const first = await bot.sim.click({ user: USER, channel, messageTs: answer.ts, actionId: ACTIONS.askCommand });
    await eventually(() => {
      const result = repliesAfter(channel, threadTs, 1).find((m) => m.text.startsWith("Video:"));
      expect(result?.files).toHaveLength(1);
    });
    const replaced = bot.sim.thread(channel, threadTs, { as: USER }).find((m) => m.ts === answer.ts);
    expect(actionIds(replaced)).toEqual([]);
    expect(replaced?.text).toMatch(/^You chose: /);
    expect(bot.sandbox.sandbox.stats().operations.GenerateVideo).toBe(1);

    // The same answer clicked again from a client that still draws it: nothing more is spent.
    await staleClick(bot, {
      user: USER,
      shown: answer,
      actionId: ACTIONS.askCommand,
      responseUrl: first.responseUrl ?? "",
    });
    await eventually(() =>
      expect(repliesAfter(channel, threadTs, 1).some((m) => m.text.includes("That offer was already used"))).toBe(true),
    );
    await pause(300);
    expect(generations()).toBe(1);
    expectAllMessagesValid(bot.sim, [channel]);
  });

  it("'Make an image' asks what the image should show, and shows the example image's cost", async () => {
    bot = await startBot();
    const { channel, threadTs } = await openThread();
    const chip = SUGGESTED_PROMPTS.find((prompt) => prompt.title === "Make an image");
    await bot.sim.assistantMessage({ user: USER, channel, threadTs, text: chip?.message ?? "" });
    const answer = await eventually(() => {
      const [found] = repliesAfter(channel, threadTs, 1);
      expect(actionIds(found)).toEqual([ACTIONS.askCommand]);
      return found as Shown;
    });
    expect(answer.text).toContain("What should the image show?");
    expect(words(answer)).toContain("`a lighthouse at dusk, watercolour`");
    expect(words(answer)).toMatch(/about \*\d+ credits?\*/);
    expect(blocksOf(answer, "image")).toEqual([]);
    await pause(300);
    expect(generations()).toBe(0);
  });
});

describe("the agent view's pinned prompts", () => {
  it("each pinned prompt, sent as Slack sends it in the DM, is answered in its thread without a generation", async () => {
    bot = await startBot({ STUDIO_SLACK_SURFACE: "agent" });
    const dm = bot.sim.dm(USER);
    await bot.sim.openMessages(USER);
    await eventually(() => expect(bot.sim.pinnedPrompts(dm)?.prompts).toEqual(SUGGESTED_PROMPTS));
    for (const prompt of SUGGESTED_PROMPTS) {
      const { ts } = await bot.sim.message({ user: USER, channel: dm, text: prompt.message });
      await eventually(() => {
        expect(bot.sim.thread(dm, ts).filter((m) => m.fromBot).length).toBeGreaterThan(0);
        expect(bot.sim.assistantThread(dm, ts)?.status).toBe("");
      });
      if (prompt.title === "Make a video") {
        const [answer] = bot.sim.thread(dm, ts).filter((m) => m.fromBot);
        expect(answer?.text).toContain("What should the video show?");
      }
    }
    await pause(300);
    expect(generations()).toBe(0);
    expectAllMessagesValid(bot.sim, [dm]);
  });
});

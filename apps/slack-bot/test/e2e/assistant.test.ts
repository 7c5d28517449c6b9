import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ACTIONS } from "../../src/index.js";
import { actionIds, type Bot, blocksOf, eventually, expectAllMessagesValid, startBot } from "./harness.js";

// Issue 19: the bot in Slack's assistant view (the AI split view), through slack-sim and the sandbox. A job's
// progress is the thread's status line and its one message is the result (decision 0012).

const USER = "U0ALICE";

let bot: Bot;
beforeEach(async () => {
  bot = await startBot();
});
afterEach(async () => {
  await bot.close();
});

type Shown = ReturnType<Bot["sim"]["thread"]>[number];

const generations = () => bot.sandbox.sandbox.stats().operations.GenerateImage ?? 0;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens the assistant and waits for the greeting, so each test starts from a ready thread. */
async function openThread(): Promise<{ channel: string; threadTs: string }> {
  const { channel, threadTs, result } = await bot.sim.openAssistant({
    user: USER,
    context: { channelId: "C0GENERAL" },
  });
  expect(result.status).toBe(200);
  await eventually(() => expect(bot.sim.assistantThread(channel, threadTs)?.suggestedPrompts).toBeDefined());
  return { channel, threadTs };
}

/** The bot's replies in the thread, after its greeting. */
const replies = (channel: string, threadTs: string): Shown[] =>
  bot.sim
    .thread(channel, threadTs, { as: USER })
    .filter((m) => m.fromBot)
    .slice(1);

const state = (channel: string, threadTs: string) => {
  const thread = bot.sim.assistantThread(channel, threadTs);
  if (!thread) throw new Error("no assistant thread");
  return thread;
};

/** Waits for a bot reply in the thread that passes `match`, with the thread's status cleared by then. */
async function replyWhere(channel: string, threadTs: string, match: (m: Shown) => boolean): Promise<Shown> {
  return eventually(() => {
    const found = replies(channel, threadTs).find(match);
    expect(found).toBeDefined();
    expect(state(channel, threadTs).status).toBe("");
    return found as Shown;
  });
}

const hasImage = (m: Shown) => blocksOf(m, "image").length > 0;

describe("opening the assistant", () => {
  it("greets in one line and suggests an image, a video, the credits and the boards", async () => {
    const { channel, threadTs } = await openThread();
    const shown = state(channel, threadTs);
    expect(shown.suggestedPrompts?.prompts.map((p) => p.title)).toEqual([
      "Make an image",
      "Make a video",
      "My credits",
      "My boards",
    ]);
    const [greeting] = bot.sim.thread(channel, threadTs, { as: USER }).filter((m) => m.fromBot);
    expect(greeting?.text).toContain("Describe an image");
    // Nothing is running, so nothing shows on the status line.
    expect(shown.status).toBe("");
    expect(generations()).toBe(0);
    expectAllMessagesValid(bot.sim, [channel]);
  });
});

describe("a prompt in the thread", () => {
  it("runs one job: its progress on the status line, the title, then ONE message with the image and buttons", async () => {
    const { channel, threadTs } = await openThread();
    const prompt = "a lighthouse at dusk, watercolour";
    await bot.sim.assistantMessage({ user: USER, channel, threadTs, text: prompt });

    const result = await replyWhere(channel, threadTs, hasImage);
    expect(result.text).toBe(`Image: ${prompt}`);
    expect(result.threadTs).toBe(threadTs);
    for (const id of [ACTIONS.addToBoard, ACTIONS.variations, ACTIONS.upscale, ACTIONS.regenerate]) {
      expect(actionIds(result)).toContain(id);
    }
    // One message for the job: no progress message was posted, updated or deleted.
    expect(replies(channel, threadTs)).toHaveLength(1);
    expect(bot.sim.calls("chat.update")).toHaveLength(0);
    expect(bot.sim.calls("chat.delete")).toHaveLength(0);

    const shown = state(channel, threadTs);
    expect(shown.title).toBe("Image: a lighthouse at dusk, watercolour");
    expect(shown.statusHistory.some((status) => status.startsWith("is generating an image…"))).toBe(true);
    expect(shown.statusHistory.at(-1)).toBe("");
    expect(shown.status).toBe("");
    // Paced, not a call per poll: a 300 ms job polled every 50 ms sets a handful of statuses.
    expect(bot.sim.calls("assistant.threads.setStatus").length).toBeLessThanOrEqual(5);
    expect(generations()).toBe(1);
    expectAllMessagesValid(bot.sim, [channel]);
  });

  it("attaches a video to its one result message", async () => {
    const { channel, threadTs } = await openThread();
    const video = "video waves on a rocky shore --duration 5";
    await bot.sim.assistantMessage({ user: USER, channel, threadTs, text: video });
    const result = await replyWhere(channel, threadTs, (m) => m.text.startsWith("Video:") && m.files.length === 1);
    expect(actionIds(result)).toContain(ACTIONS.addToBoard);
    expect(replies(channel, threadTs)).toHaveLength(1);
    expect(state(channel, threadTs).title).toBe("Video: waves on a rocky shore");
    expect(state(channel, threadTs).statusHistory.some((s) => s.startsWith("is generating a video…"))).toBe(true);
    expect(bot.sandbox.sandbox.stats().operations.GenerateVideo).toBe(1);
  });

  it("answers 'credits' in the thread, with the status cleared and no title", async () => {
    const { channel, threadTs } = await openThread();
    await bot.sim.assistantMessage({ user: USER, channel, threadTs, text: "credits" });
    const reply = await replyWhere(channel, threadTs, (m) => /credit/i.test(m.text));
    expect(reply.threadTs).toBe(threadTs);
    expect(state(channel, threadTs).title).toBeUndefined();
    expect(generations()).toBe(0);
  });

  it("clears the status when the generation FAILED, and says so in the thread", async () => {
    const { channel, threadTs } = await openThread();
    await bot.sim.assistantMessage({ user: USER, channel, threadTs, text: "a lighthouse [fail]" });
    const failed = await replyWhere(channel, threadTs, (m) => /could not be made/.test(JSON.stringify(m.blocks)));
    expect(hasImage(failed)).toBe(false);
    const shown = state(channel, threadTs);
    expect(shown.statusHistory.some((status) => status.startsWith("is generating an image…"))).toBe(true);
    expect(shown.statusHistory.at(-1)).toBe("");
    expect(shown.status).toBe("");
    expect(replies(channel, threadTs)).toHaveLength(1);
  });
});

describe("a typo in the thread", () => {
  it("spends nothing and offers the buttons; 'Generate an image of ...' then generates in that thread", async () => {
    const { channel, threadTs } = await openThread();
    await bot.sim.assistantMessage({ user: USER, channel, threadTs, text: "imgae a fox" });
    const ask = await replyWhere(channel, threadTs, (m) => actionIds(m).includes(ACTIONS.askImage));
    expect(ask.text).toContain("Did you mean");
    await pause(200);
    expect(generations()).toBe(0);
    expect(bot.order).not.toContain("studio:GenerateImage");
    expect(state(channel, threadTs).title).toBeUndefined();

    const click = await bot.sim.click({ user: USER, actionId: ACTIONS.askImage, messageTs: ask.ts, channel });
    expect(click.status).toBe(200);
    const result = await replyWhere(channel, threadTs, hasImage);
    expect(result.text).toBe("Image: imgae a fox");
    expect(result.threadTs).toBe(threadTs);
    expect(generations()).toBe(1);
    const shown = state(channel, threadTs);
    expect(shown.title).toBe("Image: imgae a fox");
    expect(shown.statusHistory.some((status) => status.startsWith("is generating an image…"))).toBe(true);
    // The ask reply and the result: still no progress message.
    expect(replies(channel, threadTs)).toHaveLength(2);
    expectAllMessagesValid(bot.sim, [channel]);
  });
});

describe("a result button in the thread", () => {
  it("Regenerate runs in the same thread, on the status line, and keeps the thread's first title", async () => {
    const { channel, threadTs } = await openThread();
    await bot.sim.assistantMessage({ user: USER, channel, threadTs, text: "a red fox on snow" });
    const first = await replyWhere(channel, threadTs, hasImage);
    const before = state(channel, threadTs).statusHistory.length;

    const click = await bot.sim.click({ user: USER, actionId: ACTIONS.regenerate, messageTs: first.ts, channel });
    expect(click.status).toBe(200);
    await eventually(() => expect(replies(channel, threadTs).filter(hasImage)).toHaveLength(2));
    await eventually(() => expect(state(channel, threadTs).status).toBe(""));
    const shown = state(channel, threadTs);
    expect(shown.statusHistory.slice(before).some((s) => s.startsWith("is generating an image…"))).toBe(true);
    expect(shown.title).toBe("Image: a red fox on snow");
    expect(replies(channel, threadTs)).toHaveLength(2);
    expect(generations()).toBe(2);
  });
});

describe("the thread's context", () => {
  it("keeps Bolt's default store: a context change is saved in the greeting's metadata, and the thread goes on", async () => {
    const { channel, threadTs } = await openThread();
    const result = await bot.sim.changeAssistantContext({
      user: USER,
      channel,
      threadTs,
      context: { channelId: "C0RANDOM" },
    });
    expect(result.status).toBe(200);
    await eventually(() => {
      const [greeting] = bot.sim.thread(channel, threadTs, { as: USER }).filter((m) => m.fromBot);
      expect(greeting?.metadata).toMatchObject({
        event_type: "assistant_thread_context",
        event_payload: { channel_id: "C0RANDOM" },
      });
    });
    await bot.sim.assistantMessage({ user: USER, channel, threadTs, text: "credits" });
    await replyWhere(channel, threadTs, (m) => /credit/i.test(m.text));
    expect(bot.logs.filter((line) => /"level":(40|50)/.test(line))).toEqual([]);
    expectAllMessagesValid(bot.sim, [channel]);
  });
});

describe("a costly request in the thread", () => {
  it("asks to confirm there, and Confirm runs the job on the status line with its result in the thread", async () => {
    await bot.close();
    bot = await startBot({ CREDITS_CONFIRM_THRESHOLD: "0" });
    const { channel, threadTs } = await openThread();
    await bot.sim.assistantMessage({ user: USER, channel, threadTs, text: "a harbour at night" });
    const ask = await replyWhere(channel, threadTs, (m) => actionIds(m).includes(ACTIONS.confirmSpend));
    expect(generations()).toBe(0);

    await bot.sim.click({ user: USER, actionId: ACTIONS.confirmSpend, messageTs: ask.ts, channel });
    const result = await replyWhere(channel, threadTs, hasImage);
    expect(result.text).toBe("Image: a harbour at night");
    expect(generations()).toBe(1);
    // The confirmation (replaced by "Confirmed — generating …") and the result: no progress message.
    expect(replies(channel, threadTs)).toHaveLength(2);
    const shown = state(channel, threadTs);
    expect(shown.statusHistory.some((status) => status.startsWith("is generating an image…"))).toBe(true);
    expect(shown.title).toBe("Image: a harbour at night");
  });
});

describe("files shared in the thread", () => {
  it("go to the studio library, as a mention's do, answered in the thread with the status cleared", async () => {
    const { channel, threadTs } = await openThread();
    // A 1x1 PNG.
    const png = Uint8Array.from(
      atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="),
      (c) => c.charCodeAt(0),
    );
    await bot.sim.assistantMessage({ user: USER, channel, threadTs, files: [{ name: "moodboard.png", bytes: png }] });
    const reply = await replyWhere(channel, threadTs, (m) => m.text === "moodboard.png is in the studio library");
    expect(actionIds(reply)).toContain(ACTIONS.addToBoard);
    expect(state(channel, threadTs).statusHistory).toContain("is adding your files to the studio library…");
    expect(generations()).toBe(0);
  });
});

describe("the DM outside an assistant thread", () => {
  it("keeps today's behaviour: a top-level message and a click on its result use progress messages, no status", async () => {
    const dm = bot.sim.dm(USER);
    await bot.sim.message({ user: USER, channel: dm, text: "a red fox on snow" });
    const first = await eventually(() => {
      const found = bot.sim.conversation(dm).find((m) => m.fromBot && hasImage(m));
      expect(found).toBeDefined();
      return found as Shown;
    });
    // The progress message became the result.
    expect(first.editedAt).toBeDefined();

    await bot.sim.click({ user: USER, actionId: ACTIONS.regenerate, messageTs: first.ts, channel: dm });
    await eventually(() =>
      expect(bot.sim.thread(dm, first.ts).filter((m) => m.fromBot && hasImage(m))).toHaveLength(2),
    );
    expect(bot.sim.calls().filter((call) => call.method.startsWith("assistant."))).toEqual([]);
    expect(generations()).toBe(2);
  });
});

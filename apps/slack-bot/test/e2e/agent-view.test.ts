import { afterEach, describe, expect, it } from "vitest";
import { ACTIONS } from "../../src/index.js";
import { SUGGESTED_PROMPTS, SUGGESTED_PROMPTS_TITLE } from "../../src/messages/assistant.js";
import { actionIds, type Bot, blocksOf, eventually, expectAllMessagesValid, startBot } from "./harness.js";

// Issue 26, part 4: the agent messaging experience (manifest.json's `features.agent_view`, STUDIO_SLACK_SURFACE's
// default), through slack-sim in agent view and the sandbox. Slack's migration guide
// (https://docs.slack.dev/ai/migrating-to-agent-messaging/): opening the app's DM arrives as `app_home_opened` with
// `tab: "messages"` instead of `assistant_thread_started`, and the DM is the conversation, each message the root
// of a thread. The assistant view stays for apps installed with it (STUDIO_SLACK_SURFACE=assistant).

const USER = "U0ALICE";

let bot: Bot | undefined;
afterEach(async () => {
  await bot?.close();
  bot = undefined;
});

type Shown = ReturnType<Bot["sim"]["thread"]>[number];
const hasImage = (m: Shown) => blocksOf(m, "image").length > 0;

async function startAgent(): Promise<Bot> {
  bot = await startBot({ STUDIO_SLACK_SURFACE: "agent" });
  return bot;
}

/** The bot's replies in the thread rooted on the person's message `ts`. */
const botReplies = (live: Bot, ts: string): Shown[] =>
  live.sim
    .thread(live.sim.dm(USER), ts, { as: USER })
    .filter((m) => m.fromBot && m.ts !== ts)
    .map((m) => m);

describe("the agent view: opening the bot's DM", () => {
  it("pins the four suggested prompts without thread_ts and greets once, however often the DM is opened", async () => {
    const live = await startAgent();
    const dm = live.sim.dm(USER);
    const opened = await live.sim.openMessages(USER);
    expect(opened.status).toBe(200);
    await eventually(() => {
      expect(live.sim.pinnedPrompts(dm)).toEqual({ title: SUGGESTED_PROMPTS_TITLE, prompts: SUGGESTED_PROMPTS });
      expect(live.sim.conversation(dm).filter((m) => m.fromBot)).toHaveLength(1);
    });
    const [greeting] = live.sim.conversation(dm).filter((m) => m.fromBot);
    expect(greeting?.text).toContain("Describe an image");

    // app_home_opened comes on every visit: the prompts are set again, the greeting is not repeated.
    await live.sim.openMessages(USER);
    await eventually(() => expect(live.sim.calls("assistant.threads.setSuggestedPrompts")).toHaveLength(2));
    expect(live.sim.conversation(dm).filter((m) => m.fromBot)).toHaveLength(1);
    // Slack: thread_ts "should only be used in the legacy assistant messaging experience".
    expect(live.sim.calls("assistant.threads.setSuggestedPrompts").map((call) => call.args.thread_ts)).toEqual([
      undefined,
      undefined,
    ]);
    expectAllMessagesValid(live.sim, [dm]);
  });
});

describe("the agent view: a message in the DM", () => {
  it("runs the job in the message's own thread: status line, title, then ONE message with the image", async () => {
    const live = await startAgent();
    const dm = live.sim.dm(USER);
    const prompt = "a lighthouse at dusk, watercolour";
    const { ts = "" } = await live.sim.message({ user: USER, channel: dm, text: prompt });

    const result = await eventually(() => {
      const found = botReplies(live, ts).find(hasImage);
      expect(found).toBeDefined();
      expect(live.sim.assistantThread(dm, ts)?.status).toBe("");
      return found as Shown;
    });
    expect(result.text).toBe(`Image: ${prompt}`);
    expect(result.threadTs).toBe(ts);
    for (const id of [ACTIONS.addToBoard, ACTIONS.variations, ACTIONS.upscale, ACTIONS.regenerate]) {
      expect(actionIds(result)).toContain(id);
    }
    // One message for the job, in the thread: no progress message, and nothing from the bot at the DM's top level.
    expect(botReplies(live, ts)).toHaveLength(1);
    expect(live.sim.conversation(dm).filter((m) => m.fromBot)).toEqual([]);
    expect(live.sim.calls("chat.update")).toHaveLength(0);
    const shown = live.sim.assistantThread(dm, ts);
    expect(shown?.title).toBe("Image: a lighthouse at dusk, watercolour");
    expect(shown?.statusHistory[0]).toBe("is reading your request…");
    expect(shown?.statusHistory.some((status) => status.startsWith("is generating an image…"))).toBe(true);
    expect(shown?.statusHistory.at(-1)).toBe("");
    expect(live.sandbox.sandbox.stats().operations.GenerateImage).toBe(1);
    expectAllMessagesValid(live.sim, [dm]);
  });

  it("answers a reply in that thread in the same thread", async () => {
    const live = await startAgent();
    const dm = live.sim.dm(USER);
    const { ts = "" } = await live.sim.message({ user: USER, channel: dm, text: "credits" });
    await eventually(() => expect(botReplies(live, ts).filter((m) => /credit/i.test(m.text))).toHaveLength(1));
    await live.sim.message({ user: USER, channel: dm, text: "boards", threadTs: ts });
    await eventually(() => expect(botReplies(live, ts)).toHaveLength(2));
    expect(botReplies(live, ts).every((m) => m.threadTs === ts)).toBe(true);
    expect(live.sim.conversation(dm).filter((m) => m.fromBot)).toEqual([]);
    expect(live.sim.assistantThread(dm, ts)?.status).toBe("");
  });
});

describe("the assistant view (STUDIO_SLACK_SURFACE=assistant), for apps installed with it", () => {
  it("still greets assistant_thread_started, and leaves the Messages tab and a top-level DM as before", async () => {
    bot = await startBot({ STUDIO_SLACK_SURFACE: "assistant" });
    const live = bot;
    const { channel, threadTs, result } = await live.sim.openAssistant({
      user: USER,
      context: { channelId: "C0GENERAL" },
    });
    expect(result.status).toBe(200);
    await eventually(() =>
      expect(live.sim.assistantThread(channel, threadTs)?.suggestedPrompts).toEqual({
        title: SUGGESTED_PROMPTS_TITLE,
        prompts: SUGGESTED_PROMPTS,
      }),
    );
    const [greeting] = live.sim.thread(channel, threadTs).filter((m) => m.fromBot);
    expect(greeting?.text).toContain("Describe an image");

    // Opening the Messages tab asks nothing of the bot in this view; a top-level message is answered in the DM.
    await live.sim.openMessages(USER);
    const { ts = "" } = await live.sim.message({ user: USER, channel, text: "credits" });
    await eventually(() => {
      const reply = live.sim.conversation(channel).find((m) => m.fromBot && /credit/i.test(m.text));
      expect(reply).toBeDefined();
    });
    expect(live.sim.calls("assistant.threads.setSuggestedPrompts")).toHaveLength(1);
    expect(live.sim.pinnedPrompts(channel)).toBeUndefined();
    expect(live.sim.assistantThread(channel, ts)).toBeUndefined();
  });
});

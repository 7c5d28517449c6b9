import { Assistant, type AssistantConfig } from "@slack/bolt";
import { afterEach, describe, expect, it } from "vitest";
import { SIM_WORKSPACE, SlackSimError } from "../src/index.js";
import { eventually, type Harness, startHarness } from "./support/bolt.js";

// A tiny Bolt 5 app with an `Assistant` (its default thread context store included), driven through the sim as
// Slack drives it: the person opens the assistant container, types in the thread, moves between channels.

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const PROMPTS = [
  { title: "Make an image", message: "an image of a lighthouse at dusk" },
  { title: "My credits", message: "how many credits do I have?" },
];
const CONTEXT_EVENT = "assistant_thread_context";

/** Starts the harness with an Assistant; `plain` collects what reaches the app's ordinary message listener. */
async function startAssistant(config: Partial<AssistantConfig>) {
  const plain: string[] = [];
  harness = await startHarness((app) => {
    app.assistant(
      new Assistant({
        threadStarted: async ({ say, setSuggestedPrompts }) => {
          await say("Hi! What shall we make?");
          await setSuggestedPrompts({ title: "Try one of these", prompts: PROMPTS });
        },
        userMessage: async () => {},
        ...config,
      } as AssistantConfig),
    );
    app.message(async ({ message }) => {
      plain.push("text" in message ? (message.text ?? "") : "");
    });
  });
  return { sim: harness.sim, plain };
}

describe("the AI assistant surface", () => {
  it("sends assistant_thread_started as Slack does, and the prompts the app sets show in assistantThread()", async () => {
    const events: unknown[] = [];
    const { sim } = await startAssistant({
      threadStarted: async ({ event, say, setSuggestedPrompts }) => {
        events.push(event);
        await say("Hi! What shall we make?");
        await setSuggestedPrompts({ title: "Try one of these", prompts: PROMPTS });
      },
    });
    const { channel, threadTs, result } = await sim.openAssistant({
      user: "U0ALICE",
      context: { channelId: "C0GENERAL" },
    });
    expect(result.status).toBe(200);
    expect(channel).toBe(sim.dm("U0ALICE"));
    await eventually(() =>
      expect(sim.assistantThread(channel, threadTs)?.suggestedPrompts).toEqual({
        title: "Try one of these",
        prompts: PROMPTS,
      }),
    );
    expect(events).toEqual([
      {
        type: "assistant_thread_started",
        assistant_thread: {
          user_id: "U0ALICE",
          context: { channel_id: "C0GENERAL", team_id: SIM_WORKSPACE.teamId },
          channel_id: channel,
          thread_ts: threadTs,
        },
        event_ts: expect.stringMatching(/^\d+\.\d{6}$/),
      },
    ]);
    // The thread: Slack's root message, then the bot's greeting carrying the context Bolt's say() attaches.
    expect(sim.thread(channel, threadTs)).toMatchObject([
      { ts: threadTs, user: "U0ALICE", subtype: "assistant_app_thread", fromBot: false },
      {
        text: "Hi! What shall we make?",
        fromBot: true,
        threadTs,
        metadata: { event_type: CONTEXT_EVENT, event_payload: { channel_id: "C0GENERAL" } },
      },
    ]);
  });

  it("routes a message in the assistant thread to userMessage, not to the app's plain message listener", async () => {
    const received: { text?: string; context: unknown }[] = [];
    const { sim, plain } = await startAssistant({
      userMessage: async ({ message, getThreadContext }) => {
        received.push({ text: "text" in message ? message.text : undefined, context: await getThreadContext() });
      },
    });
    const { channel, threadTs } = await sim.openAssistant({ user: "U0ALICE", context: { channelId: "C0GENERAL" } });
    await eventually(() => expect(sim.thread(channel, threadTs)).toHaveLength(2));

    const sent = await sim.assistantMessage({ user: "U0ALICE", channel, threadTs, text: "a red fox" });
    expect(sent.status).toBe(200);
    // The context comes back from the bot's first reply, read with conversations.replies + include_all_metadata.
    await eventually(() =>
      expect(received).toEqual([
        { text: "a red fox", context: { channel_id: "C0GENERAL", team_id: SIM_WORKSPACE.teamId } },
      ]),
    );
    expect(sim.calls("conversations.replies").at(-1)?.args).toMatchObject({ include_all_metadata: "true" });

    // A DM message outside the thread is an ordinary message: it is the only one the plain listener sees.
    await sim.message({ user: "U0ALICE", channel, text: "hello" });
    await eventually(() => expect(plain).toEqual(["hello"]));
    expect(received).toHaveLength(1);
  });

  it("shows the status while the app works and clears it when the app replies in the thread", async () => {
    let release: () => void = () => {};
    const working = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { sim } = await startAssistant({
      userMessage: async ({ setStatus, say }) => {
        await setStatus({ status: "is drawing...", loading_messages: ["Mixing paint", "Sketching"] });
        await working;
        await say("Here it is");
      },
    });
    const { channel, threadTs } = await sim.openAssistant({ user: "U0BOB" });
    await sim.assistantMessage({ user: "U0BOB", channel, threadTs, text: "a lighthouse" });

    await eventually(() =>
      expect(sim.assistantThread(channel, threadTs)).toMatchObject({
        status: "is drawing...",
        loadingMessages: ["Mixing paint", "Sketching"],
      }),
    );
    release();
    await eventually(() => expect(sim.thread(channel, threadTs).at(-1)?.text).toBe("Here it is"));
    const seen = sim.assistantThread(channel, threadTs);
    expect(seen).toMatchObject({ status: "", statusHistory: ["is drawing...", ""] });
    expect(seen?.loadingMessages).toBeUndefined();
  });

  it("sets the thread's title from the app", async () => {
    const { sim } = await startAssistant({
      userMessage: async ({ message, setTitle }) => {
        await setTitle(`Request: ${"text" in message ? message.text : ""}`);
      },
    });
    const { channel, threadTs } = await sim.openAssistant({ user: "U0ALICE" });
    await sim.assistantMessage({ user: "U0ALICE", channel, threadTs, text: "a video of waves" });
    await eventually(() => expect(sim.assistantThread(channel, threadTs)?.title).toBe("Request: a video of waves"));
  });

  it("delivers a context change to threadContextChanged, and the saved context is what the thread reads back", async () => {
    const changes: unknown[] = [];
    const { sim } = await startAssistant({
      threadContextChanged: async ({ event, saveThreadContext }) => {
        changes.push(event.assistant_thread.context);
        await saveThreadContext();
      },
    });
    const { channel, threadTs } = await sim.openAssistant({ user: "U0ALICE", context: { channelId: "C0GENERAL" } });
    await eventually(() => expect(sim.thread(channel, threadTs)).toHaveLength(2));

    const moved = { channel_id: "C0RANDOM", team_id: SIM_WORKSPACE.teamId };
    const result = await sim.changeAssistantContext({
      user: "U0ALICE",
      channel,
      threadTs,
      context: { channelId: "C0RANDOM" },
    });
    expect(result.status).toBe(200);
    await eventually(() => expect(sim.calls("chat.update")).toHaveLength(1));
    expect(changes).toEqual([moved]);
    expect(sim.assistantThread(channel, threadTs)?.context).toEqual(moved);
    // Bolt's default store keeps it on the bot's first reply; a fresh reader gets it with include_all_metadata only.
    expect(sim.thread(channel, threadTs)[1]?.metadata).toEqual({ event_type: CONTEXT_EVENT, event_payload: moved });
    const client = harness?.app.client;
    const read = await client?.conversations.replies({ channel, ts: threadTs, include_all_metadata: true });
    expect(read?.messages?.[1]?.metadata).toEqual({ event_type: CONTEXT_EVENT, event_payload: moved });
    const bare = await client?.conversations.replies({ channel, ts: threadTs });
    expect(bare?.messages?.[1]?.metadata).toBeUndefined();
    // The root keeps its subtype in the answer, so Bolt's store never takes it for the bot's reply.
    expect(read?.messages?.[0]).toMatchObject({ subtype: "assistant_app_thread", ts: threadTs });
  });

  it("refuses a message or a context change for a thread that is not that person's assistant thread", async () => {
    const { sim } = await startAssistant({});
    const { channel, threadTs } = await sim.openAssistant({ user: "U0ALICE" });
    await eventually(() => expect(sim.assistantThread(channel, threadTs)?.suggestedPrompts).toBeDefined());
    const unknown = sim.assistantMessage({ user: "U0ALICE", channel, threadTs: "1.000001", text: "hi" });
    await expect(unknown).rejects.toMatchObject({ code: "thread_not_found" });
    const stranger = sim.changeAssistantContext({ user: "U0BOB", channel, threadTs, context: {} });
    await expect(stranger).rejects.toBeInstanceOf(SlackSimError);
    await expect(stranger).rejects.toMatchObject({ code: "invalid_options" });
  });
});

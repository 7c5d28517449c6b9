import { webApi } from "@slack/bolt";
import { afterEach, describe, expect, it } from "vitest";
import { createSlackSim, type SlackSim, SlackSimError, STATUS_TIMEOUT_MS } from "../src/index.js";
import { BOT_TOKEN, eventually, type Harness, SIGNING_SECRET, startHarness } from "./support/bolt.js";

// The agent messaging experience (an app whose manifest has `features.agent_view`), as Slack's migration guide
// describes it (https://docs.slack.dev/ai/migrating-to-agent-messaging/): opening the app's DM arrives as
// `app_home_opened` with `tab: "messages"` instead of `assistant_thread_started`; the conversation is the DM, each
// top-level message the root of a thread; suggested prompts are set without `thread_ts`
// (https://docs.slack.dev/reference/methods/assistant.threads.setSuggestedPrompts/), and a status still clears
// itself two minutes after it was set without a reply
// (https://docs.slack.dev/reference/methods/assistant.threads.setStatus/).

const USER = "U0ALICE";
const PROMPT = { title: "An image", message: "an image of a fox" };

let harness: Harness | undefined;
let sim: SlackSim | undefined;
afterEach(async () => {
  await harness?.close();
  await sim?.close();
  harness = undefined;
  sim = undefined;
});

/** The error code of a failed call, or "ok". */
const outcome = (call: Promise<unknown>) =>
  call.then(
    () => "ok",
    (error: { data?: { error?: string } }) => error.data?.error,
  );

/** A sim in agent view whose events go to a stand-in app that records them and acks; a Web API client on it. */
async function agentSim(clock = { now: () => Date.now() }) {
  const events: Record<string, unknown>[] = [];
  sim = createSlackSim({
    signingSecret: SIGNING_SECRET,
    botToken: BOT_TOKEN,
    appUrl: "http://app.test/slack/events",
    view: "agent",
    clock,
    fetch: async (_input, init) => {
      const body = JSON.parse(String(init?.body ?? "{}")) as { event?: Record<string, unknown> };
      if (body.event) events.push(body.event);
      return new Response("", { status: 200 });
    },
  });
  await sim.start();
  const client = new webApi.WebClient(BOT_TOKEN, { slackApiUrl: sim.apiUrl, retryConfig: { retries: 0 } });
  return { sim, client, events };
}

describe("agent view: opening the app's DM", () => {
  it("sends app_home_opened with tab 'messages' and the DM's channel to a Bolt app, and no assistant_thread_started", async () => {
    const seen: { type: string; tab?: string; channel?: string; user?: string }[] = [];
    harness = await startHarness(
      (app) => {
        app.event("app_home_opened", async ({ event }) => {
          seen.push({ type: event.type, tab: event.tab, channel: event.channel, user: event.user });
        });
        app.event("assistant_thread_started", async ({ event }) => {
          seen.push({ type: event.type });
        });
      },
      { view: "agent" },
    );
    const result = await harness.sim.openMessages(USER);
    expect(result.status).toBe(200);
    await eventually(() =>
      expect(seen).toEqual([{ type: "app_home_opened", tab: "messages", channel: harness?.sim.dm(USER), user: USER }]),
    );
  });

  it("has no assistant container: openAssistant throws and says to open the DM instead", async () => {
    const { sim } = await agentSim();
    const opening = sim.openAssistant({ user: USER });
    await expect(opening).rejects.toBeInstanceOf(SlackSimError);
    await expect(opening).rejects.toThrow(/openMessages/);
    expect(sim.conversation(sim.dm(USER))).toEqual([]);
  });
});

describe("agent view: suggested prompts", () => {
  it("pins the prompts set without thread_ts to the DM's Messages tab", async () => {
    const { sim, client } = await agentSim();
    const dm = sim.dm(USER);
    await sim.openMessages(USER);
    const answer = await client.assistant.threads.setSuggestedPrompts({
      channel_id: dm,
      title: "Try one of these",
      prompts: [PROMPT],
    });
    expect(answer).toMatchObject({ ok: true });
    expect(sim.pinnedPrompts(dm)).toEqual({ title: "Try one of these", prompts: [PROMPT] });
    expect(sim.pinnedPrompts(USER)).toEqual({ title: "Try one of these", prompts: [PROMPT] });
  });

  it("answers ok but shows nothing when thread_ts is given ('will cause the call to silently fail')", async () => {
    const { sim, client } = await agentSim();
    const dm = sim.dm(USER);
    const { ts } = await sim.message({ user: USER, channel: dm, text: "hello" });
    const answer = await client.assistant.threads.setSuggestedPrompts({
      channel_id: dm,
      thread_ts: ts ?? "",
      prompts: [PROMPT],
    });
    expect(answer).toMatchObject({ ok: true });
    expect(sim.pinnedPrompts(dm)).toBeUndefined();
    expect(sim.assistantThread(dm, ts ?? "")?.suggestedPrompts).toBeUndefined();
  });
});

describe("agent view: a thread in the DM", () => {
  it("is rooted on the person's top-level message: it takes a status and a title, and the person owns it", async () => {
    const { sim, client } = await agentSim();
    const dm = sim.dm(USER);
    const { ts } = await sim.message({ user: USER, channel: dm, text: "a fox in snow" });
    const thread = { channel_id: dm, thread_ts: ts ?? "" };
    expect(await outcome(client.assistant.threads.setStatus({ ...thread, status: "is drawing…" }))).toBe("ok");
    expect(await outcome(client.assistant.threads.setTitle({ ...thread, title: "A fox" }))).toBe("ok");
    expect(sim.assistantThread(dm, ts ?? "")).toEqual({
      status: "is drawing…",
      statusHistory: ["is drawing…"],
      title: "A fox",
      user: USER,
    });
    // The app's answer in the thread clears the status, as in the assistant view.
    await client.chat.postMessage({ channel: dm, thread_ts: ts ?? "", text: "Here it is" });
    expect(sim.assistantThread(dm, ts ?? "")?.status).toBe("");
  });

  it("loses its status two minutes after it was set without a reply, on the sim's clock", async () => {
    const clock = { offset: 0, now: () => Date.now() + clock.offset };
    const { sim, client } = await agentSim(clock);
    const dm = sim.dm(USER);
    const { ts } = await sim.message({ user: USER, channel: dm, text: "video waves" });
    const set = () => client.assistant.threads.setStatus({ channel_id: dm, thread_ts: ts ?? "", status: "is busy" });
    await set();
    clock.offset += STATUS_TIMEOUT_MS - 1_000;
    // Set again before the two minutes ran out: the timeout counts from the newest status.
    await set();
    clock.offset += STATUS_TIMEOUT_MS - 1_000;
    expect(sim.assistantThread(dm, ts ?? "")?.status).toBe("is busy");
    clock.offset += 1_000;
    expect(sim.assistantThread(dm, ts ?? "")).toMatchObject({
      status: "",
      statusHistory: ["is busy", "is busy", ""],
    });
  });

  it("refuses a title on a thread reply's ts or outside the DM, as for any other thread", async () => {
    const { sim, client } = await agentSim();
    const dm = sim.dm(USER);
    const { ts } = await sim.message({ user: USER, channel: dm, text: "hello" });
    const reply = await sim.message({ user: USER, channel: dm, text: "more", threadTs: ts ?? "" });
    const parent = await client.chat.postMessage({ channel: "C0GENERAL", text: "a channel message" });
    const title = (channel: string, threadTs: string) =>
      outcome(client.assistant.threads.setTitle({ channel_id: channel, thread_ts: threadTs, title: "x" }));
    expect(await title(dm, reply.ts ?? "")).toBe("invalid_thread_ts");
    expect(await title("C0GENERAL", parent.ts ?? "")).toBe("invalid_thread_ts");
  });
});

describe("assistant view, the default, is unchanged", () => {
  it("keeps prompts on assistant threads and refuses a title on a plain DM thread", async () => {
    sim = createSlackSim({
      signingSecret: SIGNING_SECRET,
      botToken: BOT_TOKEN,
      appUrl: "http://app.test/slack/events",
      fetch: async () => new Response("", { status: 200 }),
    });
    await sim.start();
    const client = new webApi.WebClient(BOT_TOKEN, { slackApiUrl: sim.apiUrl, retryConfig: { retries: 0 } });
    const { channel, threadTs } = await sim.openAssistant({ user: USER });
    await client.assistant.threads.setSuggestedPrompts({ channel_id: channel, thread_ts: threadTs, prompts: [PROMPT] });
    expect(sim.assistantThread(channel, threadTs)?.suggestedPrompts).toEqual({ prompts: [PROMPT] });
    expect(sim.pinnedPrompts(channel)).toBeUndefined();
    const { ts } = await sim.message({ user: USER, channel, text: "hello" });
    expect(
      await outcome(client.assistant.threads.setTitle({ channel_id: channel, thread_ts: ts ?? "", title: "x" })),
    ).toBe("invalid_thread_ts");
  });
});

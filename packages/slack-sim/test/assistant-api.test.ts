import { webApi } from "@slack/bolt";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSlackSim, type SlackSim } from "../src/index.js";
import { BOT_TOKEN, SIGNING_SECRET } from "./support/bolt.js";

// The assistant.threads.* methods as a Web API client sees them. Slack's events go to a stand-in app that acks
// everything, so each test can open assistant threads without running Bolt.

let sim: SlackSim;
let client: webApi.WebClient;
// Near real time (Bolt is not involved, but keep the sim's clock honest), moved forward by the tests.
const clock = { offset: 0, now: () => Date.now() + clock.offset };

beforeEach(async () => {
  clock.offset = 0;
  sim = createSlackSim({
    signingSecret: SIGNING_SECRET,
    botToken: BOT_TOKEN,
    appUrl: "http://app.test/slack/events",
    clock,
    fetch: async () => new Response("", { status: 200 }),
  });
  await sim.start();
  client = new webApi.WebClient(BOT_TOKEN, { slackApiUrl: sim.apiUrl, retryConfig: { retries: 0 } });
});
afterEach(() => sim.close());

/** The error code of a failed call, or "ok". */
const outcome = (call: Promise<unknown>) =>
  call.then(
    () => "ok",
    (error: { data?: { error?: string } }) => error.data?.error,
  );

const PROMPT = { title: "An image", message: "an image of a fox" };

describe("assistant.threads.* Web API methods", () => {
  it("answer { ok: true } and show the status, its loading messages, the prompts and the title", async () => {
    const { channel, threadTs } = await sim.openAssistant({ user: "U0ALICE" });
    const status = await client.assistant.threads.setStatus({
      channel_id: channel,
      thread_ts: threadTs,
      status: "is thinking...",
      loading_messages: ["Reading", "Drawing"],
    });
    expect(status).toMatchObject({ ok: true });
    await client.assistant.threads.setSuggestedPrompts({ channel_id: channel, thread_ts: threadTs, prompts: [PROMPT] });
    await client.assistant.threads.setTitle({ channel_id: channel, thread_ts: threadTs, title: "A fox" });
    expect(sim.assistantThread(channel, threadTs)).toEqual({
      status: "is thinking...",
      loadingMessages: ["Reading", "Drawing"],
      title: "A fox",
      suggestedPrompts: { prompts: [PROMPT] },
      statusHistory: ["is thinking..."],
      user: "U0ALICE",
      context: { team_id: "T0SIM0001" },
    });
  });

  it("clear the status on an empty status, and record each clear in statusHistory", async () => {
    const { channel, threadTs } = await sim.openAssistant({ user: "U0ALICE" });
    const set = (status: string) =>
      client.assistant.threads.setStatus({ channel_id: channel, thread_ts: threadTs, status });
    await set("is thinking...");
    await set("");
    await set("is drawing...");
    expect(sim.assistantThread(channel, threadTs)).toMatchObject({
      status: "is drawing...",
      statusHistory: ["is thinking...", "", "is drawing..."],
    });
  });

  it("clear the status when the app shares files into the thread, and after two minutes without a reply", async () => {
    const { channel, threadTs } = await sim.openAssistant({ user: "U0ALICE" });
    const set = () =>
      client.assistant.threads.setStatus({ channel_id: channel, thread_ts: threadTs, status: "is busy" });
    await set();
    await client.filesUploadV2({
      channel_id: channel,
      thread_ts: threadTs,
      file: Buffer.from("png"),
      filename: "a.png",
    });
    expect(sim.assistantThread(channel, threadTs)?.statusHistory).toEqual(["is busy", ""]);

    await set();
    clock.offset += 119_000;
    expect(sim.assistantThread(channel, threadTs)?.status).toBe("is busy");
    clock.offset += 1_000;
    expect(sim.assistantThread(channel, threadTs)).toMatchObject({
      status: "",
      statusHistory: ["is busy", "", "is busy", ""],
    });
  });

  it("set a status on a channel thread the bot is in (chat:write), but refuse prompts and titles there", async () => {
    const parent = await client.chat.postMessage({ channel: "C0GENERAL", text: "make a fox" });
    const thread = { channel_id: "C0GENERAL", thread_ts: parent.ts ?? "" };
    expect(await outcome(client.assistant.threads.setStatus({ ...thread, status: "is working" }))).toBe("ok");
    await client.chat.postMessage({ channel: "C0GENERAL", thread_ts: parent.ts, text: "done" });
    expect(sim.assistantThread("C0GENERAL", parent.ts ?? "")).toEqual({
      status: "",
      statusHistory: ["is working", ""],
    });
    expect(await outcome(client.assistant.threads.setTitle({ ...thread, title: "x" }))).toBe("invalid_thread_ts");
    expect(await outcome(client.assistant.threads.setSuggestedPrompts({ ...thread, prompts: [PROMPT] }))).toBe(
      "invalid_thread_ts",
    );
  });

  it("answer Slack's errors for a missing argument, an unknown channel or thread, and the documented limits", async () => {
    const { channel, threadTs } = await sim.openAssistant({ user: "U0ALICE" });
    const thread = { channel_id: channel, thread_ts: threadTs };
    const call = (method: string, args: Record<string, unknown>) => outcome(client.apiCall(method, args));
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ["assistant.threads.setStatus", { channel_id: channel, status: "x" }, "invalid_arguments"],
      ["assistant.threads.setStatus", thread, "invalid_arguments"],
      ["assistant.threads.setStatus", { ...thread, channel_id: "C0NOPE", status: "x" }, "channel_not_found"],
      ["assistant.threads.setStatus", { ...thread, channel_id: "C0RANDOM", status: "x" }, "channel_not_found"],
      ["assistant.threads.setStatus", { ...thread, thread_ts: "1.000001", status: "x" }, "invalid_thread_ts"],
      [
        "assistant.threads.setStatus",
        { ...thread, status: "x", loading_messages: Array.from({ length: 11 }, (_, i) => `m${i}`) },
        "invalid_arguments",
      ],
      ["assistant.threads.setSuggestedPrompts", thread, "invalid_arguments"],
      ["assistant.threads.setSuggestedPrompts", { ...thread, prompts: Array(5).fill(PROMPT) }, "invalid_arguments"],
      ["assistant.threads.setSuggestedPrompts", { ...thread, prompts: [{ title: "x" }] }, "invalid_arguments"],
      [
        "assistant.threads.setSuggestedPrompts",
        { ...thread, thread_ts: "1.000001", prompts: [PROMPT] },
        "invalid_thread_ts",
      ],
      ["assistant.threads.setTitle", thread, "invalid_arguments"],
      ["assistant.threads.setTitle", { ...thread, channel_id: "U0ALICE", title: "x" }, "channel_not_found"],
    ];
    const answers = [];
    for (const [method, args] of cases) answers.push(await call(method, args));
    expect(answers).toEqual(cases.map(([, , error]) => error));
    // Nothing refused changed what the person sees.
    expect(sim.assistantThread(channel, threadTs)).toEqual({
      status: "",
      statusHistory: [],
      user: "U0ALICE",
      context: { team_id: "T0SIM0001" },
    });
  });

  it("name the missing field and the broken limit in response_metadata, as Slack's invalid_arguments does", async () => {
    const { channel, threadTs } = await sim.openAssistant({ user: "U0ALICE" });
    const error = await client.assistant.threads
      .setSuggestedPrompts({ channel_id: channel, thread_ts: threadTs, prompts: Array(5).fill(PROMPT) })
      .catch((e: { data?: Record<string, unknown> }) => e.data);
    expect(error).toMatchObject({
      ok: false,
      error: "invalid_arguments",
      response_metadata: { messages: ["[ERROR] prompts must have at most 4 items (got 5)"] },
    });
    const bad = await client
      .apiCall("assistant.threads.setTitle", { channel_id: "C0NOPE", thread_ts: threadTs, title: "x" })
      .catch((e: { data?: Record<string, unknown> }) => e.data);
    expect(bad).toMatchObject({ ok: false, error: "channel_not_found", detail: "Invalid channel_id" });
  });

  it("put prompts sent without thread_ts on the channel's newest assistant thread", async () => {
    const first = await sim.openAssistant({ user: "U0ALICE" });
    const second = await sim.openAssistant({ user: "U0ALICE" });
    await client.apiCall("assistant.threads.setSuggestedPrompts", { channel_id: first.channel, prompts: [PROMPT] });
    expect(sim.assistantThread(second.channel, second.threadTs)?.suggestedPrompts).toEqual({ prompts: [PROMPT] });
    expect(sim.assistantThread(first.channel, first.threadTs)?.suggestedPrompts).toBeUndefined();
  });

  it("are rate limited at their tier when limits are on: the 101st setStatus in a minute gets 429", async () => {
    const limited = createSlackSim({
      signingSecret: SIGNING_SECRET,
      botToken: BOT_TOKEN,
      appUrl: "http://app.test/slack/events",
      fetch: async () => new Response("", { status: 200 }),
      rateLimits: true,
    });
    const { channel, threadTs } = await limited.openAssistant({ user: "U0ALICE" });
    const call = () =>
      limited.handle(
        new Request("http://sim.test/api/assistant.threads.setStatus", {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${BOT_TOKEN}` },
          body: JSON.stringify({ channel_id: channel, thread_ts: threadTs, status: "is busy" }),
        }),
      );
    for (let i = 0; i < 100; i++) expect((await call()).status).toBe(200);
    const refused = await call();
    expect(refused.status).toBe(429);
    expect(limited.assistantThread(channel, threadTs)?.statusHistory).toHaveLength(100);
  });
});

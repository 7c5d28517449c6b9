import { webApi } from "@slack/bolt";
import { afterEach, describe, expect, it } from "vitest";
import {
  createSlackSim,
  MISSING_STOPPED_SUBSCRIPTION_WARNING,
  type SlackSim,
  type SlackSimError,
  type SlackSimOptions,
} from "../src/index.js";
import { BOT_TOKEN, SIGNING_SECRET } from "./support/bolt.js";

// Agent sessions (https://docs.slack.dev/ai/agent-sessions/): agents.sessions.setStatus creates a thread's session
// and sets its status, agents.sessions.rename its title; while `processing` Slack shows a stop button whose click
// stops the app's streams in the thread and sends agent_session_stopped, leaving the status for the app to change
// (https://docs.slack.dev/reference/events/agent_session_stopped/).

const USER = "U0ALICE";

let sim: SlackSim | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

/** The error code of a failed call, or "ok". */
const outcome = (call: Promise<unknown>) =>
  call.then(
    () => "ok",
    (error: { data?: { error?: string } }) => error.data?.error,
  );

/** A sim whose events go to a stand-in app that records them and acks; a Web API client on it. */
async function sessionSim(options: Partial<SlackSimOptions> = {}) {
  const events: Record<string, unknown>[] = [];
  sim = createSlackSim({
    signingSecret: SIGNING_SECRET,
    botToken: BOT_TOKEN,
    appUrl: "http://app.test/slack/events",
    view: "agent",
    fetch: async (_input, init) => {
      const body = JSON.parse(String(init?.body ?? "{}")) as { event?: Record<string, unknown> };
      if (body.event) events.push(body.event);
      return new Response("", { status: 200 });
    },
    ...options,
  });
  await sim.start();
  const warnings: string[] = [];
  const logger = {
    debug() {},
    info() {},
    warn: (...messages: unknown[]) => void warnings.push(messages.map(String).join(" ")),
    error() {},
    setLevel() {},
    getLevel: () => webApi.LogLevel.WARN,
    setName() {},
  };
  const client = new webApi.WebClient(BOT_TOKEN, { slackApiUrl: sim.apiUrl, retryConfig: { retries: 0 }, logger });
  return { sim, client, events, warnings };
}

/** A person's top-level message in their DM with the app: the root of a session's thread. */
async function dmRoot(s: SlackSim, text = "a fox in the snow"): Promise<{ channel: string; ts: string }> {
  const channel = s.dm(USER);
  const sent = await s.message({ user: USER, channel, text });
  return { channel, ts: sent.ts };
}

describe("agents.sessions.setStatus", () => {
  it("creates the thread's session with its title and the DM's person, then only changes its status", async () => {
    const { sim, client } = await sessionSim();
    const root = await dmRoot(sim);
    const created = await client.agents.sessions.setStatus({
      channel_id: root.channel,
      thread_ts: root.ts,
      status: "processing",
      title: "A fox in the snow",
    });
    expect(created).toMatchObject({ ok: true, status: "processing", title: "A fox in the snow" });
    expect(created.warning).toBeUndefined();
    const later = await client.agents.sessions.setStatus({
      channel_id: root.channel,
      thread_ts: root.ts,
      status: "active",
      title: "ignored: the session exists",
    });
    expect(later).toMatchObject({ ok: true, status: "active", title: "A fox in the snow" });
    expect(sim.agentSession(root.channel, root.ts)).toEqual({
      channel: root.channel,
      threadTs: root.ts,
      status: "active",
      title: "A fox in the snow",
      user: USER,
      stopButton: false,
      loadingIndicator: false,
      statusHistory: ["processing", "active"],
    });
    expect(sim.agentSessions({ user: USER })).toHaveLength(1);
  });

  it("rides on the thread's assistant state, which the playground reads", async () => {
    const { sim, client } = await sessionSim();
    const root = await dmRoot(sim);
    await client.assistant.threads.setStatus({ channel_id: root.channel, thread_ts: root.ts, status: "is drawing..." });
    expect(sim.assistantThread(root.channel, root.ts)?.agentSession).toBeUndefined();
    await client.agents.sessions.setStatus({ channel_id: root.channel, thread_ts: root.ts, status: "processing" });
    expect(sim.assistantThread(root.channel, root.ts)?.agentSession).toMatchObject({
      status: "processing",
      stopButton: true,
    });
  });

  it("shows the stop button only while the session is processing", async () => {
    const { sim, client } = await sessionSim();
    const root = await dmRoot(sim);
    await client.agents.sessions.setStatus({ channel_id: root.channel, thread_ts: root.ts, status: "processing" });
    expect(sim.agentSession(root.channel, root.ts)).toMatchObject({ stopButton: true, loadingIndicator: false });
    await client.agents.sessions.setStatus({ channel_id: root.channel, thread_ts: root.ts, status: "suspended" });
    expect(sim.agentSession(root.channel, root.ts)).toMatchObject({ stopButton: false, loadingIndicator: false });
  });

  it("makes a session in a channel thread as the person who started it", async () => {
    const { sim, client } = await sessionSim();
    const mention = await sim.mention({ user: "U0BOB", channel: "C0GENERAL", text: "a cat" });
    await client.agents.sessions.setStatus({ channel_id: "C0GENERAL", thread_ts: mention.ts, status: "processing" });
    expect(sim.agentSession("C0GENERAL", mention.ts)).toMatchObject({ user: "U0BOB", status: "processing" });
  });

  it("warns missing_agent_session_stopped_event_subscription without the subscription, and shows no stop button", async () => {
    const { sim, client, warnings } = await sessionSim({ botEvents: ["app_mention", "message.im"] });
    const root = await dmRoot(sim);
    const answer = await client.agents.sessions.setStatus({
      channel_id: root.channel,
      thread_ts: root.ts,
      status: "processing",
    });
    expect(answer.warning).toBe(MISSING_STOPPED_SUBSCRIPTION_WARNING);
    // @slack/web-api logs response_metadata.warnings through the client's logger.
    expect(warnings.some((line) => line.includes(MISSING_STOPPED_SUBSCRIPTION_WARNING))).toBe(true);
    expect(sim.agentSession(root.channel, root.ts)).toMatchObject({ stopButton: false, loadingIndicator: true });
    const click = await sim.stopAgentSession({ channel: root.channel, threadTs: root.ts, user: USER }).catch((e) => e);
    expect((click as SlackSimError).code).toBe("no_stop_button");
  });

  it("refuses what Slack refuses: an unknown status, a long title, a thread that is not there, an app not declared an agent", async () => {
    const { sim, client } = await sessionSim();
    const root = await dmRoot(sim);
    const base = { channel_id: root.channel, thread_ts: root.ts };
    expect(await outcome(client.agents.sessions.setStatus({ ...base, status: "thinking" }))).toBe("invalid_arguments");
    expect(
      await outcome(client.agents.sessions.setStatus({ ...base, status: "processing", title: "x".repeat(201) })),
    ).toBe("invalid_arguments");
    expect(
      await outcome(client.agents.sessions.setStatus({ ...base, thread_ts: "1.000001", status: "processing" })),
    ).toBe("thread_not_found");
    expect(
      await outcome(client.agents.sessions.setStatus({ channel_id: "C0RANDOM", thread_ts: root.ts, status: "active" })),
    ).toBe("not_in_channel");
    expect(sim.agentSessions()).toEqual([]);
    await sim.close();

    const plain = await sessionSim({ agent: false });
    const plainRoot = await dmRoot(plain.sim);
    expect(
      await outcome(
        plain.client.agents.sessions.setStatus({
          channel_id: plainRoot.channel,
          thread_ts: plainRoot.ts,
          status: "processing",
        }),
      ),
    ).toBe("missing_scope");
  });
});

describe("agents.sessions.rename", () => {
  it("gives an existing session a new title and answers it", async () => {
    const { sim, client } = await sessionSim();
    const root = await dmRoot(sim);
    await client.agents.sessions.setStatus({ channel_id: root.channel, thread_ts: root.ts, status: "processing" });
    const renamed = await client.agents.sessions.rename({
      channel_id: root.channel,
      thread_ts: root.ts,
      title: "Foxes",
    });
    expect(renamed).toMatchObject({ ok: true, title: "Foxes" });
    expect(sim.agentSession(root.channel, root.ts)?.title).toBe("Foxes");
  });

  it("answers session_not_found for a thread without a session, and refuses an empty or long title", async () => {
    const { sim, client } = await sessionSim();
    const root = await dmRoot(sim);
    const base = { channel_id: root.channel, thread_ts: root.ts };
    expect(await outcome(client.agents.sessions.rename({ ...base, title: "Foxes" }))).toBe("session_not_found");
    await client.agents.sessions.setStatus({ ...base, status: "active" });
    expect(await outcome(client.agents.sessions.rename({ ...base, title: "" }))).toBe("invalid_arguments");
    expect(await outcome(client.agents.sessions.rename({ ...base, title: "x".repeat(201) }))).toBe("invalid_arguments");
  });
});

describe("the stop button", () => {
  it("stops the app's streams in the thread, sends agent_session_stopped with their ts, and leaves the status to the app", async () => {
    const { sim, client, events } = await sessionSim();
    const root = await dmRoot(sim);
    await client.agents.sessions.setStatus({ channel_id: root.channel, thread_ts: root.ts, status: "processing" });
    const stream = await client.chat.startStream({
      channel: root.channel,
      thread_ts: root.ts,
      markdown_text: "Working",
    });
    const stopped = await sim.stopAgentSession({ channel: root.channel, threadTs: root.ts, user: USER });
    expect(stopped.status).toBe(200);
    expect(stopped.streamingMessageTs).toEqual([stream.ts]);
    const event = events.find((e) => e.type === "agent_session_stopped");
    expect(event).toEqual({
      type: "agent_session_stopped",
      channel: root.channel,
      user: USER,
      thread_ts: root.ts,
      streaming_message_ts: [stream.ts],
      event_ts: expect.stringMatching(/^\d+\.\d{6}$/),
    });
    const streamed = sim.thread(root.channel, root.ts).find((m) => m.ts === stream.ts);
    expect(streamed?.stream).toMatchObject({ state: "stopped", stoppedBy: "user" });
    expect(
      await outcome(client.chat.appendStream({ channel: root.channel, ts: stream.ts as string, markdown_text: "!" })),
    ).toBe("message_not_in_streaming_state");
    // "The session status does not update automatically when the user clicks stop."
    expect(sim.agentSession(root.channel, root.ts)?.status).toBe("processing");
    await client.agents.sessions.setStatus({ channel_id: root.channel, thread_ts: root.ts, status: "active" });
    expect(sim.agentSession(root.channel, root.ts)?.stopButton).toBe(false);
    expect(sim.agentSessionStops()).toEqual([
      expect.objectContaining({ channel: root.channel, threadTs: root.ts, user: USER }),
    ]);
  });

  it("sends an empty streaming_message_ts when no stream was open", async () => {
    const { sim, client, events } = await sessionSim();
    const root = await dmRoot(sim);
    await client.agents.sessions.setStatus({ channel_id: root.channel, thread_ts: root.ts, status: "processing" });
    await sim.stopAgentSession({ channel: root.channel, threadTs: root.ts, user: USER });
    expect(events.find((e) => e.type === "agent_session_stopped")?.streaming_message_ts).toEqual([]);
  });

  it("is not there on a session that is not processing, nor on a thread without a session", async () => {
    const { sim, client } = await sessionSim();
    const root = await dmRoot(sim);
    const missing = await sim
      .stopAgentSession({ channel: root.channel, threadTs: root.ts, user: USER })
      .catch((e) => e);
    expect((missing as SlackSimError).code).toBe("session_not_found");
    await client.agents.sessions.setStatus({ channel_id: root.channel, thread_ts: root.ts, status: "active" });
    const idle = await sim.stopAgentSession({ channel: root.channel, threadTs: root.ts, user: USER }).catch((e) => e);
    expect((idle as SlackSimError).code).toBe("no_stop_button");
  });
});

describe("chat.stopStream's session_status", () => {
  it("moves the stream's thread's session out of processing", async () => {
    const { sim, client } = await sessionSim();
    const root = await dmRoot(sim);
    await client.agents.sessions.setStatus({ channel_id: root.channel, thread_ts: root.ts, status: "processing" });
    const stream = await client.chat.startStream({ channel: root.channel, thread_ts: root.ts, markdown_text: "Hi" });
    await client.chat.stopStream({ channel: root.channel, ts: stream.ts as string, session_status: "active" });
    expect(sim.agentSession(root.channel, root.ts)).toMatchObject({
      status: "active",
      statusHistory: ["processing", "active"],
    });
  });

  it("leaves the session as it is without session_status", async () => {
    const { sim, client } = await sessionSim();
    const root = await dmRoot(sim);
    await client.agents.sessions.setStatus({ channel_id: root.channel, thread_ts: root.ts, status: "processing" });
    const stream = await client.chat.startStream({ channel: root.channel, thread_ts: root.ts, markdown_text: "Hi" });
    await client.chat.stopStream({ channel: root.channel, ts: stream.ts as string });
    expect(sim.agentSession(root.channel, root.ts)?.status).toBe("processing");
  });
});

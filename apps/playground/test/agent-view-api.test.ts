// The agent view through the playground's API (the bot's default surface, as its manifest declares
// features.agent_view): opening the DM tells the bot, whose prompts show pinned there; a thread's agent session rides
// on the message that roots it; Stop is Slack's stop button (agent_session_stopped), refused where Slack shows none;
// STUDIO_SLACK_SURFACE=assistant brings the assistant view back. Sessions are set here through the bot's own Web API
// client (`agents.sessions.setStatus`, as the bot calls it), so each check stands on the page's side alone.
import { AGENT_SESSION_STOPPED_EVENT } from "@studio-kit/slack-sim";
import { afterEach, describe, expect, it } from "vitest";
import type { AgentSessionView, ConversationState, Workspace } from "../src/shared/api.js";
import { type Driver, eventually, startDriver } from "./support/playground.js";

const ALICE = "U0ALICE";
const DM = `D${ALICE}`;
// The bot manifest's events, with and without the stop event: which the sim holds the app to.
const WITH_STOP = ["app_mention", "app_home_opened", "message.im", AGENT_SESSION_STOPPED_EVENT];
const WITHOUT_STOP = ["app_mention", "app_home_opened", "message.im"];

let driver: Driver | undefined;
afterEach(async () => {
  await driver?.close();
  driver = undefined;
});

/**
 * A thread root in Alice's DM that the bot leaves alone: its greeting, posted when she first opens the DM (in the
 * agent view every top-level message of the DM roots one of the app's threads).
 */
async function rootMessage(d: Driver): Promise<string> {
  expect((await d.api("/api/agent/open", { user: ALICE })).status).toBe(200);
  return eventually(async () => {
    const greeting = (await d.state(ALICE, DM)).messages.find((m) => m.fromBot);
    expect(greeting).toBeDefined();
    return greeting?.ts ?? "";
  });
}

/** The session the page draws on the message `ts` of Alice's DM (the state's own reading). */
async function sessionOn(d: Driver, ts: string): Promise<AgentSessionView | undefined> {
  const state: ConversationState = await d.state(ALICE, DM, { thread: ts });
  const root = state.messages.find((m) => m.ts === ts);
  // The thread's root in the thread pane carries the same session as in the list.
  expect(state.thread?.[0]?.session).toEqual(root?.session);
  return root?.session;
}

/** The bot's own Web API client sets the session, as the bot does when it starts work in a thread. */
async function setStatus(d: Driver, threadTs: string, status: string, title?: string) {
  return d.playground.app.client.apiCall("agents.sessions.setStatus", {
    channel_id: DM,
    thread_ts: threadTs,
    status,
    ...(title ? { title } : {}),
  });
}

describe("the agent view's API", () => {
  it("is the default: the workspace says so, opening the DM pins the bot's prompts there, and greets once", async () => {
    const d = await startDriver({ botEvents: WITH_STOP });
    driver = d;
    const { body: workspace } = await d.api<Workspace>("/api/workspace");
    expect(workspace.surface).toBe("agent");
    expect((await driver.state(ALICE, DM)).agent).toBeUndefined();

    expect((await driver.api("/api/agent/open", { user: ALICE })).status).toBe(200);
    const pinned = await eventually(async () => {
      const { agent } = await d.state(ALICE, DM);
      expect(agent?.pinnedPrompts?.prompts.length).toBeGreaterThan(1);
      return agent?.pinnedPrompts;
    });
    expect(pinned?.prompts.map((p) => p.title)).toContain("Make an image");
    // Only in the person's own DM: #general and Bob's DM show none of Alice's.
    expect((await driver.state(ALICE, "C0GENERAL")).agent).toBeUndefined();
    expect((await driver.state("U0BOB", "DU0BOB")).agent).toBeUndefined();
    // The greeting is posted on the first visit only (app_home_opened comes on every one).
    await eventually(async () => expect((await d.state(ALICE, DM)).messages.filter((m) => m.fromBot)).toHaveLength(1));
    expect((await driver.api("/api/agent/open", { user: ALICE })).status).toBe(200);
    expect((await driver.state(ALICE, DM)).messages.filter((m) => m.fromBot)).toHaveLength(1);
  });

  it("draws a session on its thread's root with its title, and Stop sends agent_session_stopped for it", async () => {
    driver = await startDriver({ botEvents: WITH_STOP });
    const ts = await rootMessage(driver);
    await setStatus(driver, ts, "processing", "Image: a red fox");
    expect(await sessionOn(driver, ts)).toMatchObject({
      status: "processing",
      title: "Image: a red fox",
      stopButton: true,
    });

    const stopped = await driver.api("/api/agent/stop", { user: ALICE, threadTs: ts });
    expect(stopped).toEqual({ status: 200, body: { ok: true } });
    // Slack sent the event for that thread, by Alice; the status is the app's to move, as Slack documents.
    const stops = driver.playground.sim.agentSessionStops();
    expect(stops.map((s) => [s.channel, s.threadTs, s.user])).toEqual([[DM, ts, ALICE]]);

    await setStatus(driver, ts, "active");
    expect(await sessionOn(driver, ts)).toMatchObject({ status: "active", stopButton: false });
    // No Stop once it left processing: refused as Slack shows no button.
    const again = await driver.api<{ error: string }>("/api/agent/stop", { user: ALICE, threadTs: ts });
    expect([again.status, again.body.error]).toEqual([409, "not_processing"]);
  });

  it("shows no stop button when the app does not subscribe to agent_session_stopped, and refuses Stop", async () => {
    driver = await startDriver({ botEvents: WITHOUT_STOP });
    const ts = await rootMessage(driver);
    const answer = await setStatus(driver, ts, "processing", "Image: a red fox");
    expect((answer as { warning?: string }).warning).toBe("missing_agent_session_stopped_event_subscription");
    expect(await sessionOn(driver, ts)).toMatchObject({ status: "processing", stopButton: false });
    const refused = await driver.api<{ error: string }>("/api/agent/stop", { user: ALICE, threadTs: ts });
    expect([refused.status, refused.body.error]).toEqual([409, "no_stop_button"]);
  });

  it("refuses a Stop on a thread without a session, in another person's DM, or from nobody", async () => {
    driver = await startDriver({ botEvents: WITH_STOP });
    const ts = await rootMessage(driver);
    const none = await driver.api<{ error: string }>("/api/agent/stop", { user: ALICE, threadTs: ts });
    expect([none.status, none.body.error]).toEqual([404, "session_not_found"]);
    await setStatus(driver, ts, "processing");
    const bobs = await driver.api<{ error: string }>("/api/agent/stop", { user: "U0BOB", threadTs: ts, channel: DM });
    expect([bobs.status, bobs.body.error]).toEqual([404, "channel_not_found"]);
    const nobody = await driver.api<{ error: string }>("/api/agent/stop", { user: "U0NOBODY", threadTs: ts });
    expect([nobody.status, nobody.body.error]).toEqual([400, "unknown_user"]);
  });

  it("draws the session of a mention the bot answers in a channel's thread on the mention itself", async () => {
    const d = await startDriver();
    driver = d;
    const sent = await d.api("/api/send", {
      user: ALICE,
      channel: "C0GENERAL",
      text: "@Studio image a kite over the sea",
    });
    expect(sent.status).toBe(200);
    const mention = await eventually(async () => {
      const found = (await d.state(ALICE, "C0GENERAL")).messages.find((m) => m.text.includes("a kite over the sea"));
      expect(found?.session).toBeDefined();
      return found;
    });
    expect(mention?.session?.title).toMatch(/kite over the sea/);
    // Its job ends (400 ms generations here): the bot moves the session to active, and Stop goes with processing.
    await eventually(async () => {
      const again = (await d.state(ALICE, "C0GENERAL")).messages.find((m) => m.ts === mention?.ts);
      expect(again?.session).toMatchObject({ status: "active", stopButton: false });
    });
  });

  it("is the assistant view with STUDIO_SLACK_SURFACE=assistant: no sessions drawn, the agent endpoints refused", async () => {
    driver = await startDriver({ env: { STUDIO_SLACK_SURFACE: "assistant" } });
    const { body: workspace } = await driver.api<Workspace>("/api/workspace");
    expect(workspace.surface).toBe("assistant");
    const refused = await driver.api<{ error: string; message: string }>("/api/agent/open", { user: ALICE });
    expect([refused.status, refused.body.error]).toEqual([409, "not_agent_view"]);
    expect(refused.body.message).toContain("STUDIO_SLACK_SURFACE=assistant");
    // The assistant pane's thread opens instead, as before.
    expect((await driver.api("/api/assistant/open", { user: ALICE, channel: "C0GENERAL" })).status).toBe(200);
  });
});

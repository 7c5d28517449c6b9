// Socket Mode against Slack's documented protocol, with the real clients: Bolt 5's SocketModeReceiver and the
// @slack/socket-mode client it runs on, plus a bare `ws` client where a test reads the wire itself.
// Protocol: https://docs.slack.dev/apis/events-api/using-socket-mode
// apps.connections.open: https://docs.slack.dev/reference/methods/apps.connections.open
import { LogLevel, SocketModeClient } from "@slack/socket-mode";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { createSlackSim, deliveredEvent, EVENT_RETRIES, type SlackSim } from "../src/index.js";
import { BOT_TOKEN, eventually, SIGNING_SECRET } from "./support/bolt.js";
import { APP_TOKEN, type SocketHarness, startSocketHarness, startSocketSim } from "./support/socket.js";

let harness: SocketHarness | undefined;
let sim: SlackSim | undefined;
const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await harness?.close();
  await sim?.close();
  harness = undefined;
  sim = undefined;
});

const open = (apiUrl: string, headers: Record<string, string>, body = "") =>
  fetch(`${apiUrl}apps.connections.open`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body,
  }).then((response) => response.json() as Promise<{ ok: boolean; url?: string; error?: string }>);

/** Connects a bare WebSocket and resolves with it and its first message. */
function connect(url: string): Promise<{ socket: WebSocket; first: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once("message", (data) => resolve({ socket, first: JSON.parse(data.toString()) }));
    socket.once("error", reject);
  });
}

/** A @slack/socket-mode client on the sim, started (resolves after hello), stopped after the test. */
async function startClient(apiUrl: string): Promise<SocketModeClient> {
  const client = new SocketModeClient({
    appToken: APP_TOKEN,
    clientOptions: { slackApiUrl: apiUrl, retryConfig: { retries: 0 } },
    logLevel: LogLevel.ERROR,
  });
  await client.start();
  cleanups.push(() => client.disconnect());
  return client;
}

describe("apps.connections.open (docs.slack.dev/reference/methods/apps.connections.open)", () => {
  it("answers a WebSocket URL on the sim's own server for the app-level token in the Authorization header", async () => {
    sim = await startSocketSim();
    const answer = await open(sim.apiUrl, { authorization: `Bearer ${APP_TOKEN}` });
    expect(answer.ok).toBe(true);
    const url = new URL(answer.url ?? "");
    expect(url.protocol).toBe("ws:");
    expect(url.host).toBe(new URL(sim.apiUrl).host);
    expect(url.pathname).toBe("/link/");
    expect(url.searchParams.get("app_id")).toBe("A0SIM0001");
    expect(url.searchParams.get("ticket")).toMatch(/.+/);
    const [call] = sim.calls("apps.connections.open");
    expect(call).toMatchObject({ ok: true, status: 200 });
    expect(JSON.stringify(call)).not.toContain(APP_TOKEN);
  });

  it("refuses other tokens with Slack's errors: none, a bot token, another app's, one passed as a POST parameter", async () => {
    sim = await startSocketSim();
    expect(await open(sim.apiUrl, {})).toEqual({ ok: false, error: "not_authed" });
    expect(await open(sim.apiUrl, { authorization: `Bearer ${BOT_TOKEN}` })).toEqual({
      ok: false,
      error: "not_allowed_token_type",
    });
    expect(await open(sim.apiUrl, { authorization: "Bearer xapp-1-another-app" })).toEqual({
      ok: false,
      error: "invalid_auth",
    });
    // "passing it as a POST parameter will result in an error"
    expect(await open(sim.apiUrl, {}, `token=${APP_TOKEN}`)).toEqual({ ok: false, error: "invalid_auth" });
    expect(sim.calls("apps.connections.open").map((call) => call.error)).toEqual([
      "not_authed",
      "not_allowed_token_type",
      "invalid_auth",
      "invalid_auth",
    ]);
  });

  it("refuses every app-level token when the sim delivers over HTTP (the default)", async () => {
    sim = createSlackSim({ signingSecret: SIGNING_SECRET, botToken: BOT_TOKEN, appUrl: "http://127.0.0.1:9/none" });
    await sim.start();
    expect(await open(sim.apiUrl, { authorization: `Bearer ${APP_TOKEN}` })).toEqual({
      ok: false,
      error: "invalid_auth",
    });
    expect(() => sim?.socketMode.connections()).toThrow(/delivers over HTTP/);
  });
});

describe("the connection (docs.slack.dev/apis/events-api/using-socket-mode)", () => {
  it("says hello first, with the number of connections and the app's id; each URL opens one connection", async () => {
    sim = await startSocketSim();
    const { url } = await open(sim.apiUrl, { authorization: `Bearer ${APP_TOKEN}` });
    const { socket, first } = await connect(url ?? "");
    cleanups.push(() => socket.terminate());
    expect(first).toMatchObject({
      type: "hello",
      num_connections: 1,
      connection_info: { app_id: "A0SIM0001" },
      debug_info: { host: expect.any(String), approximate_connection_time: expect.any(Number) },
    });
    await expect(connect(url ?? "")).rejects.toThrow(/401/);
    expect(sim.socketMode.connections()).toMatchObject([{ id: "L1", open: true }]);
  });

  it("sends an event as an events_api envelope and settles it with the client's ack", async () => {
    sim = await startSocketSim();
    const client = await startClient(sim.apiUrl);
    const seen: Array<Record<string, unknown>> = [];
    client.on("app_mention", async ({ ack, body, envelope_id, retry_num, accepts_response_payload }) => {
      seen.push({ body, envelope_id, retry_num, accepts_response_payload });
      await ack();
    });
    const sent = deliveredEvent(await sim.mention({ user: "U0ALICE", channel: "C0GENERAL", text: "hello" }));
    expect(sent).toMatchObject({ status: 200, body: "" });
    const [envelope] = sim.socketMode.envelopes();
    expect(envelope).toMatchObject({
      type: "events_api",
      acceptsResponsePayload: false,
      retryAttempt: 0,
      retryReason: "",
      status: "acked",
      connectionId: "L1",
      payload: { type: "event_callback", event_id: sent.eventId, event: { type: "app_mention", ts: sent.ts } },
    });
    expect(seen).toEqual([
      {
        body: envelope?.payload,
        envelope_id: envelope?.envelopeId,
        retry_num: 0,
        accepts_response_payload: false,
      },
    ]);
  });

  it("redelivers an event that was not acked within 3 s, as Slack retries it, and ignores the late ack", async () => {
    sim = await startSocketSim();
    const client = await startClient(sim.apiUrl);
    const acks: Array<() => Promise<void>> = [];
    const attempts: Array<{ retry: number | undefined; reason: string | undefined; eventId: unknown }> = [];
    client.on("app_mention", async ({ ack, body, retry_num, retry_reason }) => {
      attempts.push({ retry: retry_num, reason: retry_reason, eventId: body.event_id });
      // The first delivery is dropped on the floor (a slow handler, a crash before the ack); the retry is acked.
      if (retry_num === 0) acks.push(ack);
      else await ack();
    });
    const sent = deliveredEvent(await sim.mention({ user: "U0ALICE", channel: "C0GENERAL", text: "hello" }));
    expect(sent.status).toBe(200);
    expect(attempts).toEqual([
      { retry: 0, reason: "", eventId: sent.eventId },
      { retry: 1, reason: "http_timeout", eventId: sent.eventId },
    ]);
    // Acking the first envelope now changes nothing: Slack has given up on it.
    await acks[0]?.();
    const envelopes = sim.socketMode.envelopes();
    expect(envelopes.map((e) => [e.retryAttempt, e.status])).toEqual([
      [0, "timed_out"],
      [1, "acked"],
    ]);
    expect(envelopes[0]?.envelopeId).not.toBe(envelopes[1]?.envelopeId);
  }, 15_000); // Slack's own 3 s ack window is waited out for real once, on top of the connection and the retry.

  it("gives up on an event after Slack's 3 retries, and never retries an unacked command: both read as 404", async () => {
    // A short ack window: nothing is ever acked here, so only the count of attempts matters, not the time.
    sim = await startSocketSim({ socketMode: { appToken: APP_TOKEN, ackTimeoutMs: 100 } });
    await startClient(sim.apiUrl);
    const event = await sim.mention({ user: "U0ALICE", channel: "C0GENERAL", text: "hello" });
    expect(event).toMatchObject({ delivered: true, status: 404 });
    const command = await sim.command({ user: "U0ALICE", channel: "C0GENERAL", text: "x" });
    expect(command.status).toBe(404);
    expect(sim.conversation("C0GENERAL", { as: "U0ALICE" }).filter((m) => m.fromBot)).toEqual([]);
    expect(sim.socketMode.envelopes().map((e) => [e.type, e.retryAttempt, e.status])).toEqual([
      ...Array.from({ length: EVENT_RETRIES + 1 }, (_, retry) => ["events_api", retry, "timed_out"]),
      ["slash_commands", undefined, "timed_out"],
    ]);
  });
});

describe("disconnect and reconnect (docs.slack.dev/apis/events-api/using-socket-mode)", () => {
  it("refresh_requested: Bolt's client reconnects, and what was sent in between arrives once on the new connection", async () => {
    const mentions: string[] = [];
    harness = await startSocketHarness((app) => {
      app.event("app_mention", async ({ event, client }) => {
        mentions.push(event.text);
        await client.chat.postMessage({ channel: event.channel, thread_ts: event.ts, text: "On it" });
      });
    });
    const { sim: live } = harness;
    await live.mention({ user: "U0ALICE", channel: "C0GENERAL", text: "before" });
    expect(live.socketMode.disconnect("refresh_requested")).toBe(1);
    // Sent while the app is between connections: held until it is connected again.
    const during = await live.mention({ user: "U0ALICE", channel: "C0GENERAL", text: "during" });
    expect(during).toMatchObject({ delivered: true, status: 200 });
    const connections = await eventually(() => {
      const all = live.socketMode.connections();
      expect(all).toMatchObject([
        { id: "L1", open: false, disconnectReason: "refresh_requested" },
        { id: "L2", open: true },
      ]);
      return all;
    });
    expect(connections[1]?.disconnectReason).toBeUndefined();
    expect(live.socketMode.envelopes().map((e) => [e.connectionId, e.status])).toEqual([
      ["L1", "acked"],
      ["L2", "acked"],
    ]);
    expect(live.calls("apps.connections.open").map((call) => call.ok)).toEqual([true, true]);
    await eventually(() =>
      expect(live.conversation("C0GENERAL").flatMap((m) => live.thread("C0GENERAL", m.ts).slice(1))).toHaveLength(2),
    );
    expect(mentions).toEqual(["<@U0SIMBOT1> before", "<@U0SIMBOT1> during"]);
  }, 20_000); // @slack/socket-mode waits its clientPingTimeout (5 s by default) before it reconnects.
});

import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createStudioClient, type RetryOptions, type StudioClient } from "@studio-kit/core";
import { createPoller } from "@studio-kit/poller";
import { createVirtualClock, SANDBOX_KEYS, type SandboxServer, startSandboxServer } from "@studio-kit/sandbox";
import { createSlackSim, type SlackSim, type SlackSimOptions, validateMessage } from "@studio-kit/slack-sim";
import { expect } from "vitest";
import { type BotApp, type BotAppOptions, createBotApp } from "../../src/app.js";
import { readConfig } from "../../src/config.js";
import { createLogger } from "../../src/logger.js";
import { findSentinels, SENTINELS, slackTexts } from "./sentinel.js";

/** The secrets are the sentinel scan's (sentinel.ts): every e2e test checks that none of them leaked. */
export const SIGNING_SECRET = SENTINELS.signingSecret;
export const BOT_TOKEN = SENTINELS.botToken;
export const BOT_USER = "U0SIMBOT1";

/** The bot, wired for real: Bolt's HTTP receiver on loopback, slack-sim as Slack, a sandbox server as the API. */
export interface Bot {
  sim: SlackSim;
  sandbox: SandboxServer;
  app: BotApp;
  /** "ack" when the listener acked, "studio:<operation>" for each studio API request, in the order they happened. */
  order: string[];
  /** Every studio API request the bot sent: its operation name and variables, in order. */
  requests: { operation: string; variables: Record<string, unknown> }[];
  /** Every log line the bot wrote (pino at trace level, JSON). */
  logs: string[];
  /**
   * In Socket Mode with STUDIO_HEALTH_PORT set: where /healthz, /readyz and /metrics are served
   * (`http://127.0.0.1:<port>`, the port the receiver got for STUDIO_HEALTH_PORT=0).
   */
  healthUrl?: string;
  /** Over HTTP: the bot's `/slack/events` URL, for a test that sends Slack's requests itself (a replay). */
  url?: string;
  /** Stops everything, then fails if any sentinel secret is in a log line or anything the bot sent to Slack. */
  close(): Promise<void>;
}

/** The bot_events of the manifest an app with this surface is installed with. */
function manifestBotEvents(agent: boolean): string[] {
  const file = agent ? "manifest.json" : "manifest.assistant-view.json";
  const manifest = JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), "utf8")) as {
    settings: { event_subscriptions: { bot_events: string[] } };
  };
  return manifest.settings.event_subscriptions.bot_events;
}

/** Starts the whole bot. Generations take about 300 ms (real time) and are polled every 50 ms. */
export async function startBot(
  env: Record<string, string> = {},
  extra: Pick<BotAppOptions, "pacer" | "store" | "delivery" | "sleep"> & {
    /** The sandbox key the bot's (sentinel) key stands for on the wire. Default the read-write key. */
    sandboxKey?: string;
    /** The bot's clock (job times, click claims, quotas). Default `Date.now`. */
    now?: () => number;
    /** slack-sim's per-method rate limits (429 with Retry-After over them). Default off. */
    rateLimits?: SlackSimOptions["rateLimits"];
    /** The studio client's retries, as main.ts has them (`{}`: core's defaults). Default false: none. */
    studioRetry?: RetryOptions | false;
    /** Requests the sandbox's journal keeps. Default the sandbox's (1000). */
    journalLimit?: number;
    /** How long a generation takes, in the sandbox's (real-time) ms. Default 300. */
    jobMs?: number;
    /** slack-sim's clock (statuses' two-minute timeout, message ts). Default `Date.now`. */
    simClock?: { now(): number };
    /**
     * The app's event subscriptions as slack-sim knows them (`botEvents`: agent_session_stopped decides the stop
     * button). Default the bot_events of the manifest the surface installs (manifest.json in the agent view).
     */
    botEvents?: readonly string[];
    /**
     * Socket Mode end to end: the bot gets SLACK_APP_TOKEN (Bolt's SocketModeReceiver), slack-sim delivers over its
     * WebSocket instead of HTTP. Default false: the HTTP receiver.
     */
    socketMode?: boolean;
  } = {},
): Promise<Bot> {
  const {
    sandboxKey = SANDBOX_KEYS.readWrite,
    rateLimits,
    studioRetry = false,
    journalLimit,
    jobMs = 300,
    socketMode = false,
    simClock,
    botEvents,
    ...appExtra
  } = extra;
  const sandbox = await startSandboxServer({
    port: 0,
    jobMs,
    clock: createVirtualClock({ followRealTime: true }),
    ...(journalLimit === undefined ? {} : { journalLimit }),
  });
  const order: string[] = [];
  const requests: Bot["requests"] = [];
  const studioFetch: typeof fetch = (input, init) => {
    const body =
      typeof init?.body === "string"
        ? (JSON.parse(init.body) as { operationName?: string; variables?: Record<string, unknown> })
        : {};
    order.push(`studio:${body.operationName ?? "?"}`);
    requests.push({ operation: body.operationName ?? "?", variables: body.variables ?? {} });
    // The client holds the sentinel key; the sandbox only knows its own keys, so the key is swapped on the wire.
    const headers = new Headers(init?.headers);
    if (headers.get("authorization") === `Bearer ${SENTINELS.apiKey}`) {
      headers.set("authorization", `Bearer ${sandboxKey}`);
    }
    return fetch(input, { ...init, headers });
  };
  const logs: string[] = [];
  const logger = createLogger("trace", { write: (line: string) => void logs.push(line) });
  const studio = createStudioClient({
    apiKey: SENTINELS.apiKey,
    baseUrl: sandbox.url,
    fetch: studioFetch,
    retry: studioRetry,
    logger,
  });
  let appUrl = "";
  const sim = createSlackSim({
    signingSecret: SIGNING_SECRET,
    botToken: BOT_TOKEN,
    ...(socketMode ? { socketMode: { appToken: SENTINELS.appToken } } : { appUrl: () => appUrl }),
    ...(rateLimits === undefined ? {} : { rateLimits }),
    ...(simClock ? { clock: simClock } : {}),
    // The app as its manifest installs it: the AI surface the bot is set to (STUDIO_SLACK_SURFACE, below).
    view: env.STUDIO_SLACK_SURFACE === "agent" ? "agent" : "assistant",
    botEvents: botEvents ?? manifestBotEvents(env.STUDIO_SLACK_SURFACE === "agent"),
  });
  await sim.start();
  const read = readConfig({
    SLACK_BOT_TOKEN: BOT_TOKEN,
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    CREDITS_CONFIRM_THRESHOLD: "1000",
    STUDIO_BOT_DB: ":memory:",
    // The suites written before the agent view drive the DM as an app installed with the assistant view does (a
    // top-level message answered in the DM itself); agent-view.test.ts and assistant-status-refresh.test.ts run the
    // bot's default, the agent view.
    STUDIO_SLACK_SURFACE: "assistant",
    ...(socketMode ? { SLACK_APP_TOKEN: SENTINELS.appToken } : {}),
    ...env,
  });
  // The app-level token is in the configuration (so it could leak) while the bot stays on the HTTP receiver, unless
  // it runs in Socket Mode.
  const config = { ...read, slack: { ...read.slack, appToken: SENTINELS.appToken } };
  const app = createBotApp({
    config,
    studio,
    poller: createPoller(studio, { schedule: [50], windowMs: 0 }),
    logger,
    slackApiUrl: sim.apiUrl,
    ...appExtra,
  });
  // The receiver hands every request to app.processEvent with the ack that answers Slack: wrapping that ack
  // records when the listener acked, on the app's side, with no race against the HTTP response.
  const processEvent = app.processEvent.bind(app);
  app.processEvent = (event) =>
    processEvent({
      ...event,
      ack: async (response) => {
        order.push("ack");
        return event.ack(response);
      },
    });
  await app.init();
  let healthUrl: string | undefined;
  if (socketMode) {
    // Resolves once slack-sim said hello on the connection the client opened through sim.apiUrl.
    await app.start();
    healthUrl = await socketHealthUrl(app);
  } else {
    const server = (await app.start({ port: 0, host: "127.0.0.1" })) as Server;
    appUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/slack/events`;
  }
  return {
    sim,
    sandbox,
    app,
    order,
    requests,
    logs,
    ...(healthUrl ? { healthUrl } : {}),
    ...(appUrl ? { url: appUrl } : {}),
    close: async () => {
      await app.stop();
      await app.store.close();
      const people = sim.calls().flatMap((call) => [call.args.user, call.args.user_id]);
      const users = [...new Set(["U0ALICE", "U0BOB", ...people].filter((u): u is string => typeof u === "string"))];
      const leaks = findSentinels([...logs, ...slackTexts(sim, users)]);
      await sim.close();
      await sandbox.close();
      expect(leaks, "a secret reached a log line or a Slack message").toEqual([]);
    },
  };
}

export { eventually } from "../../../../scripts/vitest/eventually.js";

/**
 * Where Socket Mode serves health and metrics. Bolt's SocketModeReceiver keeps the HTTP server of its custom routes
 * to itself, and STUDIO_HEALTH_PORT=0 lets it pick a free port, so the port is read back from that server.
 */
async function socketHealthUrl(app: BotApp): Promise<string | undefined> {
  const server = (app as unknown as { receiver?: { httpServer?: Server } }).receiver?.httpServer;
  if (!server) return undefined;
  if (!server.listening) await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

type SimMessage = ReturnType<SlackSim["conversation"]>[number];

const parsed = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : value);

const NO_MESSAGE = new Set(["chat.delete", "chat.getPermalink", "chat.startStream", "chat.appendStream"]);

/**
 * What a message says first: its fallback text, or for a streamed result (chat.stopStream takes no `text`) its
 * headline's words without their mrkdwn ("*Image:* “a lighthouse”" reads "Image: a lighthouse").
 */
export function headline(message: SimMessage | undefined): string {
  if (!message) return "";
  if (message.text) return message.text;
  const section = (message.blocks ?? []).find((block) => block.type === "section");
  const text = String((section?.text as { text?: string } | undefined)?.text ?? "");
  return (text.split("\n")[0] ?? "").replace(/[*“”]/g, "");
}

/** Asserts that every message the bot wrote (Web API calls and what the conversations show) passes Slack's limits. */
export function expectAllMessagesValid(sim: SlackSim, channels: string[]): void {
  const calls = sim.calls().filter((call) => call.method.startsWith("chat."));
  const written: { text: string; blocks: unknown }[] = calls
    // chat.delete and chat.getPermalink write no message; a stream's start and appends carry chunks, which the sim
    // refused if malformed (every call ok, below), and its end carries blocks checked here.
    .filter((call) => !NO_MESSAGE.has(call.method))
    .map((call) => ({ text: String(call.args.text ?? ""), blocks: parsed(call.args.blocks) }));
  for (const channel of channels) {
    for (const shown of sim.conversation(channel).filter((m) => m.fromBot)) {
      written.push({ text: shown.text, blocks: shown.blocks });
    }
  }
  expect(written.length).toBeGreaterThan(0);
  for (const message of written) {
    const result = validateMessage(message.blocks as Parameters<typeof validateMessage>[0], message.text);
    expect(result, JSON.stringify(result)).toEqual({ ok: true });
  }
  // Every call was accepted; a 429 (a call that arrived past a limit under load) is no refusal of the message, and the
  // tests that set rate limits check that each one was waited out.
  const refused = calls.filter((call) => !call.ok && call.status !== 429);
  expect(refused.map((call) => `${call.method}: ${call.error}`)).toEqual([]);
}

/** Every block of a given type in a message. */
export function blocksOf(message: SimMessage | undefined, type: string): Record<string, unknown>[] {
  return (message?.blocks ?? []).filter((block) => block.type === type);
}

/** Every action_id in a message's actions blocks. */
export function actionIds(message: SimMessage | undefined): string[] {
  return blocksOf(message, "actions").flatMap((block) =>
    ((block.elements as { action_id?: string }[] | undefined) ?? []).map((element) => element.action_id ?? ""),
  );
}

/** The `value` of the first button with this action_id in a message. */
export function buttonValue(message: SimMessage | undefined, actionId: string): string {
  for (const block of blocksOf(message, "actions")) {
    for (const element of (block.elements as { action_id?: string; value?: string }[] | undefined) ?? []) {
      if (element.action_id === actionId) return element.value ?? "";
    }
  }
  throw new Error(`no button ${actionId} in the message`);
}

/** A studio client on the bot's sandbox, for reading what the bot did there (boards, cards). */
export function sandboxClient(bot: Bot): StudioClient {
  return createStudioClient({ apiKey: SANDBOX_KEYS.readWrite, baseUrl: bot.sandbox.url, retry: false });
}

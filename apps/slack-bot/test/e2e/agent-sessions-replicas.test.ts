// Issue 41, decision 0028: Stop holds across replicas. Two bots (replica-a and replica-b, each its own Bolt app, pool
// and in-process registry) share one PostgreSQL schema, one slack-sim and one sandbox whose generations finish only
// when the test moves its clock. slack-sim sends each request to the replica the test names, so the work starts on
// replica-a and the click on Stop (agent_session_stopped, https://docs.slack.dev/reference/events/agent_session_stopped/)
// reaches replica-b, which has nothing of it in its process: the stop must reach replica-a through the store.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createStudioClient } from "@studio-kit/core";
import { createPoller } from "@studio-kit/poller";
import { createVirtualClock, SANDBOX_KEYS, type SandboxServer, startSandboxServer } from "@studio-kit/sandbox";
import { createSlackSim, type SlackSim } from "@studio-kit/slack-sim";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type BotApp, type BotAppOptions, createBotApp } from "../../src/app.js";
import { readConfig } from "../../src/config.js";
import { ACTIONS } from "../../src/index.js";
import { createLogger } from "../../src/logger.js";
import { createSlackPacer } from "../../src/services/slack-pacer.js";
import { openPostgresStore } from "../../src/store/postgres/open.js";
import { actionIds, BOT_TOKEN, blocksOf, eventually, SIGNING_SECRET } from "./harness.js";

const USER = "U0ALICE";
const CHANNEL = "C0GENERAL";
/** A generation that finishes only when the test moves the sandbox's clock past it. */
const LONG_JOB_MS = 600_000;
const DATABASE = process.env.STUDIO_TEST_DATABASE_URL;

// CI starts PostgreSQL and sets the variable (.ci/run); elsewhere the test runs when it is set (as replicas.test.ts).
const suite = DATABASE || process.env.CI === "true" ? describe : describe.skip;

interface Replica {
  app: BotApp;
  url: string;
  logs: string[];
}

interface Rig {
  sim: SlackSim;
  sandbox: SandboxServer;
  a: Replica;
  b: Replica;
  /** Where slack-sim sends the next request: replica-a or replica-b. */
  send(to: Replica): void;
  close(): Promise<void>;
}

/** The bot events manifest.json (the agent view) subscribes to: agent_session_stopped among them. */
const BOT_EVENTS = (
  JSON.parse(readFileSync(new URL("../../manifest.json", import.meta.url), "utf8")) as {
    settings: { event_subscriptions: { bot_events: string[] } };
  }
).settings.event_subscriptions.bot_events;

suite("Stop across replicas on one PostgreSQL (decision 0028)", () => {
  const schemas: string[] = [];
  let rig: Rig | undefined;

  beforeAll(() => {
    if (!DATABASE) throw new Error("STUDIO_TEST_DATABASE_URL is not set; .ci/run starts PostgreSQL and sets it.");
  });

  afterEach(async () => {
    await rig?.close();
    rig = undefined;
  });

  afterAll(async () => {
    if (!DATABASE) return;
    const admin = new pg.Client({ connectionString: DATABASE });
    await admin.connect();
    for (const schema of schemas) await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });

  /** Two replicas on a fresh schema; `a` may get its own pacer (to hold a job in its queue). */
  async function startRig(env: Record<string, string> = {}, aOptions: Pick<BotAppOptions, "pacer"> = {}) {
    const schema = `t_${randomBytes(6).toString("hex")}`;
    schemas.push(schema);
    const sandbox = await startSandboxServer({
      port: 0,
      jobMs: LONG_JOB_MS,
      clock: createVirtualClock({ followRealTime: true }),
    });
    let target = "";
    const sim = createSlackSim({
      signingSecret: SIGNING_SECRET,
      botToken: BOT_TOKEN,
      appUrl: () => target,
      view: "agent",
      botEvents: BOT_EVENTS,
    });
    await sim.start();
    const config = readConfig({
      SLACK_BOT_TOKEN: BOT_TOKEN,
      SLACK_SIGNING_SECRET: SIGNING_SECRET,
      CREDITS_CONFIRM_THRESHOLD: "1000",
      STUDIO_SLACK_SURFACE: "agent",
      ...env,
    });
    const replica = async (id: string, extra: Pick<BotAppOptions, "pacer">): Promise<Replica> => {
      const logs: string[] = [];
      const logger = createLogger("trace", { write: (line: string) => void logs.push(line) });
      const studio = createStudioClient({ apiKey: SANDBOX_KEYS.readWrite, baseUrl: sandbox.url, retry: false, logger });
      // Each replica its own pool on the shared schema, as two processes on one DATABASE_URL.
      const store = await openPostgresStore({ connectionString: DATABASE ?? "", schema, poolSize: 4 });
      const app = createBotApp({
        config,
        studio,
        poller: createPoller(studio, { schedule: [50], windowMs: 0 }),
        logger,
        slackApiUrl: sim.apiUrl,
        store,
        replicaId: id,
        ...extra,
      });
      await app.init();
      const server = (await app.start({ port: 0, host: "127.0.0.1" })) as Server;
      return { app, logs, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/slack/events` };
    };
    const a = await replica("replica-a", aOptions);
    const b = await replica("replica-b", {});
    target = a.url;
    rig = {
      sim,
      sandbox,
      a,
      b,
      send: (to) => {
        target = to.url;
      },
      close: async () => {
        for (const { app } of [a, b]) {
          await app.stop();
          await app.store.close();
        }
        await sim.close();
        await sandbox.close();
      },
    };
    return rig;
  }

  type Shown = ReturnType<SlackSim["thread"]>[number];
  const textOf = (m: Shown | undefined) => `${m?.text ?? ""} ${JSON.stringify(m?.blocks ?? [])}`;
  const hasImage = (m: Shown) => blocksOf(m, "image").length > 0;
  const botReplies = (live: Rig, channel: string, ts: string): Shown[] =>
    live.sim.thread(channel, ts, { as: USER }).filter((m) => m.fromBot && m.ts !== ts);
  const generations = (live: Rig) => live.sandbox.sandbox.stats().operations.GenerateImage ?? 0;
  const stopNote = (live: Rig, channel: string, ts: string) =>
    eventually(() => {
      const found = botReplies(live, channel, ts).find((m) => textOf(m).includes("Stopped by you"));
      expect(found).toBeDefined();
      return found as Shown;
    });

  it("a Stop that reaches the replica not running the job: the result is never posted, history says stopped, the session leaves processing", async () => {
    const live = await startRig();
    const dm = live.sim.dm(USER);
    const { ts = "" } = await live.sim.message({ user: USER, channel: dm, text: "a lighthouse at dusk, watercolour" });
    const job = await eventually(async () => {
      const [running] = await live.a.app.store.jobs.unfinished();
      expect(running).toMatchObject({ state: "running", lease: { owner: "replica-a" } });
      expect(live.sim.agentSession(dm, ts)?.stopButton).toBe(true);
      return running as NonNullable<typeof running>;
    });

    live.send(live.b);
    await live.sim.stopAgentSession({ channel: dm, threadTs: ts, user: USER });
    // replica-b has nothing of it in its process, yet tells what the store stopped, and what it cost.
    const note = await stopNote(live, dm, ts);
    expect(textOf(note)).toContain("already been sent to the studio");
    expect(textOf(note)).toContain("kept in your history");
    await eventually(() => expect(live.sim.agentSession(dm, ts)?.status).toBe("active"));
    expect((await live.b.app.store.jobs.get(job.id))?.stoppedAt).toBeDefined();

    // The generation finishes on replica-a, which reads the stop before it would post.
    live.sandbox.sandbox.clock.advance(LONG_JOB_MS * 2);
    const ended = await eventually(async () => {
      const stored = await live.a.app.store.jobs.get(job.id);
      expect(stored?.state).toBe("done");
      return stored;
    });
    expect(ended?.outcome).toBe("stopped");
    expect(ended?.resultIds.length).toBeGreaterThan(0);
    expect(botReplies(live, dm, ts).some(hasImage)).toBe(false);
    expect(generations(live)).toBe(1);
    // replica-a takes the job's line off the thread's status (in its own time), and moves the session no further.
    await eventually(() => expect(live.sim.assistantThread(dm, ts)?.status).toBe(""));
    expect(live.sim.agentSession(dm, ts)?.statusHistory).toEqual(["processing", "active"]);
    expect(live.a.logs.some((line) => line.includes("stopped job finished; not posted"))).toBe(true);

    // History, asked of either replica, says so.
    const seen = live.sim.conversation(CHANNEL, { as: USER }).length;
    await live.sim.command({ user: USER, channel: CHANNEL, text: "history" });
    const list = await eventually(() => {
      const found = live.sim
        .conversation(CHANNEL, { as: USER })
        .slice(seen)
        .find((m) => m.ephemeral && m.fromBot);
      expect(found).toBeDefined();
      return found as Shown;
    });
    expect(textOf(list)).toContain("Stopped by you");
  });

  it("a job waiting in replica-a's queue, stopped through replica-b, is never sent (no generation)", async () => {
    // replica-a's progress message waits at its pacer (Slack's one message a second per channel) until the test
    // has clicked Stop through replica-b.
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    let waiting = false;
    const base = createSlackPacer();
    const pacer = {
      ...base,
      acquire: async (...args: Parameters<typeof base.acquire>) => {
        if (args[0] === "chat.postMessage") {
          waiting = true;
          await gate;
        }
        return base.acquire(...args);
      },
    };
    const live = await startRig({ STUDIO_SLACK_PROGRESS: "update" }, { pacer });
    const { ts } = await live.sim.mention({ user: USER, channel: CHANNEL, text: "a red fox in the snow" });
    await eventually(() => {
      expect(waiting).toBe(true);
      expect(live.sim.agentSession(CHANNEL, ts)?.stopButton).toBe(true);
    });

    live.send(live.b);
    await live.sim.stopAgentSession({ channel: CHANNEL, threadTs: ts, user: USER });
    const note = await stopNote(live, CHANNEL, ts);
    expect(textOf(note)).toContain("stopped before it was sent. Nothing was spent.");
    await eventually(() => expect(live.sim.agentSession(CHANNEL, ts)?.status).toBe("active"));

    open();
    const job = await eventually(async () => {
      const [stored] = await live.a.app.store.jobs.recent(USER, 1);
      expect(stored?.state).toBe("done");
      return stored;
    });
    expect(job?.outcome).toBe("stopped-not-sent");
    expect(generations(live)).toBe(0);
    expect(botReplies(live, CHANNEL, ts).some(hasImage)).toBe(false);
    // Its progress message, posted once the queue let it, says it stopped.
    await eventually(() =>
      expect(botReplies(live, CHANNEL, ts).some((m) => textOf(m).includes("Stopped by you: "))).toBe(true),
    );
    // The replica that got the click moves the session on after its note.
    await eventually(() => expect(live.sim.agentSession(CHANNEL, ts)?.statusHistory).toEqual(["processing", "active"]));
  });

  it("a request waiting for its Confirm on replica-a, stopped through replica-b: its Confirm on replica-a sends nothing", async () => {
    const live = await startRig({ CREDITS_CONFIRM_THRESHOLD: "0" });
    // In a channel's thread the confirmation is an ephemeral: it keeps its buttons, so its Confirm can still be clicked.
    const { ts } = await live.sim.mention({ user: USER, channel: CHANNEL, text: "a red fox in the snow" });
    const ask = await eventually(() => {
      const found = botReplies(live, CHANNEL, ts).find((m) => actionIds(m).includes(ACTIONS.confirmSpend));
      expect(found?.ephemeral).toBe(true);
      return found as Shown;
    });
    await eventually(() => expect(live.sim.agentSession(CHANNEL, ts)?.stopButton).toBe(true));

    live.send(live.b);
    await live.sim.stopAgentSession({ channel: CHANNEL, threadTs: ts, user: USER });
    expect(textOf(await stopNote(live, CHANNEL, ts))).toContain("waiting for your Confirm and was not sent");

    live.send(live.a);
    await live.sim.click({ user: USER, actionId: ACTIONS.confirmSpend, messageTs: ask.ts, channel: CHANNEL });
    await eventually(() =>
      expect(
        live.sim
          .conversation(CHANNEL, { as: USER })
          .concat(live.sim.thread(CHANNEL, ts, { as: USER }))
          .some((m) => textOf(m).includes("You stopped this request")),
      ).toBe(true),
    );
    expect(generations(live)).toBe(0);
    expect(await live.a.app.store.jobs.recent(USER, 5)).toEqual([]);
    // The replica that got the click moves the session on after its note.
    await eventually(() => expect(live.sim.agentSession(CHANNEL, ts)?.statusHistory).toEqual(["processing", "active"]));
  });
});

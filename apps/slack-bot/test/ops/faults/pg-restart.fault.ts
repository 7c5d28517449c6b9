// PostgreSQL restarted (`pg_ctl restart -m fast`) while 20 jobs run on two replicas (built, as child processes)
// behind a load balancer: every job ends with one result and none twice, both replicas reconnect by themselves (no
// restart of theirs, their pools open new connections), and each one's readiness goes false (the `store` check)
// then true again. Restarted twice: while every job is being polled, and again while the results are being
// recorded and delivered (a write refused there leaves the job to be carried on from its record, once).
import { createVirtualClock, type SandboxServer, startSandboxServer } from "@studio-kit/sandbox";
import { createSlackSim, type SlackSim } from "@studio-kit/slack-sim";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOT_TOKEN, eventually, SIGNING_SECRET } from "../../e2e/harness.js";
import { type BotProcess, botProcessEnv, kill, startBotProcess } from "../../e2e/processes.js";
import { type HttpProxy, startProxy } from "../../e2e/proxy.js";
import { findSentinels } from "../../e2e/sentinel.js";
import { signedUrlsSent } from "../../support/signatures.js";
import { type PrivatePostgres, postgresBin, startPrivatePostgres } from "./postgres.js";
import { expectOneResultEach, story, watchReadiness } from "./watch.js";

const CHANNEL = "C0GENERAL";
const JOBS = 20;
// In CI PostgreSQL is installed (scripts/test-postgres.sh); elsewhere the test runs where it is.
const suite = postgresBin() || process.env.CI === "true" ? describe : describe.skip;

suite("PostgreSQL restarted while 20 jobs run on two replicas", () => {
  let postgres: PrivatePostgres;
  let sandbox: SandboxServer;
  let sim: SlackSim;
  let balancer: HttpProxy;
  const bots: BotProcess[] = [];
  const ports: number[] = [];

  const jobs = async () => {
    // A fresh connection each time: the test's own reads must not depend on a connection the restart closed.
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    try {
      return (await client.query<{ state: string; outcome: string | null }>("SELECT state, outcome FROM jobs")).rows;
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    sandbox = await startSandboxServer({ port: 0, jobMs: 60_000, clock: createVirtualClock() });
    balancer = await startProxy(() => ports.map((port) => `http://127.0.0.1:${port}`));
    sim = createSlackSim({
      signingSecret: SIGNING_SECRET,
      botToken: BOT_TOKEN,
      appUrl: `${balancer.url}/slack/events`,
    });
    await sim.start();
    for (let index = 0; index < 2; index++) {
      const bot = await startBotProcess(botProcessEnv(sim.apiUrl, sandbox.url, { DATABASE_URL: postgres.url }));
      bots.push(bot);
      // The balancer reads the ports on each request: a replica is reachable once it is listening.
      ports.push(bot.port);
    }
  });

  afterAll(async () => {
    for (const bot of bots) await kill(bot, "SIGKILL");
    await sim?.close();
    await balancer?.close();
    await sandbox?.close();
    postgres?.stop();
  });

  it("finishes every job once, and the replicas reconnect and are ready again by themselves", async () => {
    const started = Date.now();
    const prompts = Array.from({ length: JOBS }, (_, index) => `a lighthouse in fog, number ${index + 1}`);
    for (const [index, prompt] of prompts.entries()) {
      await sim.command({ user: `U0PERSON${index % 4}`, channel: CHANNEL, text: `image ${prompt}` });
    }
    await eventually(async () => {
      const rows = await jobs();
      expect(rows).toHaveLength(JOBS);
      expect(rows.every((row) => row.state === "running")).toBe(true);
    });
    expect(sandbox.sandbox.stats().operations.GenerateImage).toBe(JOBS);

    // Often: a fast restart keeps the server away for a few hundred ms.
    const watches = ports.map((port) => watchReadiness(`http://127.0.0.1:${port}`, 25));
    await eventually(() => {
      for (const watch of watches) expect(watch.samples.at(-1)?.status).toBe(200);
    });

    const restartAt = Date.now();
    await postgres.restart();
    const restartMs = Date.now() - restartAt;
    // Each replica answers not ready while the database is away (the store check), then ready by itself: an answer
    // asked after the server is back.
    const upAt = Date.now();
    await eventually(() => {
      for (const watch of watches)
        expect(watch.samples.some((sample) => sample.at > upAt && sample.status === 200)).toBe(true);
    });
    const backAt = Date.now();
    for (const watch of watches) watch.stop();
    const stories = watches.map((watch) => story(watch.samples, restartAt));
    for (const told of stories) {
      expect(told, JSON.stringify(stories)).toContain("503:store");
      expect(told.at(-1)).toBe("200");
    }

    // Again, as every generation finishes: the results are being recorded and delivered while the server restarts.
    sandbox.sandbox.advance(10 * 60_000);
    await eventually(async () => expect((await jobs()).some((row) => row.state === "done")).toBe(true));
    await postgres.restart();
    await eventually(async () => {
      const rows = await jobs();
      expect(
        rows.filter((row) => row.state !== "done" || row.outcome !== "completed"),
        bots.flatMap((bot) => bot.output.slice(-20)).join("\n"),
      ).toEqual([]);
    });

    // Nothing was sent twice, each result is there once, and no replica had to be restarted.
    expect(sandbox.sandbox.stats().operations.GenerateImage).toBe(JOBS);
    await eventually(() => expectOneResultEach(sim, CHANNEL, prompts));
    // A result whose file could not reach Slack at first says so in words: no signed URL in any message it sent.
    expect(signedUrlsSent(sim)).toEqual([]);
    for (const bot of bots) expect(bot.child.exitCode).toBeNull();
    expect(findSentinels(bots.flatMap((bot) => bot.output))).toEqual([]);
    // Ten jobs and more wait on each replica's one stop signal: one listener on it, no warning read as a leak.
    expect(bots.flatMap((bot) => bot.output).filter((line) => line.includes("MaxListenersExceeded"))).toEqual([]);
    const output = bots.flatMap((bot) => bot.output);
    const stopped = output.filter((line) => line.includes("it resumes from its record")).length;
    const claimed = output.filter((line) => line.includes("claimed unfinished jobs")).length;
    console.log(
      `pg-restart: ${stopped} job worker(s) stopped by a refused write during the second restart and carried on from the record (${claimed} claim sweeps took jobs); pg_ctl restart -m fast took ${restartMs} ms; both replicas ready again ${backAt - restartAt} ms after it began; readiness ${JSON.stringify(stories)}; whole test ${Math.round((Date.now() - started) / 1000)} s`,
    );
  });
});

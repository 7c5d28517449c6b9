// The studio API unreachable for a minute in the middle of polling: the built bot (a child process) reaches the
// sandbox through a TCP proxy that the test cuts (every connection destroyed, new ones refused) and restores. The
// bot's clocks are its own process's real ones, so the outage is real time: 62 s by default (the readiness check's
// 60 s and a poll), STUDIO_FAULT_OUTAGE_SECONDS to change it. People must see "the studio is not answering, still
// trying" instead of a frozen message; when the API is back the jobs resume (polled again), no generation is sent
// again (the sandbox's request counts), each result is posted once, and readiness names `studio_api` while it was
// away and is ready again after.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createVirtualClock, type SandboxServer, startSandboxServer } from "@studio-kit/sandbox";
import { createSlackSim, type SlackSim } from "@studio-kit/slack-sim";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOT_TOKEN, eventually, SIGNING_SECRET } from "../../e2e/harness.js";
import { type BotProcess, botProcessEnv, kill, startBotProcess } from "../../e2e/processes.js";
import { findSentinels } from "../../e2e/sentinel.js";
import { signedUrlsSent } from "../../support/signatures.js";
import { startTcpProxy, type TcpProxy } from "./tcp-proxy.js";
import { expectOneResultEach, story, watchReadiness } from "./watch.js";

const CHANNEL = "C0GENERAL";
const JOBS = 5;
const OUTAGE_MS = Number(process.env.STUDIO_FAULT_OUTAGE_SECONDS ?? 62) * 1000;
const STILL_TRYING = "The studio is not answering, still trying";

describe("the studio API unreachable for a minute while jobs are polled", () => {
  let sandbox: SandboxServer;
  let proxy: TcpProxy;
  let sim: SlackSim;
  let bot: BotProcess;
  let dir: string;

  beforeAll(async () => {
    sandbox = await startSandboxServer({ port: 0, jobMs: 60_000, clock: createVirtualClock() });
    proxy = await startTcpProxy(Number(new URL(sandbox.url).port));
    sim = createSlackSim({
      signingSecret: SIGNING_SECRET,
      botToken: BOT_TOKEN,
      appUrl: () => `http://127.0.0.1:${bot.port}/slack/events`,
    });
    await sim.start();
    dir = mkdtempSync(join(tmpdir(), "studio-faults-outage-"));
    bot = await startBotProcess(botProcessEnv(sim.apiUrl, proxy.url, { STUDIO_BOT_DB: join(dir, "bot.db") }));
  });

  afterAll(async () => {
    if (bot) await kill(bot, "SIGKILL");
    await sim?.close();
    await proxy?.close();
    await sandbox?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("says it is still trying, resumes when the API is back, and sends nothing twice", async () => {
    const started = Date.now();
    const prompts = Array.from({ length: JOBS }, (_, index) => `a paper boat on a pond, number ${index + 1}`);
    for (const [index, prompt] of prompts.entries()) {
      await sim.command({ user: `U0PERSON${index}`, channel: CHANNEL, text: `image ${prompt}` });
    }
    await eventually(() => expect(sandbox.sandbox.stats().operations.GenerateImage).toBe(JOBS));
    // Being polled: a poll answered after every job was sent.
    const polled = sandbox.sandbox.stats().operations.PollStatuses ?? 0;
    await eventually(() => expect(sandbox.sandbox.stats().operations.PollStatuses ?? 0).toBeGreaterThan(polled));
    const readiness = watchReadiness(`http://127.0.0.1:${bot.port}`, 500);
    await eventually(() => expect(readiness.samples.at(-1)?.status).toBe(200));

    await proxy.cut();
    const cutAt = Date.now();
    // Within about 20 s (15 s of failures, then the next check) every progress message says the studio is silent.
    await eventually(() => {
      const said = sim
        .conversation(CHANNEL)
        .filter((message) => message.fromBot && message.text.includes(STILL_TRYING));
      expect(said).toHaveLength(JOBS);
    });
    const saidAfterMs = Date.now() - cutAt;
    const shown = sim.conversation(CHANNEL).find((message) => message.text.includes(STILL_TRYING));
    expect(JSON.stringify(shown?.blocks)).toContain("still trying. Nothing is lost and nothing will be sent twice.");
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, cutAt + OUTAGE_MS - Date.now())));
    const pollsDuringOutage = sandbox.sandbox.stats().operations.PollStatuses ?? 0;

    await proxy.restore();
    const restoredAt = Date.now();
    // Polled again once the API answers, and ready again.
    await eventually(() =>
      expect(sandbox.sandbox.stats().operations.PollStatuses ?? 0).toBeGreaterThan(pollsDuringOutage),
    );
    const resumedAfterMs = Date.now() - restoredAt;
    await eventually(() => expect(readiness.samples.at(-1)?.status).toBe(200));
    readiness.stop();
    const told = story(readiness.samples, cutAt);
    if (OUTAGE_MS > 61_000) expect(told).toContain("503:studio_api");
    expect(told.at(-1)).toBe("200");

    sandbox.sandbox.advance(10 * 60_000);
    await eventually(() => expectOneResultEach(sim, CHANNEL, prompts));
    expect(signedUrlsSent(sim)).toEqual([]);
    // Nothing was sent twice, and no result still says the studio is silent.
    expect(sandbox.sandbox.stats().operations.GenerateImage).toBe(JOBS);
    expect(sim.conversation(CHANNEL).filter((message) => message.text.includes(STILL_TRYING))).toEqual([]);
    expect(bot.child.exitCode).toBeNull();
    expect(findSentinels(bot.output)).toEqual([]);
    console.log(
      `studio-outage: API cut for ${OUTAGE_MS / 1000} s; "still trying" on every progress after ${saidAfterMs} ms; polled again ${resumedAfterMs} ms after it was back; readiness ${JSON.stringify(told)}; whole test ${Math.round((Date.now() - started) / 1000)} s`,
    );
  });
});

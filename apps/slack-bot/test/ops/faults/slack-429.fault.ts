// Slack answering 429 to every Web API method for 30 s: the built bot (a child process) talks to slack-sim through
// a proxy that, during the storm, answers every `/api/<method>` call itself with HTTP 429 `ratelimited` and
// `Retry-After: 1` (the shortest, so every waiting call comes back and is refused again, the whole storm long), and
// forwards everything otherwise. slack-sim enforces Slack's own limits (`rateLimits: true`). Jobs finish and new
// commands arrive during the storm; afterwards nothing may be lost (every prompt gets its result), nothing posted
// twice, and the backlog must drain within Slack's limits (slack-sim answers no 429 of its own).
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createVirtualClock, type SandboxServer, startSandboxServer } from "@studio-kit/sandbox";
import { createSlackSim, type SlackSim } from "@studio-kit/slack-sim";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOT_TOKEN, eventually, SIGNING_SECRET } from "../../e2e/harness.js";
import { type BotProcess, botProcessEnv, kill, startBotProcess } from "../../e2e/processes.js";
import { findSentinels } from "../../e2e/sentinel.js";
import { signedUrlsSent } from "../../support/signatures.js";
import { expectOneResultEach } from "./watch.js";

const CHANNELS = ["C0ONE", "C0TWO", "C0THREE", "C0FOUR", "C0FIVE"];
const STORM_MS = 30_000;

/** A proxy in front of slack-sim's Web API that answers 429 to every call while `storm` is on. */
async function startStormProxy(target: string) {
  const refused = new Map<string, number>();
  let storm = false;
  const body = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const server: Server = createServer(async (request, response) => {
    const payload = await body(request);
    const method = (request.url ?? "").split("?")[0]?.split("/").pop() ?? "";
    if (storm) {
      refused.set(method, (refused.get(method) ?? 0) + 1);
      response.writeHead(429, { "content-type": "application/json", "retry-after": "1" });
      response.end(JSON.stringify({ ok: false, error: "ratelimited" }));
      return;
    }
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(
        (entry): entry is [string, string] =>
          typeof entry[1] === "string" && !["host", "connection", "content-length"].includes(entry[0]),
      ),
    );
    const answer = await fetch(`${target}${request.url ?? ""}`, {
      method: request.method ?? "POST",
      headers,
      ...(payload.length ? { body: payload } : {}),
    });
    const out = Buffer.from(await answer.arrayBuffer());
    response.writeHead(answer.status, {
      "content-type": answer.headers.get("content-type") ?? "application/json",
      ...(answer.headers.get("retry-after") ? { "retry-after": answer.headers.get("retry-after") ?? "" } : {}),
    });
    response.end(out);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    refused,
    setStorm(on: boolean) {
      storm = on;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe("Slack answering 429 to every method for 30 s", () => {
  let sandbox: SandboxServer;
  let sim: SlackSim;
  let storm: Awaited<ReturnType<typeof startStormProxy>>;
  let bot: BotProcess;
  let dir: string;

  beforeAll(async () => {
    sandbox = await startSandboxServer({ port: 0, jobMs: 60_000, clock: createVirtualClock() });
    sim = createSlackSim({
      signingSecret: SIGNING_SECRET,
      botToken: BOT_TOKEN,
      appUrl: () => `http://127.0.0.1:${bot.port}/slack/events`,
      channels: CHANNELS.map((id) => ({ id, name: id.toLowerCase(), member: true })),
      rateLimits: true,
    });
    await sim.start();
    storm = await startStormProxy(new URL(sim.apiUrl).origin);
    dir = mkdtempSync(join(tmpdir(), "studio-faults-429-"));
    bot = await startBotProcess(
      botProcessEnv(`${storm.url}${new URL(sim.apiUrl).pathname}`, sandbox.url, { STUDIO_BOT_DB: join(dir, "bot.db") }),
    );
  });

  afterAll(async () => {
    if (bot) await kill(bot, "SIGKILL");
    await storm?.close();
    await sim?.close();
    await sandbox?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("loses nothing, posts nothing twice, and drains the backlog within Slack's limits", async () => {
    const started = Date.now();
    const prompt = (channel: string, index: number) => `a kite over the dunes, ${channel} number ${index}`;
    const before = CHANNELS.flatMap((channel) => [1, 2].map((index) => ({ channel, text: prompt(channel, index) })));
    for (const [index, job] of before.entries()) {
      await sim.command({ user: `U0PERSON${index % 4}`, channel: job.channel, text: `image ${job.text}` });
    }
    await eventually(() => expect(sandbox.sandbox.stats().operations.GenerateImage).toBe(before.length));

    storm.setStorm(true);
    const stormAt = Date.now();
    // During the storm: the running jobs finish (their results meet 429s), and new commands come in (their
    // progress messages meet 429s).
    sandbox.sandbox.advance(10 * 60_000);
    const during = CHANNELS.map((channel) => ({ channel, text: prompt(channel, 3) }));
    for (const [index, job] of during.entries()) {
      await sim.command({ user: `U0PERSON${index % 4}`, channel: job.channel, text: `image ${job.text}` });
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, stormAt + STORM_MS - Date.now())));
    storm.setStorm(false);
    const calmAt = Date.now();
    const refused = [...storm.refused.values()].reduce((sum, count) => sum + count, 0);
    expect(refused).toBeGreaterThan(0);

    // The commands from the storm were sent once their progress could be posted; they finish too.
    await eventually(() =>
      expect(sandbox.sandbox.stats().operations.GenerateImage).toBe(before.length + during.length),
    );
    sandbox.sandbox.advance(10 * 60_000);
    for (const channel of CHANNELS) {
      const prompts = [...before, ...during].filter((job) => job.channel === channel).map((job) => job.text);
      await eventually(() => expectOneResultEach(sim, channel, prompts));
      expect(signedUrlsSent(sim)).toEqual([]);
    }
    const drainedMs = Date.now() - calmAt;

    // Within Slack's limits afterwards: slack-sim refused nothing, and no method went over its limit in any minute.
    const stats = sim.rateStats();
    for (const [method, use] of Object.entries(stats)) {
      expect(use.rateLimited, method).toBe(0);
      if (typeof use.limit === "number") expect(use.peakPerMinute, method).toBeLessThanOrEqual(use.limit);
      for (const [channel, inChannel] of Object.entries(use.channels ?? {})) {
        expect(inChannel.peakPerSecond, `${method} in ${channel}`).toBeLessThanOrEqual(3);
      }
    }
    expect(sandbox.sandbox.stats().operations.GenerateImage).toBe(before.length + during.length);
    expect(bot.child.exitCode).toBeNull();
    expect(findSentinels(bot.output)).toEqual([]);
    console.log(
      `slack-429: ${refused} calls answered 429 during the ${STORM_MS / 1000} s storm (${JSON.stringify(Object.fromEntries(storm.refused))}); every result in Slack ${drainedMs} ms after it ended; whole test ${Math.round((Date.now() - started) / 1000)} s`,
    );
  });
});

#!/usr/bin/env node
import { createServer } from "node:http";
import { cpus } from "node:os";
import { performance } from "node:perf_hooks";
import {
  BOT_TOKEN,
  fmt,
  loadBuiltBot,
  peakInWindow,
  percentile,
  SIGNING_SECRET,
  sleep,
  startBot as startBuiltBot,
  startSim,
  table,
  warmSandboxPictures,
} from "./support.mjs";

// The bot, as built: createBotApp and the decisions layer from dist/index.js.
const bot = await loadBuiltBot("slack-bot bench");
const { App } = await import("@slack/bolt");
const { createSandbox, createVirtualClock, startSandboxServer } = await import("@studio-kit/sandbox");
const { SLACK_RATE_LIMITS } = await import("@studio-kit/slack-sim");

const CHANNEL = "C0GENERAL";

const ACK_COMMANDS = 200;
const ACK_WARMUP = 20;
const ACK_CONCURRENCY = 10;
const API_DELAY_MS = 10_000;
const ACK_GOAL_P99_MS = 300;

const JOBS = Number(process.env.BENCH_JOBS ?? 100);
const JOB_MS = 30_000;
const POLL_MS = 1_000;
const DELIVERY_DEADLINE_MS = Number(process.env.BENCH_DEADLINE_MS ?? 240_000);
const SCENARIOS = [
  { name: "(a) one channel", channels: 1, goalP99Ms: 100_000 },
  { name: "(b) ten channels", channels: 10, goalP99Ms: 5_000 },
];
const DESIGNS = [
  { name: "finals first", delivery: "spread" },
  { name: "baseline", delivery: "update-only" },
];

const problems = [];

const startBot = (options) => startBuiltBot(bot, options);

/** The floor: Bolt's HTTP receiver, the signature check, a listener that only acks. */
async function startAckOnly() {
  const { sim, setApp } = await startSim();
  const app = new App({
    signingSecret: SIGNING_SECRET,
    token: BOT_TOKEN,
    deferInitialization: true,
    logLevel: "error",
    clientOptions: { slackApiUrl: sim.apiUrl, retryConfig: { retries: 0 } },
  });
  app.command("/studio", async ({ ack }) => {
    await ack();
  });
  await app.init();
  setApp(await app.start({ port: 0, host: "127.0.0.1" }));
  return { sim, app };
}

/** A studio API that answers every request only after `delayMs` (from an in-process sandbox). */
async function startSlowApi(delayMs) {
  const sandbox = createSandbox({ jobMs: 1000 });
  const held = new Set();
  let received = 0;
  const server = createServer((req, res) => {
    received += 1;
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      const timer = setTimeout(async () => {
        held.delete(timer);
        try {
          const body = chunks.length ? Buffer.concat(chunks) : undefined;
          const answer = await sandbox.handle(
            new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers: req.headers, body }),
          );
          res.writeHead(answer.status, Object.fromEntries(answer.headers));
          res.end(Buffer.from(await answer.arrayBuffer()));
        } catch {
          res.destroy();
        }
      }, delayMs);
      held.add(timer);
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    stats: () => ({ received, held: held.size }),
    close: async () => {
      for (const timer of held) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await sandbox.close?.();
    },
  };
}

async function sendCommands(sim, count, text, concurrency) {
  const results = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      const ack = await sim.command({ user: "U0ALICE", channel: CHANNEL, text: `${text} ${index}` });
      results[index] = ack;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}

async function measureAcks(label, target) {
  await sendCommands(target.sim, ACK_WARMUP, "image warm-up lighthouse", ACK_CONCURRENCY);
  const wall = performance.now();
  const acks = await sendCommands(target.sim, ACK_COMMANDS, "image a lighthouse at dusk --ratio 16:9", ACK_CONCURRENCY);
  const wallMs = performance.now() - wall;
  const bad = acks.filter((ack) => ack.status !== 200);
  if (bad.length) problems.push(`${label}: ${bad.length} acks were not HTTP 200 (first: ${bad[0].status})`);
  const sorted = acks.map((ack) => ack.latencyMs).sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1],
    mean: sorted.reduce((sum, value) => sum + value, 0) / sorted.length,
    wallMs,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// 1. Ack latency.
console.error("bench: ack latency");
const ackOnly = await startAckOnly();
const floor = await measureAcks("ack-only Bolt app", ackOnly);
await ackOnly.app.stop();
await ackOnly.sim.close();

const slowApi = await startSlowApi(API_DELAY_MS);
const slowBot = await startBot({ baseUrl: slowApi.url });
const acks = await measureAcks("bot", slowBot);
const apiAtEnd = slowApi.stats();
if (apiAtEnd.received === 0) problems.push("bot: the handlers sent no API request, so the API's delay was not tested");
// Cut the held API requests: the handlers' calls fail at once (no retries) and nothing waits the 10 s.
await slowApi.close();
await slowBot.app.stop();
await sleep(200);
await slowBot.sim.close();

// ---------------------------------------------------------------------------------------------------------------
// 2. Finished to visible: 100 image jobs finish together; how long until each result shows in (rate-limited) Slack.

const isFinal = (call) => call.ok && /^Image: /.test(String(call.args.text ?? ""));

async function deliveryRun(design, scenario) {
  const clock = createVirtualClock();
  const sandboxServer = await startSandboxServer({ port: 0, jobMs: JOB_MS, clock });
  sandboxServer.sandbox.state.credits.get(sandboxServer.sandbox.workspaceId).balance = 1_000_000;
  const run = await startBot({
    baseUrl: sandboxServer.url,
    poller: { schedule: [POLL_MS], windowMs: 200 }, // every second; ids due within 200 ms share a request
    delivery: design.delivery,
    rateLimits: true,
  });
  const channels = ["C0GENERAL", "C0RANDOM", ...Array.from({ length: 8 }, (_, i) => `C0BENCH${i}`)].slice(
    0,
    scenario.channels,
  );
  for (const channel of channels) run.sim.setMember(channel, true);
  const setupStart = performance.now();
  const acks = [];
  for (let i = 0; i < JOBS; i += 1) {
    const channel = channels[i % channels.length];
    acks.push(run.sim.command({ user: "U0ALICE", channel, text: `image bench job ${i}` }));
  }
  if ((await Promise.all(acks)).some((ack) => ack.status !== 200)) problems.push(`${design.name}: an ack failed`);
  // Every job sent and its progress posted (chat.postMessage is paced per channel: one channel takes ~2 minutes).
  const generated = () => sandboxServer.sandbox.stats().operations.GenerateImage ?? 0;
  while (generated() < JOBS && performance.now() - setupStart < DELIVERY_DEADLINE_MS) await sleep(200);
  await sleep(3_000); // the pollers have seen every job queued
  const setupMs = performance.now() - setupStart;
  console.error(
    `bench: ${design.name}, ${scenario.name}: ${generated()} jobs running after ${(setupMs / 1000).toFixed(0)} s`,
  );
  // COMPLETED, all at once, on the sandbox clock.
  const finishedAt = Date.now();
  clock.advance(Math.ceil(JOB_MS * 1.25) + 1); // past the longest job (the sandbox jitters job time by ±25%)
  const deadline = finishedAt + DELIVERY_DEADLINE_MS;
  while (run.sim.calls().filter(isFinal).length < JOBS && Date.now() < deadline) await sleep(100);
  await sleep(2_000); // late deletes and progress, to see every call that was made
  const finals = run.sim.calls().filter(isFinal);
  if (process.env.BENCH_DEBUG) {
    for (const call of run.sim.calls())
      console.error(call.at - finishedAt, call.method, call.status, String(call.args.text ?? "").slice(0, 80));
  }
  const latencies = finals.map((call) => call.at - finishedAt).sort((a, b) => a - b);
  const calls = run.sim.calls();
  const methods = {};
  for (const method of [
    "chat.postMessage",
    "chat.update",
    "chat.delete",
    "files.getUploadURLExternal",
    "files.completeUploadExternal",
  ]) {
    const answered = calls.filter((call) => call.method === method && call.status !== 429);
    const peakPerChannel =
      method === "chat.postMessage"
        ? Math.max(
            0,
            ...channels.map((c) =>
              peakInWindow(
                answered.filter((call) => call.args.channel === c).map((call) => call.at),
                1_000,
              ),
            ),
          )
        : undefined;
    methods[method] = {
      peak: peakInWindow(answered.map((call) => call.at)),
      limit: SLACK_RATE_LIMITS[method],
      refused: calls.filter((call) => call.method === method && call.status === 429).length,
      peakPerChannel,
    };
  }
  const unhandled = calls
    .filter((call) => call.status === 429)
    .filter(
      (refused) => !calls.some((call) => call.method === refused.method && call.ok && call.at > refused.at),
    ).length;
  const byMethod = {
    update: finals.filter((c) => c.method === "chat.update").length,
    post: finals.filter((c) => c.method === "chat.postMessage").length,
  };
  await run.app.stop();
  await run.sim.close();
  await sandboxServer.close();
  return {
    delivered: finals.length,
    p50: percentile(latencies, 50) ?? Number.NaN,
    p99: percentile(latencies, 99) ?? Number.NaN,
    max: latencies[latencies.length - 1] ?? Number.NaN,
    setupMs,
    methods,
    unhandled,
    byMethod,
  };
}

await warmSandboxPictures();

const delivery = {};
const only = process.env.BENCH_ONLY; // e.g. "(b) ten channels/finals first", to look at one run
for (const scenario of SCENARIOS) {
  for (const design of DESIGNS) {
    if (only && `${scenario.name}/${design.name}` !== only) continue;
    const started = performance.now();
    delivery[`${scenario.name}/${design.name}`] = await deliveryRun(design, scenario);
    console.error(`bench: ${scenario.name}, ${design.name}: ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
}

// ---------------------------------------------------------------------------------------------------------------
console.log(
  `@studio-kit/slack-bot benchmark (${cpus().length} CPUs, node ${process.versions.node}; createBotApp from ${bot.from})\n`,
);
console.log(
  `1. Slash-command ack latency: ${ACK_COMMANDS} "/studio image ..." commands, ${ACK_CONCURRENCY} at a time, after ` +
    `${ACK_WARMUP} warm-up ones;\n   the bot's studio API answers every request after ${API_DELAY_MS / 1000} s ` +
    `(${apiAtEnd.received} API requests received, ${apiAtEnd.held} still held when the acks were done).\n`,
);
const ackRows = [
  ["ack latency p50 (ms)", acks.p50, floor.p50, 1],
  ["ack latency p95 (ms)", acks.p95, floor.p95, 1],
  ["ack latency p99 (ms)", acks.p99, floor.p99, 1],
  ["ack latency max (ms)", acks.max, floor.max, 1],
  ["ack latency mean (ms)", acks.mean, floor.mean, 1],
  ["wall time for the commands (ms)", acks.wallMs, floor.wallMs, 0],
];
table(["bot", "ack-only"], ackRows);
const ackMet = acks.p99 < ACK_GOAL_P99_MS;
console.log(
  `\n   p99 ${fmt(acks.p99)} ms (goal < ${ACK_GOAL_P99_MS} ms; Slack's limit 3000 ms): ${ackMet ? "met" : "MISSED"}\n`,
);

console.log(
  `2. Finished to visible: ${JOBS} image jobs finish together (sandbox clock moved past them at once; polled every ` +
    `${POLL_MS / 1000} s),\n   slack-sim enforcing Slack's per-method limits (429 + Retry-After). Time from COMPLETED ` +
    `to the result in Slack.\n   "baseline" = the design before this one (every result through chat.update, 40 a minute ` +
    `shared with progress),\n   run in the same process: BotDeps.delivery "update-only".\n`,
);
const goals = [];
for (const scenario of SCENARIOS) {
  const now = delivery[`${scenario.name}/finals first`];
  const base = delivery[`${scenario.name}/baseline`];
  console.log(`   ${scenario.name}`);
  table(
    ["finals first", "baseline"],
    [
      ["results delivered", now.delivered, base.delivered, 0],
      [
        "  through chat.update / chat.postMessage",
        `${now.byMethod.update} / ${now.byMethod.post}`,
        `${base.byMethod.update} / ${base.byMethod.post}`,
      ],
      ["finished to visible p50 (s)", now.p50 / 1000, base.p50 / 1000, 2],
      ["finished to visible p99 (s)", now.p99 / 1000, base.p99 / 1000, 2],
      ["finished to visible max (s)", now.max / 1000, base.max / 1000, 2],
      ["setup: commands to all running (s)", now.setupMs / 1000, base.setupMs / 1000, 1],
    ],
  );
  const met = now.p99 <= scenario.goalP99Ms && now.delivered === JOBS;
  goals.push([`${scenario.name}: p99 <= ${scenario.goalP99Ms / 1000} s and all ${JOBS} delivered`, met]);
  console.log(
    `   p99 ${fmt(now.p99 / 1000, 2)} s (goal <= ${scenario.goalP99Ms / 1000} s), ${now.delivered}/${JOBS} delivered: ${met ? "met" : "MISSED"}\n`,
  );
}
console.log(
  "   Per method, the most calls in any 60 s window (finals first runs), against Slack's limit; 429s answered:",
);
for (const scenario of SCENARIOS) {
  const now = delivery[`${scenario.name}/finals first`];
  for (const [method, m] of Object.entries(now.methods)) {
    const limit = typeof m.limit === "number" ? m.limit : m.limit?.burst;
    const perChannel = m.peakPerChannel === undefined ? "" : `, most in 1 s in a channel ${m.peakPerChannel}`;
    const within = typeof m.limit === "number" ? m.peak <= m.limit : m.peakPerChannel <= (m.limit?.burst ?? 3);
    console.log(
      `   ${scenario.name.padEnd(18)} ${method.padEnd(30)} ${String(m.peak).padStart(4)} / ${typeof m.limit === "number" ? m.limit : `${m.limit?.perSecond}/s per channel, burst ${limit}`}${perChannel}; 429: ${m.refused} ${within ? "" : "OVER"}`,
    );
    goals.push([`${scenario.name}: ${method} within Slack's limit`, within]);
  }
  goals.push([`${scenario.name}: every 429 waited out (${now.unhandled} unhandled)`, now.unhandled === 0]);
}
console.log("");
for (const [goal, met] of goals) console.log(`   ${met ? "met   " : "MISSED"} ${goal}`);

for (const problem of problems) console.error(`INVALID RUN: ${problem}`);
if (!ackMet) console.error(`GOAL MISSED: ack p99 ${fmt(acks.p99)} ms >= ${ACK_GOAL_P99_MS} ms`);
const missed = goals.filter(([, met]) => !met);
for (const [goal] of missed) console.error(`GOAL MISSED: ${goal}`);
process.exit(problems.length === 0 && ackMet && missed.length === 0 ? 0 : 1);

#!/usr/bin/env node
// What tracing costs the bot (issue 31, decision 0023), in three set-ups side by side in one process; rounds alternate
// (none, off, on, none, ...) so a busy machine slows all alike:
// - "none": the studio client made with `tracerProvider: false`, so neither the packages nor the bot make any span
//   object at all: the code paths as they were before tracing;
// - "off": as a bot started without an OTLP endpoint runs: no SDK, `@opentelemetry/api` installed with no provider
//   registered, so every span is the API's no-op one;
// - "on": the bot's own SDK set-up (startTracing, as main.ts starts it) with a counting exporter in place of OTLP,
//   so every span is recorded, batched and exported, and nothing waits on a network.
// Each round measures
// 1. ack latency: slash commands against a studio API that holds every request for 10 s, so each handler's work goes
//    on after its ack (as bot.bench.mjs's part 1), and
// 2. a burst of image jobs end to end (command to result in Slack) against an in-process sandbox: wall time, the
//    process's CPU time, and the studio API requests by operation (the poller's PollStatuses among them).
//
//   pnpm --filter @studio-kit/slack-bot build && (cd apps/slack-bot && node bench/tracing.bench.mjs)
//   BENCH_ROUNDS=3 BENCH_ACKS=100 BENCH_JOBS=20 node bench/tracing.bench.mjs   (the defaults)
import { createServer } from "node:http";
import { cpus } from "node:os";
import { performance } from "node:perf_hooks";
import { loadBuiltBot, percentile, sleep, startBot, table, warmSandboxPictures } from "./support.mjs";

const bot = await loadBuiltBot("slack-bot tracing bench");
const api = await import("@opentelemetry/api");
const { createSandbox, createVirtualClock, startSandboxServer } = await import("@studio-kit/sandbox");

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ACKS = Number(process.env.BENCH_ACKS ?? 100);
const ACK_WARMUP = 10;
const ACK_CONCURRENCY = 10;
const API_DELAY_MS = 10_000;
const JOBS = Number(process.env.BENCH_JOBS ?? 20);
const JOB_MS = 1_500;
const CHANNELS = ["C0GENERAL", "C0RANDOM", ...Array.from({ length: 8 }, (_, i) => `C0BENCH${i}`)];
const DEADLINE_MS = 120_000;
const problems = [];

/**
 * Tracing on: the bot's SDK set-up, every span recorded and batched, the exporter counting them (no network, nothing
 * kept). Off again: the SDK stopped and unregistered.
 */
async function tracingOn() {
  const exporter = {
    spans: 0,
    export(spans, done) {
      exporter.spans += spans.length;
      done({ code: 0 });
    },
    shutdown: async () => {},
    forceFlush: async () => {},
  };
  const tracing = await bot.startTracing({ serviceName: "studio-slack-bot-bench", exporter });
  return {
    exporter,
    async off() {
      await tracing.shutdown();
      // NodeSDK's shutdown flushes but leaves its globals registered; the next "off" round must run without them.
      api.trace.disable();
      api.context.disable();
      api.propagation.disable();
    },
  };
}

/** A studio API that answers every request after `delayMs` (from an in-process sandbox). */
async function startSlowApi(delayMs) {
  const sandbox = createSandbox({ jobMs: 1000 });
  const held = new Set();
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      const timer = setTimeout(async () => {
        held.delete(timer);
        const body = chunks.length ? Buffer.concat(chunks) : undefined;
        const answer = await sandbox.handle(
          new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers: req.headers, body }),
        );
        res.writeHead(answer.status, Object.fromEntries(answer.headers));
        res.end(Buffer.from(await answer.arrayBuffer()));
      }, delayMs);
      held.add(timer);
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: async () => {
      for (const timer of held) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function sendCommands(sim, count, text) {
  const latencies = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      const ack = await sim.command({ user: "U0ALICE", channel: "C0GENERAL", text: `${text} ${index}` });
      if (ack.status !== 200) problems.push(`an ack answered ${ack.status}`);
      latencies.push(ack.latencyMs);
    }
  };
  await Promise.all(Array.from({ length: ACK_CONCURRENCY }, worker));
  return latencies;
}

/** Part 1: ack latencies of ACKS commands whose handlers then wait on a slow API. */
async function ackRound(client) {
  const slowApi = await startSlowApi(API_DELAY_MS);
  const run = await startBot(bot, { baseUrl: slowApi.url, client });
  await sendCommands(run.sim, ACK_WARMUP, "image warm-up lighthouse");
  const latencies = await sendCommands(run.sim, ACKS, "image a lighthouse at dusk --ratio 16:9");
  await slowApi.close();
  await run.app.stop();
  await sleep(200);
  await run.sim.close();
  return latencies;
}

const metadataOf = (call) => {
  try {
    return typeof call.args.metadata === "string" ? JSON.parse(call.args.metadata) : call.args.metadata;
  } catch {
    return undefined;
  }
};
const isFinal = (call) => call.ok && metadataOf(call)?.event_type === "studio_job_finished";

/** Part 2: JOBS image jobs over ten channels, from their commands to their results in Slack. */
async function jobsRound(client) {
  const sandboxServer = await startSandboxServer({
    port: 0,
    jobMs: JOB_MS,
    clock: createVirtualClock({ followRealTime: true }),
  });
  sandboxServer.sandbox.state.credits.get(sandboxServer.sandbox.workspaceId).balance = 1_000_000;
  const run = await startBot(bot, { baseUrl: sandboxServer.url, poller: { schedule: [250], windowMs: 50 }, client });
  for (const channel of CHANNELS) run.sim.setMember(channel, true);
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: JOBS }, (_, i) =>
      run.sim.command({ user: "U0ALICE", channel: CHANNELS[i % CHANNELS.length], text: `image bench job ${i}` }),
    ),
  );
  while (run.sim.calls().filter(isFinal).length < JOBS && performance.now() - started < DEADLINE_MS) await sleep(20);
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const delivered = run.sim.calls().filter(isFinal).length;
  if (delivered < JOBS) problems.push(`only ${delivered} of ${JOBS} results arrived`);
  const operations = { ...sandboxServer.sandbox.stats().operations };
  await run.app.stop();
  await run.sim.close();
  await sandboxServer.close();
  return { wallMs, cpuMs: (used.user + used.system) / 1000, operations };
}

await warmSandboxPictures();
const results = { none: [], off: [], on: [] };
for (let round = 0; round < ROUNDS; round += 1) {
  for (const variant of ["none", "off", "on"]) {
    const traced = variant === "on" ? await tracingOn() : undefined;
    const client = variant === "none" ? { tracerProvider: false } : {};
    const acks = await ackRound(client);
    const jobs = await jobsRound(client);
    await traced?.off();
    const spans = traced?.exporter.spans ?? 0;
    if (variant === "on" && spans === 0) problems.push("tracing on recorded no span");
    results[variant].push({ acks, jobs, spans });
    console.error(`bench: round ${round + 1}, tracing ${variant}: ${(jobs.wallMs / 1000).toFixed(1)} s for the jobs`);
  }
}

const median = (values) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const summary = (variant) => {
  const rounds = results[variant];
  const acks = rounds.flatMap((r) => r.acks).sort((a, b) => a - b);
  const ops = (name) => median(rounds.map((r) => r.jobs.operations[name] ?? 0));
  return {
    p50: percentile(acks, 50),
    p95: percentile(acks, 95),
    p99: percentile(acks, 99),
    wall: median(rounds.map((r) => r.jobs.wallMs)),
    cpuPerJob: median(rounds.map((r) => r.jobs.cpuMs / JOBS)),
    generate: ops("GenerateImage"),
    polls: ops("PollStatuses"),
    all: median(rounds.map((r) => Object.values(r.jobs.operations).reduce((sum, n) => sum + n, 0))),
    spans: median(rounds.map((r) => r.spans)),
  };
};
const none = summary("none");
const off = summary("off");
const on = summary("on");
const ackRows = (a, b) => [
  ["ack latency p50 (ms)", a.p50, b.p50, 1],
  ["ack latency p95 (ms)", a.p95, b.p95, 1],
  ["ack latency p99 (ms)", a.p99, b.p99, 1],
];
const jobRows = (a, b) => [
  ["wall time, all results visible (ms)", a.wall, b.wall, 0],
  ["process CPU per job (ms)", a.cpuPerJob, b.cpuPerJob, 1],
  ["studio API requests (all)", a.all, b.all, 0],
  ["  GenerateImage", a.generate, b.generate, 0],
  ["  PollStatuses (the poller's)", a.polls, b.polls, 0],
];

console.log(
  `@studio-kit/slack-bot tracing bench (${cpus().length} CPUs, node ${process.versions.node}; createBotApp from ${bot.from}), ` +
    `${ROUNDS} alternating rounds each\n`,
);
console.log(
  `1. Ack latency: ${ACKS} "/studio image ..." commands per round, ${ACK_CONCURRENCY} at a time, the studio API ` +
    `answering after ${API_DELAY_MS / 1000} s\n`,
);
table(["tracing off", "none"], ackRows(off, none));
console.log("");
table(["tracing on", "tracing off"], ackRows(on, off));
console.log(
  `\n2. ${JOBS} image jobs over ${CHANNELS.length} channels, command to result in Slack (sandbox jobs of ~${JOB_MS / 1000} s, ` +
    "polled every 250 ms); medians of the rounds\n",
);
table(["tracing off", "none"], jobRows(off, none));
console.log("");
table(["tracing on", "tracing off"], jobRows(on, off));
console.log(
  `\n   spans exported per round with tracing on (${ACKS + ACK_WARMUP} acked commands and ${JOBS} jobs): ${on.spans}`,
);
if (problems.length) {
  console.log(`\nProblems:\n${problems.map((p) => `- ${p}`).join("\n")}`);
  process.exitCode = 1;
}

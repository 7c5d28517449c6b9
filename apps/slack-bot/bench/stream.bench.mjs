#!/usr/bin/env node
// Streamed against updated progress (issue 29, decision 0019): 100 image jobs asked by mentions (each answered in its
// thread) finish together; how long until each result is visible, and which Web API methods it took, with progress
// streamed (chat.startStream / appendStream / stopStream where Slack has room) and with today's progress messages
// (chat.postMessage, then chat.update), in the same process, one after the other, against slack-sim enforcing
// Slack's per-method limits (429 + Retry-After).
import { cpus } from "node:os";
import { performance } from "node:perf_hooks";
import {
  fmt,
  isFinalCall,
  loadBuiltBot,
  peakInWindow,
  percentile,
  sleep,
  startBot,
  table,
  warmSandboxPictures,
} from "./support.mjs";

const bot = await loadBuiltBot("slack-bot stream bench");
const { createVirtualClock, startSandboxServer } = await import("@studio-kit/sandbox");
const { SLACK_RATE_LIMITS } = await import("@studio-kit/slack-sim");

const BOT_USER = "U0SIMBOT1";
const JOBS = Number(process.env.BENCH_JOBS ?? 100);
const JOB_MS = 30_000;
const POLL_MS = 1_000;
const DEADLINE_MS = Number(process.env.BENCH_DEADLINE_MS ?? 240_000);
const SCENARIOS = [
  { name: "(a) one channel", channels: 1 },
  { name: "(b) ten channels", channels: 10 },
];
const DESIGNS = [
  { name: "streamed", progress: "stream" },
  { name: "updated", progress: "update" },
];
const METHODS = [
  "chat.postMessage",
  "chat.update",
  "chat.delete",
  "chat.startStream",
  "chat.appendStream",
  "chat.stopStream",
  "files.getUploadURLExternal",
  "files.completeUploadExternal",
];
const problems = [];

async function run(design, scenario) {
  const clock = createVirtualClock();
  const sandboxServer = await startSandboxServer({ port: 0, jobMs: JOB_MS, clock });
  sandboxServer.sandbox.state.credits.get(sandboxServer.sandbox.workspaceId).balance = 1_000_000;
  const bench = await startBot(bot, {
    baseUrl: sandboxServer.url,
    poller: { schedule: [POLL_MS], windowMs: 200 },
    rateLimits: true,
    env: { STUDIO_SLACK_PROGRESS: design.progress },
  });
  const channels = ["C0GENERAL", "C0RANDOM", ...Array.from({ length: 8 }, (_, i) => `C0BENCH${i}`)].slice(
    0,
    scenario.channels,
  );
  for (const channel of channels) bench.sim.setMember(channel, true);
  const setupStart = performance.now();
  const acks = [];
  for (let i = 0; i < JOBS; i += 1) {
    const channel = channels[i % channels.length];
    acks.push(bench.sim.mention({ user: "U0ALICE", channel, text: `<@${BOT_USER}> image bench job ${i}` }));
  }
  if ((await Promise.all(acks)).some((ack) => ack.status !== 200)) problems.push(`${design.name}: an ack failed`);
  const generated = () => sandboxServer.sandbox.stats().operations.GenerateImage ?? 0;
  while (generated() < JOBS && performance.now() - setupStart < DEADLINE_MS) await sleep(200);
  await sleep(3_000); // the pollers have seen every job queued
  const setupMs = performance.now() - setupStart;
  console.error(
    `bench: ${design.name}, ${scenario.name}: ${generated()} jobs running after ${fmt(setupMs / 1000, 0)} s`,
  );
  const finishedAt = Date.now();
  clock.advance(Math.ceil(JOB_MS * 1.25) + 1); // past the longest job (the sandbox jitters job time by ±25%)
  const deadline = finishedAt + DEADLINE_MS;
  while (bench.sim.calls().filter(isFinalCall).length < JOBS && Date.now() < deadline) await sleep(100);
  await sleep(2_000); // late deletes, to see every call that was made
  const calls = bench.sim.calls();
  const finals = calls.filter(isFinalCall);
  const latencies = finals.map((call) => call.at - finishedAt).sort((a, b) => a - b);
  const methods = {};
  for (const method of METHODS) {
    const answered = calls.filter((call) => call.method === method && call.status !== 429);
    methods[method] = {
      calls: answered.length,
      peak: peakInWindow(answered.map((call) => call.at)),
      refused: calls.filter((call) => call.method === method && call.status === 429).length,
    };
  }
  const streamedResults = finals.filter((call) => call.method === "chat.stopStream").length;
  await bench.app.stop();
  await bench.sim.close();
  await sandboxServer.close();
  return {
    delivered: finals.length,
    streamedResults,
    p50: percentile(latencies, 50) ?? Number.NaN,
    p99: percentile(latencies, 99) ?? Number.NaN,
    max: latencies[latencies.length - 1] ?? Number.NaN,
    setupMs,
    methods,
  };
}

await warmSandboxPictures();
const results = {};
for (const scenario of SCENARIOS) {
  for (const design of DESIGNS) {
    const started = performance.now();
    results[`${scenario.name}/${design.name}`] = await run(design, scenario);
    console.error(`bench: ${scenario.name}, ${design.name}: ${fmt((performance.now() - started) / 1000, 0)} s`);
  }
}

console.log(`@studio-kit/slack-bot stream benchmark (${cpus().length} CPUs, node ${process.versions.node})\n`);
console.log(
  `${JOBS} image jobs asked by mentions (answered in their threads) finish together; time from COMPLETED to the\n` +
    `result in Slack (the call carrying its studio_job_finished metadata). "streamed": STUDIO_SLACK_PROGRESS=stream\n` +
    `(decision 0019); "updated": STUDIO_SLACK_PROGRESS=update, progress messages as before. Same process, in turn.\n`,
);
for (const scenario of SCENARIOS) {
  const streamed = results[`${scenario.name}/streamed`];
  const updated = results[`${scenario.name}/updated`];
  console.log(`   ${scenario.name}`);
  const rows = [
    ["results delivered", streamed.delivered, updated.delivered, 0],
    ["  of them ending a stream (chat.stopStream)", streamed.streamedResults, updated.streamedResults, 0],
    ["finished to visible p50 (s)", streamed.p50 / 1000, updated.p50 / 1000, 2],
    ["finished to visible p99 (s)", streamed.p99 / 1000, updated.p99 / 1000, 2],
    ["finished to visible max (s)", streamed.max / 1000, updated.max / 1000, 2],
    ["setup: mentions to all running (s)", streamed.setupMs / 1000, updated.setupMs / 1000, 1],
  ];
  for (const method of METHODS) {
    rows.push([
      `  ${method} calls (429s)`,
      `${streamed.methods[method].calls} (${streamed.methods[method].refused})`,
      `${updated.methods[method].calls} (${updated.methods[method].refused})`,
    ]);
  }
  table(["streamed", "updated"], rows);
  for (const design of ["streamed", "updated"]) {
    const result = results[`${scenario.name}/${design}`];
    if (result.delivered !== JOBS) problems.push(`${scenario.name}, ${design}: ${result.delivered}/${JOBS} delivered`);
    for (const [method, m] of Object.entries(result.methods)) {
      const limit = SLACK_RATE_LIMITS[method];
      if (typeof limit === "number" && m.peak > limit) problems.push(`${scenario.name}, ${design}: ${method} over`);
    }
  }
  console.log("");
}
for (const problem of problems) console.error(`PROBLEM: ${problem}`);
process.exit(problems.length ? 1 : 0);

#!/usr/bin/env node
// Soak (issue 22): the built bot (`node dist/main.js`, one replica, its state in a SQLite file) under a steady
// 1 job a second across 10 channels for 20 minutes, against slack-sim (Slack's limits enforced) and a sandbox whose
// generations take 15 s. Every 10 s it samples the bot process's RSS (/proc/<pid>/status, VmRSS) and event-loop
// delay (the bot's own /metrics: prom-client's nodejs_eventloop_lag_p99_seconds and _max_seconds, measured since
// the previous scrape) and prints them; at the end a minute-by-minute trend, the RSS slope after warm-up (least
// squares, MB per minute) and the goal: RSS grows less than 10 % from the end of warm-up (minute 5) to the end
// (minute 20). Exits 1 when the goal is missed or the run is invalid (a job lost, the bot gone).
//
//   pnpm --filter @studio-kit/slack-bot build && node bench/soak.bench.mjs          # 20 minutes
//   SOAK_MINUTES=4 node bench/soak.bench.mjs                                          # a shorter run
//
// SOAK_MINUTES (default 20), SOAK_JOBS_PER_SECOND (1), SOAK_CHANNELS (10), SOAK_SAMPLE_SECONDS (10). Warm-up is
// the first quarter of the run, at most 5 minutes (a 20-minute run: minutes 0-5).
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const MAIN = join(here, "..", "dist", "main.js");
if (!existsSync(MAIN)) {
  console.error("slack-bot soak: dist/main.js is missing: run `pnpm bench` (it builds first) or `pnpm build`.");
  process.exit(1);
}

const { createVirtualClock, SANDBOX_WORKSPACE_ID, startSandboxServer } = await import("@studio-kit/sandbox");
const { createSlackSim } = await import("@studio-kit/slack-sim");

const MINUTES = Number(process.env.SOAK_MINUTES ?? 20);
const RATE = Number(process.env.SOAK_JOBS_PER_SECOND ?? 1);
const CHANNEL_COUNT = Number(process.env.SOAK_CHANNELS ?? 10);
const SAMPLE_MS = Number(process.env.SOAK_SAMPLE_SECONDS ?? 10) * 1000;
const WARMUP_MS = Math.min(5 * 60_000, (MINUTES * 60_000) / 4);
const RUN_MS = MINUTES * 60_000;
const JOB_MS = 15_000;
const GOAL_GROWTH = 0.1;
const DRAIN_MS = 120_000;

const SIGNING_SECRET = "soak-signing-secret";
const BOT_TOKEN = "xoxb-soak-token";
const CHANNELS = Array.from({ length: CHANNEL_COUNT }, (_, index) => `C0SOAK${index + 1}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The bot process's resident set, in MB (Linux). */
function rssMb(pid) {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((row) => row.startsWith("VmRSS:"));
  return Number(line?.match(/(\d+)/)?.[1] ?? Number.NaN) / 1024;
}

/** The samples of the bot's /metrics this bench reads (a plain reader: names without labels, and one label). */
async function readMetrics(origin) {
  const text = await (await fetch(`${origin}/metrics`, { signal: AbortSignal.timeout(5_000) })).text();
  const value = (pattern) => {
    let sum = 0;
    for (const line of text.split("\n")) if (pattern.test(line)) sum += Number(line.split(" ").pop());
    return sum;
  };
  return {
    lagP99Ms: value(/^nodejs_eventloop_lag_p99_seconds /) * 1000,
    lagMaxMs: value(/^nodejs_eventloop_lag_max_seconds /) * 1000,
    completed: value(/^studio_bot_jobs_finished_total\{kind="image",outcome="completed"\}/),
    finished: value(/^studio_bot_jobs_finished_total\{/),
    inFlight: value(/^studio_bot_jobs_in_flight\{/),
    heapMb: value(/^nodejs_heap_size_used_bytes /) / 1024 / 1024,
  };
}

/** Least-squares slope of y over x. */
function slope(points) {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((sum, [x]) => sum + x, 0) / n;
  const my = points.reduce((sum, [, y]) => sum + y, 0) / n;
  const num = points.reduce((sum, [x, y]) => sum + (x - mx) * (y - my), 0);
  const den = points.reduce((sum, [x]) => sum + (x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

const mean = (values) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
const fixed = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : "n/a");

// ---------------------------------------------------------------------------------------------------------------
// Credits enough for the whole run: 1200 images would spend the built-in workspace's balance in two minutes.
const sandbox = await startSandboxServer({
  port: 0,
  jobMs: JOB_MS,
  clock: createVirtualClock({ followRealTime: true }),
  config: { workspaces: [{ id: SANDBOX_WORKSPACE_ID, credits: 1_000_000_000 }] },
});
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const sim = createSlackSim({
  signingSecret: SIGNING_SECRET,
  botToken: BOT_TOKEN,
  appUrl: `${origin}/slack/events`,
  channels: CHANNELS.map((id) => ({ id, name: id.toLowerCase(), member: true })),
  rateLimits: true,
});
await sim.start();
const dir = mkdtempSync(join(tmpdir(), "studio-soak-"));
const output = [];
const child = spawn(process.execPath, [MAIN], {
  env: {
    PATH: process.env.PATH ?? "",
    SLACK_BOT_TOKEN: BOT_TOKEN,
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    SLACK_API_URL: sim.apiUrl,
    STUDIO_BASE_URL: sandbox.url,
    STUDIO_BOT_DB: join(dir, "bot.db"),
    PORT: String(port),
    LOG_LEVEL: "warn",
    CREDITS_CONFIRM_THRESHOLD: "100000",
  },
  stdio: ["ignore", "pipe", "pipe"],
});
const keep = (chunk) => {
  output.push(...chunk.toString("utf8").split("\n").filter(Boolean));
  if (output.length > 200) output.splice(0, output.length - 200);
};
child.stdout.on("data", keep);
child.stderr.on("data", keep);

const cleanup = async () => {
  child.kill("SIGKILL");
  await sim.close();
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
};
const fail = async (message) => {
  console.error(`slack-bot soak: ${message}\n${output.slice(-20).join("\n")}`);
  await cleanup();
  process.exit(1);
};

for (const deadline = Date.now() + 30_000; ; await sleep(200)) {
  if (child.exitCode !== null) await fail("the bot exited at start");
  try {
    if ((await fetch(`${origin}/readyz`)).status === 200) break;
  } catch {
    // not listening yet
  }
  if (Date.now() > deadline) await fail("the bot was not ready within 30 s");
}

console.log(
  `Soak: ${MINUTES} min at ${RATE} job/s across ${CHANNEL_COUNT} channels on one replica (dist/main.js, SQLite file); generations take ${JOB_MS / 1000} s; slack-sim enforcing Slack's limits. Sampled every ${SAMPLE_MS / 1000} s; warm-up ${fixed(WARMUP_MS / 60_000, 2)} min.`,
);
console.log("\n  time   RSS MB  heap MB  loop p99 ms  loop max ms  sent  done  in flight");

const started = Date.now();
let sent = 0;
let refused = 0;
const samples = [];
let nextSample = started + SAMPLE_MS;
// The load: one command every 1/RATE s, round the channels, on a schedule that does not drift.
const load = (async () => {
  for (let index = 0; Date.now() - started < RUN_MS; index++) {
    const due = started + (index * 1000) / RATE;
    if (due > Date.now()) await sleep(due - Date.now());
    if (Date.now() - started >= RUN_MS) break;
    const channel = CHANNELS[index % CHANNELS.length];
    sim
      .command({ user: `U0SOAK${index % 7}`, channel, text: `image a lantern in the rain, number ${index + 1}` })
      .then((ack) => {
        if (ack.status !== 200) refused += 1;
      })
      .catch(() => {
        refused += 1;
      });
    sent += 1;
  }
})();

while (Date.now() - started < RUN_MS) {
  await sleep(Math.max(0, nextSample - Date.now()));
  nextSample += SAMPLE_MS;
  if (child.exitCode !== null) await fail("the bot exited during the run");
  const at = (Date.now() - started) / 60_000;
  let metrics;
  try {
    metrics = await readMetrics(origin);
  } catch (error) {
    await fail(`could not read /metrics: ${error instanceof Error ? error.message : error}`);
  }
  const sample = { at, rss: rssMb(child.pid), ...metrics, sent };
  samples.push(sample);
  console.log(
    `  ${String(Math.floor(at)).padStart(2)}:${String(Math.round((at % 1) * 60)).padStart(2, "0")}  ${fixed(sample.rss).padStart(7)}  ${fixed(sample.heapMb).padStart(7)}  ${fixed(sample.lagP99Ms).padStart(11)}  ${fixed(sample.lagMaxMs).padStart(11)}  ${String(sent).padStart(4)}  ${String(sample.finished).padStart(4)}  ${String(sample.inFlight).padStart(9)}`,
  );
}
await load;

// Every job sent must finish (the last ones take a generation's time, and Slack's pace, after the load stops).
let final = await readMetrics(origin);
for (const deadline = Date.now() + DRAIN_MS; final.finished < sent && Date.now() < deadline; ) {
  await sleep(1_000);
  final = await readMetrics(origin);
}
const rateStats = sim.rateStats();
await cleanup();

// The trend: per minute, the mean of its samples; the slope and the growth after warm-up.
const warm = samples.filter((sample) => sample.at * 60_000 >= WARMUP_MS);
const atWarm = samples.filter((sample) => Math.abs(sample.at * 60_000 - WARMUP_MS) <= SAMPLE_MS / 2 + 1);
const startRss = mean((atWarm.length ? atWarm : warm.slice(0, 1)).map((sample) => sample.rss));
const endRss = mean(samples.slice(-Math.max(1, Math.round(60_000 / SAMPLE_MS))).map((sample) => sample.rss));
const growth = (endRss - startRss) / startRss;
const rssSlope = slope(warm.map((sample) => [sample.at, sample.rss]));
const lagSlope = slope(warm.map((sample) => [sample.at, sample.lagP99Ms]));

console.log("\n  minute  RSS MB (mean)  loop p99 ms (mean)  loop max ms (max)");
for (let minute = 0; minute < MINUTES; minute++) {
  const inMinute = samples.filter((sample) => sample.at > minute && sample.at <= minute + 1);
  if (!inMinute.length) continue;
  console.log(
    `  ${String(minute + 1).padStart(6)}  ${fixed(mean(inMinute.map((s) => s.rss))).padStart(13)}  ${fixed(mean(inMinute.map((s) => s.lagP99Ms))).padStart(18)}  ${fixed(Math.max(...inMinute.map((s) => s.lagMaxMs))).padStart(17)}`,
  );
}
const slackOver = Object.entries(rateStats).filter(([, use]) => use.rateLimited > 0);
console.log(
  `\n  jobs: ${sent} sent, ${final.finished} finished (${final.completed} completed), ${refused} commands not acked 200; Slack 429s from slack-sim: ${slackOver.length ? slackOver.map(([method, use]) => `${method} ${use.rateLimited}`).join(", ") : "none"}`,
);
console.log(
  `  RSS after warm-up (minute ${fixed(WARMUP_MS / 60_000, 2)}): ${fixed(startRss)} MB; last minute: ${fixed(endRss)} MB; growth ${fixed(growth * 100)} %; slope ${fixed(rssSlope, 2)} MB/min`,
);
console.log(`  event-loop delay p99 slope after warm-up: ${fixed(lagSlope, 3)} ms/min`);

const problems = [];
if (final.finished < sent)
  problems.push(`${sent - final.finished} of ${sent} jobs did not finish within ${DRAIN_MS / 1000} s of the end`);
if (final.completed < final.finished) problems.push(`${final.finished - final.completed} jobs did not complete`);
if (refused > 0) problems.push(`${refused} commands were not acked`);
const met = growth < GOAL_GROWTH;
console.log(
  `\n  ${met ? "met   " : "MISSED"} RSS growth ${fixed(growth * 100)} % from minute ${fixed(WARMUP_MS / 60_000, 2)} to ${MINUTES} (goal < ${GOAL_GROWTH * 100} %)`,
);
for (const problem of problems) console.log(`  INVALID ${problem}`);
process.exit(met && problems.length === 0 ? 0 : 1);

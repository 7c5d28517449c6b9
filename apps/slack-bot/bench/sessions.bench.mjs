#!/usr/bin/env node
// What agent sessions cost in Slack calls (issue 41, decision 0028): the same image jobs, asked by mentions (each
// answered in its thread), with the bot installed in the assistant view (no sessions) and in the agent view (a
// session per thread), against slack-sim enforcing Slack's per-method limits. Calls are counted per method and per
// job: the agent view may add only the documented session calls, agents.sessions.setStatus `processing` when a job
// starts and `active` when it ended (https://docs.slack.dev/ai/agent-sessions/). Figures are printed; the only
// checks are on counts (every job delivered, two session calls per job, nothing else added), never on time.
import { cpus } from "node:os";
import { performance } from "node:perf_hooks";
import { fmt, isFinalCall, loadBuiltBot, sleep, startBot, warmSandboxPictures } from "./support.mjs";

const bot = await loadBuiltBot("slack-bot sessions bench");
const { createVirtualClock, startSandboxServer } = await import("@studio-kit/sandbox");

const BOT_USER = "U0SIMBOT1";
const JOBS = Number(process.env.BENCH_JOBS ?? 20);
const JOB_MS = 10_000;
const POLL_MS = 1_000;
const DEADLINE_MS = Number(process.env.BENCH_DEADLINE_MS ?? 180_000);
const DESIGNS = [
  { name: "assistant view", surface: "assistant", view: "assistant" },
  { name: "agent view", surface: "agent", view: "agent" },
];
const SESSION_METHOD = "agents.sessions.setStatus";
/** The documented session calls per job: `processing` at its start, `active` at its end. */
const SESSION_CALLS_PER_JOB = 2;
const problems = [];

async function run(design) {
  const clock = createVirtualClock();
  const sandboxServer = await startSandboxServer({ port: 0, jobMs: JOB_MS, clock });
  sandboxServer.sandbox.state.credits.get(sandboxServer.sandbox.workspaceId).balance = 1_000_000;
  const bench = await startBot(bot, {
    baseUrl: sandboxServer.url,
    poller: { schedule: [POLL_MS], windowMs: 200 },
    rateLimits: true,
    view: design.view,
    env: { STUDIO_SLACK_SURFACE: design.surface },
  });
  const started = performance.now();
  const threads = [];
  for (let i = 0; i < JOBS; i += 1) {
    const sent = await bench.sim.mention({
      user: "U0ALICE",
      channel: "C0GENERAL",
      text: `<@${BOT_USER}> image sessions bench job ${i}`,
    });
    if (sent.status !== 200) problems.push(`${design.name}: an ack failed`);
    threads.push(sent.ts);
  }
  const generated = () => sandboxServer.sandbox.stats().operations.GenerateImage ?? 0;
  while (generated() < JOBS && performance.now() - started < DEADLINE_MS) await sleep(200);
  await sleep(2_000); // the pollers have seen every job queued
  clock.advance(Math.ceil(JOB_MS * 1.25) + 1); // past the longest job (the sandbox jitters job time by ±25%)
  const deadline = Date.now() + DEADLINE_MS;
  const sessionsSettled = () =>
    design.view !== "agent" || threads.every((ts) => bench.sim.agentSession("C0GENERAL", ts)?.status === "active");
  while ((bench.sim.calls().filter(isFinalCall).length < JOBS || !sessionsSettled()) && Date.now() < deadline) {
    await sleep(100);
  }
  await sleep(2_000); // late calls (deletes, statuses), to see every call that was made
  const calls = bench.sim.calls().filter((call) => call.status !== 429);
  const byMethod = {};
  for (const call of calls) byMethod[call.method] = (byMethod[call.method] ?? 0) + 1;
  const refused = bench.sim.calls().filter((call) => call.status === 429).length;
  const sessions = threads.map((ts) => bench.sim.agentSession("C0GENERAL", ts));
  const seconds = (performance.now() - started) / 1000;
  await bench.app.stop();
  await bench.sim.close();
  await sandboxServer.close();
  return {
    delivered: calls.filter(isFinalCall).length,
    byMethod,
    refused,
    seconds,
    titled: sessions.filter((session) => session?.title).length,
    active: sessions.filter((session) => session?.status === "active").length,
  };
}

await warmSandboxPictures();
const results = {};
for (const design of DESIGNS) {
  results[design.name] = await run(design);
  console.error(`bench: ${design.name}: ${fmt(results[design.name].seconds, 0)} s`);
}

const without = results["assistant view"];
const withSessions = results["agent view"];
console.log(`@studio-kit/slack-bot sessions benchmark (${cpus().length} CPUs, node ${process.versions.node})\n`);
console.log(
  `${JOBS} image jobs asked by mentions in one channel (each answered in its thread), run to their results with the\n` +
    `bot in the assistant view (no agent sessions) and in the agent view (a session per thread, decision 0028).\n` +
    `Slack calls answered (429s left out), per job. Same process, in turn.\n`,
);
const methods = [...new Set([...Object.keys(without.byMethod), ...Object.keys(withSessions.byMethod)])].sort();
const width = 34;
console.log(`${"".padEnd(width)}${"assistant".padStart(12)}${"agent".padStart(12)}${"added".padStart(12)}`);
const perJob = (count) => (count ?? 0) / JOBS;
let addedElsewhere = 0;
for (const method of methods) {
  const a = perJob(without.byMethod[method]);
  const b = perJob(withSessions.byMethod[method]);
  if (method !== SESSION_METHOD) addedElsewhere += b - a;
  console.log(`${method.padEnd(width)}${fmt(a, 2).padStart(12)}${fmt(b, 2).padStart(12)}${fmt(b - a, 2).padStart(12)}`);
}
const total = (result) => Object.values(result.byMethod).reduce((sum, count) => sum + count, 0);
console.log(
  `${"all methods".padEnd(width)}${fmt(perJob(total(without)), 2).padStart(12)}${fmt(perJob(total(withSessions)), 2).padStart(12)}${fmt(perJob(total(withSessions)) - perJob(total(without)), 2).padStart(12)}`,
);
console.log(
  `\nresults delivered: ${without.delivered} / ${withSessions.delivered}; 429s: ${without.refused} / ${withSessions.refused}; ` +
    `sessions titled: ${withSessions.titled}/${JOBS}, active at the end: ${withSessions.active}/${JOBS}`,
);
console.log(
  `${SESSION_METHOD} per job: ${fmt(perJob(withSessions.byMethod[SESSION_METHOD]), 2)} ` +
    `(documented: ${SESSION_CALLS_PER_JOB}, processing then active); other methods added per job: ${fmt(addedElsewhere, 2)}`,
);

for (const [name, result] of Object.entries(results)) {
  if (result.delivered !== JOBS) problems.push(`${name}: ${result.delivered}/${JOBS} delivered`);
}
if ((without.byMethod[SESSION_METHOD] ?? 0) !== 0) problems.push("the assistant view set agent sessions");
if (withSessions.byMethod[SESSION_METHOD] !== SESSION_CALLS_PER_JOB * JOBS) {
  problems.push(`${withSessions.byMethod[SESSION_METHOD]} session calls for ${JOBS} jobs`);
}
if (withSessions.titled !== JOBS || withSessions.active !== JOBS)
  problems.push("a session without title, or left open");
for (const problem of problems) console.error(`PROBLEM: ${problem}`);
process.exit(problems.length ? 1 : 0);

// /metrics scraped over HTTP and read with a Prometheus text-format parser: every metric the issue names is there,
// and each moves when its event happens (a command, a 429, a wait for Slack's budget, a skipped progress update, a
// finished job, a lease takeover, the studio API's requests). No label carries a user's text, a token or a URL.

import { afterEach, describe, expect, it } from "vitest";
import { parseCommand } from "../../src/intent/slack-grammar.js";
import { createSlackPacer } from "../../src/services/slack-pacer.js";
import { eventually } from "../e2e/harness.js";
import { findSentinels, SENTINELS } from "../e2e/sentinel.js";
import { type OpsBot, startOpsBot } from "./bot.js";
import { labelValues, type Scrape, sampleOf, scrape } from "./scrape.js";

const CHANNEL = "C0GENERAL";
// A prompt that would show if a label ever carried a user's text: words, a URL, a mention.
const PROMPT = "a zebrafinch tangerine lighthouse https://private.example/zebrafinch <@U0ALICE>";

/** Every metric the issue asks for, by the name /metrics gives it. */
const METRICS = [
  "studio_bot_jobs",
  "studio_bot_jobs_created_total",
  "studio_bot_jobs_finished_total",
  "studio_bot_jobs_in_flight",
  "studio_bot_lease_takeovers_total",
  "studio_bot_job_duration_seconds",
  "studio_api_requests_total",
  "studio_api_request_duration_seconds",
  "studio_bot_slack_api_calls_total",
  "studio_bot_slack_rate_limited_total",
  "studio_bot_slack_budget_wait_seconds",
  "studio_bot_slack_budget_skipped_total",
  "studio_bot_credits_estimated_total",
  // Node's own, for memory and event-loop alerts.
  "process_resident_memory_bytes",
  "nodejs_eventloop_lag_seconds",
];

let bot: OpsBot | undefined;
afterEach(async () => {
  await bot?.close();
  bot = undefined;
});

const jobRows = async () => (bot ? await bot.app.store.jobs.unfinished() : []);

describe("GET /metrics", () => {
  it("has every metric, and each moves when its event happens", async () => {
    // chat.update kept at the results' reserve (40 a minute): every progress update is skipped, as in a busy minute.
    const pacer = createSlackPacer({ limits: { "chat.update": { limit: 40, windowMs: 61_000 } } });
    bot = await startOpsBot({}, { pacer });
    const metrics = `${bot.origin}/metrics`;
    const replica = bot.app.replicaId;

    const before = await scrape(metrics);
    expect(before.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(sampleOf(before, "studio_bot_jobs_in_flight", { replica })).toBe(0);
    expect(sampleOf(before, "studio_bot_lease_takeovers_total")).toBe(0);
    expect(sampleOf(before, "studio_bot_jobs_created_total")).toBe(0);

    // The progress message's first post is answered 429: waited out (counted), then posted.
    bot.sim.failNext("chat.postMessage", { status: 429, retryAfter: 1 });
    await bot.sim.command({ user: "U0ALICE", channel: CHANNEL, text: `image ${PROMPT}` });
    await eventually(async () => expect((await jobRows()).map((job) => job.state)).toEqual(["running"]));
    // The "queued" progress update that follows the send is skipped: the budget is kept for results.
    let running: Scrape | undefined;
    await eventually(async () => {
      running = await scrape(metrics);
      expect(sampleOf(running, "studio_bot_slack_budget_skipped_total", { method: "chat.update" })).toBeGreaterThan(0);
    });
    if (!running) throw new Error("no scrape");
    expect(sampleOf(running, "studio_bot_jobs", { kind: "image", state: "running" })).toBe(1);
    expect(sampleOf(running, "studio_bot_jobs_in_flight", { replica })).toBe(1);
    expect(sampleOf(running, "studio_bot_jobs_created_total", { kind: "image" })).toBe(1);
    expect(sampleOf(running, "studio_bot_slack_rate_limited_total", { method: "chat.postMessage" })).toBe(1);
    expect(sampleOf(running, "studio_bot_slack_api_calls_total", { method: "chat.postMessage", status: "429" })).toBe(
      1,
    );
    expect(sampleOf(running, "studio_bot_slack_api_calls_total", { method: "chat.postMessage", status: "2xx" })).toBe(
      1,
    );
    expect(sampleOf(running, "studio_bot_slack_budget_wait_seconds", { method: "chat.postMessage" })).toBe(1);
    // The generation was sent once and is being polled; its estimated credits count as spent.
    expect(sampleOf(running, "studio_api_requests_total", { operation: "GenerateImage", outcome: "ok" })).toBe(1);
    expect(sampleOf(running, "studio_api_request_duration_seconds", { operation: "GenerateImage" })).toBe(1);
    expect(sampleOf(running, "studio_bot_credits_estimated_total", { model: "default" })).toBeGreaterThan(0);
    expect(sampleOf(running, "studio_bot_job_duration_seconds")).toBe(0);

    bot.sandbox.sandbox.advance(60_000);
    await eventually(async () => expect(await jobRows()).toEqual([]));
    const done = await scrape(metrics);
    expect(sampleOf(done, "studio_bot_jobs_finished_total", { kind: "image", outcome: "completed" })).toBe(1);
    expect(sampleOf(done, "studio_bot_job_duration_seconds", { kind: "image", outcome: "completed" })).toBe(1);
    expect(sampleOf(done, "studio_bot_jobs", { kind: "image", state: "running" })).toBe(0);
    expect(sampleOf(done, "studio_bot_jobs_in_flight", { replica })).toBe(0);
    expect(sampleOf(done, "studio_api_requests_total", { operation: "PollStatuses", outcome: "ok" })).toBeGreaterThan(
      0,
    );
    expect(sampleOf(done, "studio_api_request_duration_seconds", { operation: "PollStatuses" })).toBeGreaterThan(0);
    // The result took chat.update's reserved budget: its wait is measured too.
    expect(sampleOf(done, "studio_bot_slack_api_calls_total", { method: "chat.update", status: "2xx" })).toBe(1);

    // A job a dead replica left behind: this one takes it over.
    const parsed = parseCommand("image a heron at dawn");
    if (!parsed.ok || parsed.command.kind !== "image") throw new Error("not an image command");
    await bot.app.store.jobs.create(
      {
        user: "U0BOB",
        channel: CHANNEL,
        request: { kind: "image", command: parsed.command, pushTo: null, defaultBoard: null },
        outputs: 1,
        credits: 0,
        createdAt: Date.now(),
      },
      {},
      { owner: "a-dead-replica", until: Date.now() - 1 },
    );
    bot.app.watchJobs();
    await eventually(async () => {
      const now = await scrape(metrics);
      expect(sampleOf(now, "studio_bot_lease_takeovers_total")).toBe(1);
      expect(sampleOf(now, "studio_bot_jobs_in_flight", { replica })).toBe(1);
    });

    const after = await scrape(metrics);
    for (const name of METRICS) expect(after.families.has(name), name).toBe(true);
    for (const name of METRICS) {
      expect(after.families.get(name)?.metrics.length, `${name} has samples`).toBeGreaterThan(0);
    }
    expectSafeLabels(after);
    // The bot, slack-sim and the sandbox over loopback HTTP: a 429 waited out in real time (Retry-After 1 s), a job run
    // to its end and a dead replica's job taken over, each waited for with eventually, which runs up to this limit.
  }, 60_000);
});

/** No label value is a user's text, a token, a URL or anything but a short code-like word. */
function expectSafeLabels(scraped: Scrape): void {
  const values = labelValues(scraped);
  expect(values.length).toBeGreaterThan(20);
  for (const value of values) expect(value, "label value").toMatch(/^[A-Za-z0-9_.:+-]{1,80}$/);
  expect(values.filter((value) => value.includes("//") || value.startsWith("http"))).toEqual([]);
  for (const word of ["zebrafinch", "tangerine", "private.example", "U0ALICE", "U0BOB"]) {
    expect(scraped.text, word).not.toContain(word);
  }
  expect(findSentinels([scraped.text])).toEqual([]);
  expect(scraped.text).not.toContain(SENTINELS.botToken);
}

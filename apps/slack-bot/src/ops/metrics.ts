// What the bot does, in Prometheus' text format (GET /metrics), through prom-client on a registry of its own (two
// apps in one process, as in tests, never share or clash). Counters and histograms move where their event happens
// (ops/instrument-*.ts, ops/studio-fetch.ts); the gauges are read at scrape time. Every label value goes through
// ops/labels.ts: no label carries a user's text, a token or a URL.

import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { ratedModelOf } from "../store/ratings.js";
import type { JobRecord, JobRequest } from "../store/types.js";
import {
  kindLabel,
  modelLabel,
  outcomeLabel,
  presetLabel,
  ratingLabel,
  slackMethodLabel,
  stateLabel,
} from "./labels.js";

/** The bot's metrics, and the text a scrape answers. */
export interface BotMetrics {
  readonly registry: Registry;
  /** The scrape: Prometheus' text exposition format. */
  text(): Promise<string>;
  /** The Content-Type of {@link text}. */
  readonly contentType: string;
  /** A job was stored (created within the quotas). */
  jobCreated(job: JobRecord): void;
  /** A job's mutation was accepted (it is `running` at its first step): its estimated credits count as spent. */
  jobSent(job: JobRecord): void;
  /** A job ended (`done`): its outcome, and the time from the command to its result. */
  jobDone(job: JobRecord, at: number): void;
  /** A person rated a job's result, or changed their rating: the new rating counts (by model and preset). */
  resultRated(job: JobRecord, rating: string): void;
  /** This replica claimed a job another one (or a previous process) left: a lease takeover. */
  leaseTakeover(count?: number): void;
  /** One HTTP request to the studio API ended: its GraphQL operation, how it ended and how long it took. */
  studioRequest(operation: string, outcome: string, seconds: number): void;
  /** One HTTP call to the Slack Web API was answered (`status`: `2xx`, `429`, `4xx`, `5xx`, `network_error`). */
  slackCall(method: string, status: string): void;
  /** A call waited for its method's budget (the pacer), `seconds` (0 when a slot was free). */
  pacerWait(method: string, seconds: number): void;
  /** A progress update was skipped: its method's budget was kept for results. */
  pacerSkipped(method: string): void;
  /** Read at each scrape: the jobs this replica works on now. */
  readInFlight(read: () => number): void;
  /** Read at each scrape: every unfinished job in the (shared) store. */
  readUnfinished(read: () => Promise<readonly JobRecord[]>): void;
}

/** Options of {@link createBotMetrics}. */
export interface BotMetricsOptions {
  /** This replica's id: the `replica` label of the in-flight gauge. */
  replica: string;
  /** Node's own metrics (memory, event-loop delay, GC, handles) on the same registry. Default true. */
  processMetrics?: boolean;
}

// Seconds from a command to its result: images take seconds, videos minutes, a stalled API longer.
const JOB_SECONDS = [1, 2, 5, 10, 20, 30, 60, 120, 300, 600, 1200, 3600];
const REQUEST_SECONDS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const WAIT_SECONDS = [0.01, 0.1, 0.5, 1, 2, 5, 10, 30, 60, 120];

/**
 * The model a request's credits are estimated for, as its label ("default": the catalog's default model; "none": a
 * format variant or video tool, which picks none). Which model a request names is read in one place, store/ratings.ts,
 * for the App Home's ratings too.
 */
export function modelOf(request: JobRequest): string {
  const rated = ratedModelOf(request);
  return rated.media === "tool" ? "none" : modelLabel(rated.model ?? undefined);
}

/** The presets a request was made with (the first labels a rating), if its kind takes presets. */
function presetsOf(request: JobRequest): readonly string[] | undefined {
  if (request.kind === "image" || request.kind === "video") return request.command.presets;
  if (request.kind === "image-edit") return request.command?.presets;
  return undefined;
}

/**
 * The bot's metrics on a registry of their own.
 *
 * @example const metrics = createBotMetrics({ replica: app.replicaId }); response.end(await metrics.text());
 */
export function createBotMetrics(options: BotMetricsOptions): BotMetrics {
  const registry = new Registry();
  const registers = [registry];
  if (options.processMetrics ?? true) collectDefaultMetrics({ register: registry });
  let inFlight: () => number = () => 0;
  let unfinished: (() => Promise<readonly JobRecord[]>) | undefined;

  new Gauge({
    name: "studio_bot_jobs",
    help: "Unfinished jobs in the store by kind and state (shared by the replicas: every replica reports the same).",
    labelNames: ["kind", "state"],
    registers,
    async collect() {
      if (!unfinished) return;
      let rows: readonly JobRecord[];
      try {
        rows = await unfinished();
      } catch {
        return; // the store is away: the last values stay, and /readyz says why
      }
      this.reset();
      for (const row of rows) this.inc({ kind: kindLabel(row.request.kind), state: stateLabel(row.state) });
    },
  });
  const created = new Counter({
    name: "studio_bot_jobs_created_total",
    help: "Jobs this replica stored, by kind.",
    labelNames: ["kind"],
    registers,
  });
  const ratings = new Counter({
    name: "studio_bot_result_ratings_total",
    help: "Ratings of results from their feedback buttons (a person's first, or a change of mind), by model and preset.",
    labelNames: ["rating", "model", "preset"],
    registers,
  });
  const finished = new Counter({
    name: "studio_bot_jobs_finished_total",
    help: "Jobs this replica finished, by kind and outcome.",
    labelNames: ["kind", "outcome"],
    registers,
  });
  new Gauge({
    name: "studio_bot_jobs_in_flight",
    help: "Jobs this replica works on now (holds the lease of).",
    labelNames: ["replica"],
    registers,
    collect() {
      this.set({ replica: options.replica }, inFlight());
    },
  });
  const takeovers = new Counter({
    name: "studio_bot_lease_takeovers_total",
    help: "Jobs this replica claimed after their lease ran out or was released (a dead, stopped or stalled replica).",
    registers,
  });
  const duration = new Histogram({
    name: "studio_bot_job_duration_seconds",
    help: "Time from the command to the job's result (or its end), by kind and outcome.",
    labelNames: ["kind", "outcome"],
    buckets: JOB_SECONDS,
    registers,
  });
  const studioRequests = new Counter({
    name: "studio_api_requests_total",
    help: "HTTP requests to the studio API, by GraphQL operation and outcome.",
    labelNames: ["operation", "outcome"],
    registers,
  });
  const studioSeconds = new Histogram({
    name: "studio_api_request_duration_seconds",
    help: "Time to the studio API's answer (or failure), by GraphQL operation and outcome.",
    labelNames: ["operation", "outcome"],
    buckets: REQUEST_SECONDS,
    registers,
  });
  const slackCalls = new Counter({
    name: "studio_bot_slack_api_calls_total",
    help: "HTTP calls to the Slack Web API, by method and answer (2xx, 429, 4xx, 5xx, network_error).",
    labelNames: ["method", "status"],
    registers,
  });
  const slackLimited = new Counter({
    name: "studio_bot_slack_rate_limited_total",
    help: "Slack Web API calls answered 429 (rate limited), by method.",
    labelNames: ["method"],
    registers,
  });
  const waits = new Histogram({
    name: "studio_bot_slack_budget_wait_seconds",
    help: "Time a Slack call waited for its method's budget (the pacer), by method.",
    labelNames: ["method"],
    buckets: WAIT_SECONDS,
    registers,
  });
  const skipped = new Counter({
    name: "studio_bot_slack_budget_skipped_total",
    help: "Progress updates skipped because their method's budget was kept for results, by method.",
    labelNames: ["method"],
    registers,
  });
  const credits = new Counter({
    name: "studio_bot_credits_estimated_total",
    help: "Credits spent as the bot estimates them (the catalog's estimate of each sent job), by model.",
    labelNames: ["model"],
    registers,
  });

  return {
    registry,
    text: () => registry.metrics(),
    contentType: registry.contentType,
    jobCreated(job) {
      created.inc({ kind: kindLabel(job.request.kind) });
    },
    jobSent(job) {
      // A job without an estimate still shows its model (at 0): the series exists before the first spend.
      credits.inc({ model: modelOf(job.request) }, Math.max(0, job.credits));
    },
    jobDone(job, at) {
      const labels = { kind: kindLabel(job.request.kind), outcome: outcomeLabel(job.outcome) };
      finished.inc(labels);
      duration.observe(labels, Math.max(0, (at - job.createdAt) / 1000));
    },
    resultRated(job, rating) {
      ratings.inc({
        rating: ratingLabel(rating),
        model: modelOf(job.request),
        preset: presetLabel(presetsOf(job.request)),
      });
    },
    leaseTakeover(count = 1) {
      takeovers.inc(count);
    },
    studioRequest(operation, outcome, seconds) {
      studioRequests.inc({ operation, outcome });
      studioSeconds.observe({ operation, outcome }, seconds);
    },
    slackCall(method, status) {
      const label = slackMethodLabel(method);
      slackCalls.inc({ method: label, status });
      if (status === "429") slackLimited.inc({ method: label });
    },
    pacerWait(method, seconds) {
      waits.observe({ method: slackMethodLabel(method) }, seconds);
    },
    pacerSkipped(method) {
      skipped.inc({ method: slackMethodLabel(method) });
    },
    readInFlight(read) {
      inFlight = read;
    },
    readUnfinished(read) {
      unfinished = read;
    },
  };
}

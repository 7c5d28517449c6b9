#!/usr/bin/env node
// Benchmark: 100 concurrent generations of mixed durations, watched twice on the
// sandbox's virtual clock, from one process: once with the poller (coalesced
// requests), once polling each id on its own on the same schedule. Nothing waits
// for real time: a manual clock drives both the poller and the sandbox.
//
//   pnpm --filter @studio-kit/poller bench     (or `pnpm bench` at the root; both build first)
//
// It prints, side by side: status requests, record reads, requests per finished
// job, the poller/per-id ratio (goal <= 0.1), and the delay from each job's
// completion (on the sandbox clock) to the moment its wait resolved.
//
// Then the cost of tracing: the poller run again with tracing off (`tracerProvider:
// false`), with @opentelemetry/api installed and no provider registered (the
// default), and on (an SDK registered as an app does: context manager, W3C
// propagator, a BatchSpanProcessor whose exporter drops the spans). Requests must
// not change (the exit code is 1 if they do); CPU and wall time per run are the
// medians of TRACING_RUNS runs in rotated order, with ratios to "off".
import { performance } from "node:perf_hooks";
import { context, propagation } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { BasicTracerProvider, BatchSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { createStudioClient } from "@studio-kit/core";
import {
  AudioStatusDocument,
  GenerateImageDocument,
  GenerateMusicTrackDocument,
  GenerateVideoDocument,
  ImageDocument,
  isTerminalStatus,
  VideoDocument,
} from "@studio-kit/operations";
import { createPoller, DEFAULT_SCHEDULE, DEFAULT_WINDOW_MS } from "@studio-kit/poller";
import { advanceBy, createManualClock, runUntilSettled, trackRequests } from "@studio-kit/poller/testing";
import { createSandbox } from "@studio-kit/sandbox";

const SEED = 7;
/** Mean image time; audio takes 1.5 times it, video twice (sandbox README, Generation). */
const JOB_MS = 40_000;
/** The bot submits its 100 generations over 2.5 s, not at one instant. */
const STAGGER_MS = 25;
const MIX = [
  ...Array.from({ length: 50 }, () => "image"),
  ...Array.from({ length: 25 }, () => "video"),
  ...Array.from({ length: 25 }, () => "audio"),
];
const GOAL = 0.1;
const TRACING_RUNS = 3;

let exportedSpans = 0;
/** Drops every span it is given: the SDK's own work is measured, not a collector's. */
const dropping = {
  export(spans, done) {
    exportedSpans += spans.length;
    done({ code: 0 });
  },
  shutdown: async () => {},
};
const provider = new BasicTracerProvider({
  spanProcessors: [new BatchSpanProcessor(dropping, { maxQueueSize: 100_000, scheduledDelayMillis: 200 })],
});
/** How the client traces: off, the default with no provider registered, or on with an SDK registered. */
const TRACING = {
  off: { tracerProvider: false },
  "no provider": {},
  on: { tracerProvider: provider },
};

/** One generation: image, video or music; every tenth one's prompt asks the sandbox to fail it. */
async function submit(client, workspaceId, kind, index) {
  const prompt = `${kind} ${index}${index % 10 === 9 ? " [fail]" : ""}`;
  if (kind === "image") {
    const { generateImage } = await client.request(GenerateImageDocument, { workspaceId, prompt, aspectRatio: "1:1" });
    return generateImage.images[0].id;
  }
  if (kind === "video") {
    const { generateVideo } = await client.request(GenerateVideoDocument, { workspaceId, prompt, aspectRatio: "16:9" });
    return generateVideo.video.id;
  }
  const { generateMusicTrack } = await client.request(GenerateMusicTrackDocument, {
    workspaceId,
    provider: "ember",
    prompt,
  });
  return generateMusicTrack.audioId;
}

/** The baseline: each id polled alone with its own document, on the same schedule. */
async function pollAlone(client, clock, workspaceId, kind, id) {
  for (let attempt = 0; ; attempt += 1) {
    await clock.sleep(DEFAULT_SCHEDULE[Math.min(attempt, DEFAULT_SCHEDULE.length - 1)]);
    if (kind === "image") {
      const { image } = await client.request(ImageDocument, { id });
      if (isTerminalStatus(image.status)) return image;
    } else if (kind === "video") {
      const { video } = await client.request(VideoDocument, { id });
      if (isTerminalStatus(video.status)) return video;
    } else {
      const { audioStatus } = await client.request(AudioStatusDocument, { audioId: id, workspaceId });
      if (audioStatus.status === "FAILED" || (audioStatus.status === "COMPLETED" && audioStatus.audio))
        return audioStatus;
    }
  }
}

async function run(mode, tracing = "no provider") {
  if (tracing === "on") {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  }
  const sandbox = createSandbox({ jobMs: JOB_MS, seed: SEED });
  // Fund the 100 generations, so none fails for want of credits.
  sandbox.state.credits.get(sandbox.workspaceId).balance = 1_000_000;
  const clock = createManualClock({ start: sandbox.clock.now(), onAdvance: (ms) => sandbox.advance(ms) });
  const tracker = trackRequests(
    createStudioClient({
      apiKey: sandbox.keys.readWrite,
      baseUrl: "https://sandbox.bench",
      fetch: (input, init) => sandbox.handle(new Request(input, init)),
      ...TRACING[tracing],
    }),
    clock,
  );
  const { client } = tracker;
  const poller = createPoller(client, { clock });
  const workspaceId = await client.workspaceId();
  const wall = performance.now();
  const cpu = process.cpuUsage();
  const start = clock.now();

  const jobs = [];
  for (const [index, kind] of MIX.entries()) {
    if (index > 0) await advanceBy(STAGGER_MS, { clock, tracker });
    const id = await submit(client, workspaceId, kind, index);
    const job = { kind, id, detectedAt: 0, status: "" };
    const wait =
      mode === "poller"
        ? kind === "image"
          ? poller.waitForImages([id]).then(([image]) => image)
          : kind === "video"
            ? poller.waitForVideo(id)
            : poller.waitForAudio(id)
        : pollAlone(client, clock, workspaceId, kind, id);
    job.done = wait.then((record) => {
      job.detectedAt = clock.now();
      job.status = record.status;
    });
    jobs.push(job);
  }
  await runUntilSettled(Promise.all(jobs.map((job) => job.done)), { clock, tracker });

  for (const job of jobs) {
    const { startedAt, durationMs } = sandbox.state.assets.get(job.id)._job;
    job.completedAt = startedAt + durationMs;
  }
  const { operations, rootFields } = sandbox.stats();
  const statusRequests =
    mode === "poller"
      ? (operations.PollStatuses ?? 0)
      : (operations.Image ?? 0) + (operations.Video ?? 0) + (operations.AudioStatus ?? 0);
  const delays = jobs.map((job) => (job.detectedAt - job.completedAt) / 1000);
  const cpuUsed = process.cpuUsage(cpu);
  const result = {
    statusRequests,
    recordReads: (rootFields.image ?? 0) + (rootFields.video ?? 0) + (rootFields.audioStatus ?? 0),
    finished: jobs.length,
    completed: jobs.filter((job) => job.status === "COMPLETED").length,
    failed: jobs.filter((job) => job.status === "FAILED").length,
    meanDelay: delays.reduce((sum, delay) => sum + delay, 0) / delays.length,
    maxDelay: Math.max(...delays),
    virtualSeconds: (Math.max(...jobs.map((job) => job.detectedAt)) - start) / 1000,
    wallMs: performance.now() - wall,
    cpuMs: (cpuUsed.user + cpuUsed.system) / 1000,
    completions: jobs.map((job) => job.completedAt).join(),
  };
  await sandbox.close();
  if (tracing === "on") {
    context.disable();
    propagation.disable();
  }
  return result;
}

/** The poller run in each tracing set-up, TRACING_RUNS times in rotated order. */
async function tracingCost() {
  const names = Object.keys(TRACING);
  const runs = Object.fromEntries(names.map((name) => [name, []]));
  for (let i = 0; i < TRACING_RUNS; i += 1) {
    for (const name of names.map((_, index) => names[(index + i) % names.length])) {
      const before = exportedSpans;
      await provider.forceFlush();
      const result = await run("poller", name);
      await provider.forceFlush();
      runs[name].push({ ...result, spans: exportedSpans - before });
    }
  }
  return runs;
}

const poller = await run("poller");
const perId = await run("per-id");
if (poller.completions !== perId.completions) {
  console.error("bench: the two runs did not see the same jobs (seeded sandbox drifted); figures are not comparable.");
  process.exit(1);
}

const ratio = poller.statusRequests / perId.statusRequests;
const fmt = (value, digits = 2) => (typeof value === "number" ? value.toFixed(digits) : String(value));
const rows = [
  ["status requests", poller.statusRequests, perId.statusRequests, 0],
  ["  record reads (root fields)", poller.recordReads, perId.recordReads, 0],
  ["requests per finished job", poller.statusRequests / poller.finished, perId.statusRequests / perId.finished, 2],
  ["detection delay mean (s)", poller.meanDelay, perId.meanDelay, 1],
  ["detection delay max (s)", poller.maxDelay, perId.maxDelay, 1],
  ["virtual time to last result (s)", poller.virtualSeconds, perId.virtualSeconds, 1],
  ["wall time (ms)", poller.wallMs, perId.wallMs, 0],
];
const kinds = (kind) => MIX.filter((each) => each === kind).length;
console.log(
  `@studio-kit/poller benchmark: ${MIX.length} concurrent generations (${kinds("image")} images, ${kinds("video")} videos, ` +
    `${kinds("audio")} music tracks; ${poller.completed} COMPLETED, ${poller.failed} FAILED),\n` +
    `submitted over ${((MIX.length - 1) * STAGGER_MS) / 1000} s; sandbox jobMs ${JOB_MS} (images ~30-50 s, audio ~45-75 s, ` +
    `video ~60-100 s), seed ${SEED}; schedule ${DEFAULT_SCHEDULE.map((ms) => ms / 1000).join("/")} s, ` +
    `window ${DEFAULT_WINDOW_MS / 1000} s; virtual clock.\n`,
);
const width = 32;
console.log(`${"".padEnd(width)}${"poller".padStart(10)}${"per-id".padStart(10)}`);
for (const [label, a, b, digits] of rows) {
  console.log(`${label.padEnd(width)}${fmt(a, digits).padStart(10)}${fmt(b, digits).padStart(10)}`);
}
console.log(
  `\nratio poller / per-id: ${ratio.toFixed(3)} (goal <= ${GOAL}): ${ratio <= GOAL ? "met" : "MISSED"}` +
    `\ndetection delay = when the wait resolved - when the job finished on the sandbox clock.`,
);

const runs = await tracingCost();
const names = Object.keys(TRACING);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const medianOf = (name, field) => median(runs[name].map((result) => result[field]));
console.log(
  `\nTracing cost: the poller run above, ${TRACING_RUNS} times per set-up (order rotated), medians; ` +
    '"on" registers an SDK whose exporter drops the spans.\n',
);
console.log(`${"".padEnd(width)}${names.map((name) => name.padStart(13)).join("")}`);
const tracingRows = [
  ["status requests", (name) => String(medianOf(name, "statusRequests"))],
  ["  record reads (root fields)", (name) => String(medianOf(name, "recordReads"))],
  ["requests per finished job", (name) => (medianOf(name, "statusRequests") / medianOf(name, "finished")).toFixed(2)],
  ["spans recorded per run", (name) => String(medianOf(name, "spans"))],
  ["CPU time (ms)", (name) => medianOf(name, "cpuMs").toFixed(0)],
  ["  ratio to off", (name) => `${(medianOf(name, "cpuMs") / medianOf("off", "cpuMs")).toFixed(3)}x`],
  ["wall time (ms)", (name) => medianOf(name, "wallMs").toFixed(0)],
  ["  ratio to off", (name) => `${(medianOf(name, "wallMs") / medianOf("off", "wallMs")).toFixed(3)}x`],
];
for (const [label, value] of tracingRows) {
  console.log(`${label.padEnd(width)}${names.map((name) => value(name).padStart(13)).join("")}`);
}
const unchanged = names.every((name) =>
  runs[name].every(
    (result) => result.statusRequests === poller.statusRequests && result.recordReads === poller.recordReads,
  ),
);
console.log(`\nrequests with tracing on, off or unregistered: ${unchanged ? "unchanged" : "CHANGED"}.`);
process.exit(ratio <= GOAL && unchanged ? 0 : 1);

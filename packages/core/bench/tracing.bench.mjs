#!/usr/bin/env node
// Benchmark: what tracing costs a request of @studio-kit/core. The same query (CreditsBalance) is sent REQUESTS
// times against an in-process sandbox (its fetch handler as the client's fetch: no sockets, so the client's own
// work is a large share of the time and the overhead shows at its largest) in four set-ups, side by side:
//   off          createStudioClient({ tracerProvider: false }): no span, no header
//   no provider  the default with @opentelemetry/api installed and nothing registered (what an app that never
//                sets up OpenTelemetry gets): a non-recording span per request, nothing sent
//   SDK, off     the globals an SDK registers (the async-hooks context manager, the W3C propagator) with this
//                client's tracing off: what the context manager alone costs the process, core not involved
//   on           the SDK as an app registers it: those globals and a BasicTracerProvider with a
//                BatchSpanProcessor whose exporter drops every batch (no network in the figure): a recorded span
//                and a traceparent per request
// Each round runs every set-up once, in an order rotated from round to round, so a burst of other work on the
// machine and the JIT's warming land on all of them; each set-up's figure is its median round, with the spread.
// The process's CPU time (user + system, the sandbox's included) is the figure judged: on a shared machine wall
// time mostly measures the neighbours. Wall time is printed beside it.
// Requests and sandbox executions are counted per set-up: tracing must not change them.
//
//   pnpm --filter @studio-kit/core bench     (or `pnpm bench` at the root; both build first)
import { performance } from "node:perf_hooks";
import { context, propagation } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { BasicTracerProvider, BatchSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { createStudioClient } from "@studio-kit/core";
import { CreditsBalanceDocument } from "@studio-kit/operations";
import { createSandbox } from "@studio-kit/sandbox";

const REQUESTS = 500;
const ROUNDS = 9;
const WARMUP = 500;

let exported = 0;
/** An exporter that drops what it is given: the SDK's own work is measured, not a collector's. */
const dropping = {
  export(spans, done) {
    exported += spans.length;
    done({ code: 0 });
  },
  shutdown: async () => {},
};
const provider = new BasicTracerProvider({
  spanProcessors: [new BatchSpanProcessor(dropping, { maxQueueSize: 100_000, scheduledDelayMillis: 200 })],
});

const SETUPS = {
  off: { options: { tracerProvider: false }, register: false },
  "no provider": { options: {}, register: false },
  "SDK, off": { options: { tracerProvider: false }, register: true },
  on: { options: { tracerProvider: provider }, register: true },
};

/** Registers (or removes) what an app's SDK set-up registers globally besides the provider. */
function registerGlobals(on) {
  if (on) {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  } else {
    context.disable();
    propagation.disable();
  }
}

async function round(name, count) {
  const setup = SETUPS[name];
  registerGlobals(setup.register);
  const sandbox = createSandbox({ journalLimit: 0 });
  let sent = 0;
  const client = createStudioClient({
    apiKey: sandbox.keys.readWrite,
    baseUrl: "https://sandbox.bench",
    fetch: (input, init) => {
      sent += 1;
      return sandbox.handle(new Request(input, init));
    },
    ...setup.options,
  });
  const workspaceId = sandbox.workspaceId;
  const started = performance.now();
  const cpu = process.cpuUsage();
  for (let i = 0; i < count; i += 1) await client.request(CreditsBalanceDocument, { workspaceId });
  const { user, system } = process.cpuUsage(cpu);
  const ms = performance.now() - started;
  const executed = sandbox.stats().operations.CreditsBalance ?? 0;
  await sandbox.close();
  registerGlobals(false);
  return { ms, cpuMs: (user + system) / 1000, sent, executed };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const names = Object.keys(SETUPS);
for (const name of names) await round(name, WARMUP);
const results = Object.fromEntries(names.map((name) => [name, []]));
for (let i = 0; i < ROUNDS; i += 1) {
  const order = names.map((_, index) => names[(index + i) % names.length]);
  for (const name of order) results[name].push(await round(name, REQUESTS));
}
await provider.forceFlush();

const us = (field) => (result) => (result[field] * 1000) / REQUESTS;
const usPerRequest = (name, field = "cpuMs") => median(results[name].map(us(field)));
const spread = (name, field = "cpuMs") => {
  const values = results[name].map(us(field));
  return `${Math.min(...values).toFixed(0)}-${Math.max(...values).toFixed(0)}`;
};
const off = usPerRequest("off");
const offWall = usPerRequest("off", "ms");
console.log(
  `@studio-kit/core tracing benchmark: ${REQUESTS} sequential CreditsBalance requests per round against an in-process ` +
    `sandbox, ${ROUNDS} rounds per set-up (order rotated), median round; Node ${process.version}.\n`,
);
const width = 30;
console.log(`${"".padEnd(width)}${names.map((name) => name.padStart(13)).join("")}`);
const row = (label, values) => console.log(`${label.padEnd(width)}${values.map((v) => v.padStart(13)).join("")}`);
row(
  "CPU µs per request",
  names.map((name) => usPerRequest(name).toFixed(1)),
);
row(
  "  spread (µs)",
  names.map((name) => spread(name)),
);
row(
  "  ratio to off",
  names.map((name) => `${(usPerRequest(name) / off).toFixed(3)}x`),
);
row(
  "wall µs per request",
  names.map((name) => usPerRequest(name, "ms").toFixed(1)),
);
row(
  "  ratio to off",
  names.map((name) => `${(usPerRequest(name, "ms") / offWall).toFixed(3)}x`),
);
row(
  "requests sent per round",
  names.map((name) => String(results[name][0].sent)),
);
row(
  "sandbox executions per round",
  names.map((name) => String(results[name][0].executed)),
);
console.log(`\nspans exported in "on": ${exported} (warm-up included; one per request).`);

const sameRequests = names.every((name) => results[name].every((result) => result.sent === REQUESTS));
if (!sameRequests) {
  console.error("bench: a set-up sent a different number of requests; tracing must not change what is sent.");
  process.exit(1);
}

// Run by scripts/consumer-test.mjs in the scratch project, against the installed sandbox, twice:
//   node tracing.mjs without   before @opentelemetry/api is installed: the optional peer is absent, and core sends
//                              its requests as ever, with no traceparent;
//   node tracing.mjs with      after the API and the SDK are installed: a provider registered as an app registers
//                              it, core's span recorded under the app's span, its traceparent in the sandbox's journal.
// Prints one JSON line saying what it saw; throws on any mismatch. Plain JavaScript: the API is imported only once
// it is known to be installed.
import assert from "node:assert/strict";
import { createStudioClient, getCredits } from "@studio-kit/core";

const mode = process.argv[2];
const baseUrl = process.env.STUDIO_BASE_URL;
const apiKey = process.env.STUDIO_API_KEY;
if (!baseUrl || !apiKey) throw new Error("consumer tracing: set STUDIO_BASE_URL and STUDIO_API_KEY");

/** The traceparent of each request the sandbox received, oldest first (its journal). */
async function traceparents() {
  const { requests } = await (await fetch(`${baseUrl}/__sandbox/requests`)).json();
  return requests.map((entry) => entry.traceparent);
}

if (mode === "without") {
  await assert.rejects(import("@opentelemetry/api"), /Cannot find (package|module)/, "@opentelemetry/api is installed");
  const before = (await traceparents()).length;
  const credits = await getCredits(createStudioClient({ apiKey, baseUrl }));
  assert.equal(typeof credits.balance, "number", "getCredits works without the API");
  const sent = (await traceparents()).slice(before);
  assert.ok(sent.length > 0 && sent.every((value) => value === null), `traceparents sent: ${sent}`);
  console.log(JSON.stringify({ mode, requests: sent.length, traceparents: sent }));
} else if (mode === "with") {
  const { context, propagation, trace } = await import("@opentelemetry/api");
  const { AsyncLocalStorageContextManager } = await import("@opentelemetry/context-async-hooks");
  const { W3CTraceContextPropagator } = await import("@opentelemetry/core");
  const { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } = await import(
    "@opentelemetry/sdk-trace-base"
  );
  const exporter = new InMemorySpanExporter();
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));

  // No tracing option: the client finds the global provider through the installed API.
  const client = createStudioClient({ apiKey, baseUrl });
  await trace.getTracer("consumer").startActiveSpan("consumer job", async (job) => {
    await getCredits(client);
    job.end();
  });
  const spans = exporter.getFinishedSpans();
  const job = spans.find((span) => span.name === "consumer job");
  const request = spans.find((span) => span.name === "query CreditsBalance");
  assert.ok(job && request, `spans recorded: ${spans.map((span) => span.name).join(", ")}`);
  assert.equal(request.instrumentationScope.name, "@studio-kit/core");
  assert.equal(request.parentSpanContext?.spanId, job.spanContext().spanId, "core's span is the job's child");
  const { traceId, spanId } = request.spanContext();
  const traceparent = (await traceparents()).at(-1);
  assert.equal(traceparent, `00-${traceId}-${spanId}-01`, "the sandbox received the span's traceparent");
  console.log(JSON.stringify({ mode, spans: spans.map((span) => span.name), traceparent }));
} else {
  throw new Error(`consumer tracing: pass "without" or "with", got ${mode}`);
}

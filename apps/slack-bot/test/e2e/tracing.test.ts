// One trace per job (issue 31, decision 0023): an image job asked with /studio runs through slack-sim and the sandbox
// with an in-memory exporter registered as the global provider (as main.ts's SDK registers its own), and its trace
// has the shape operators read: the request, the credit check, the job, its progress, the generation request (whose
// traceparent the sandbox received), the wait, the files sent to Slack and the final message, each under the right
// parent; and no span carries a prompt, a URL query, a signed URL or a secret. A job resumed from the store starts
// a trace of its own linked to its first.
//
// The provider, context manager and propagator are registered for this file only and removed after it (vitest runs
// each test file in its own module graph; the API keeps them on globalThis, so they are disabled explicitly).
import { context, propagation, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parseCommand } from "../../src/index.js";
import { openSqliteStore } from "../../src/store/sqlite/open.js";
import { type Bot, eventually, startBot } from "./harness.js";
import { findSentinels } from "./sentinel.js";

const USER = "U0ALICE";
const CHANNEL = "C0GENERAL";
/** A prompt no span may carry, any of its words. */
const PROMPT = "Zyxwordprompt lighthouse owned by Qorvath";
const PROMPT_WORDS = ["Zyxwordprompt", "Qorvath"];

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });

beforeAll(() => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
});
afterAll(() => {
  trace.disable();
  propagation.disable();
  context.disable();
});

let bot: Bot | undefined;
afterEach(async () => {
  await bot?.close();
  bot = undefined;
  exporter.reset();
});

const spans = () => exporter.getFinishedSpans();
const idOf = (span: ReadableSpan | undefined) => span?.spanContext().spanId;
const parentOf = (span: ReadableSpan | undefined) => span?.parentSpanContext?.spanId;

/** The finished spans of one trace with this name. */
const named = (traceId: string, name: string) =>
  spans().filter((span) => span.spanContext().traceId === traceId && span.name === name);

/** The one finished span of a trace with this name (fails the test when there is not exactly one). */
function one(traceId: string, name: string): ReadableSpan {
  const found = named(traceId, name);
  expect(
    found.map((span) => span.name),
    `${name} in ${traceId}`,
  ).toHaveLength(1);
  return found[0] as ReadableSpan;
}

/** Everything an exporter would send of the spans: names, attributes, events, links, status, resource. */
const exported = (all: readonly ReadableSpan[]) =>
  all.map((span) =>
    JSON.stringify({
      name: span.name,
      attributes: span.attributes,
      events: span.events,
      links: span.links,
      status: span.status,
      resource: span.resource.attributes,
    }),
  );

/** Every string value of every attribute, event attribute and resource attribute. */
const values = (all: readonly ReadableSpan[]) =>
  all.flatMap((span) =>
    [span.attributes, span.resource.attributes, ...span.events.map((event) => event.attributes ?? {})].flatMap(
      (attributes) =>
        Object.values(attributes)
          .flat()
          .filter((value): value is string => typeof value === "string"),
    ),
  );

describe("traces", () => {
  it("makes one trace of a /studio image job, from the command to its result, with nothing secret in it", async () => {
    bot = await startBot();
    await bot.sim.command({ user: USER, channel: CHANNEL, text: `image ${PROMPT} --count 2` });
    // The request's span ends when its listener is done: after the result is in place and the job recorded done.
    const root = await eventually(() => {
      const found = spans().find((span) => span.name === "slack command /studio");
      expect(found).toBeDefined();
      return found as ReadableSpan;
    });
    const traceId = root.spanContext().traceId;
    const [stored] = await bot.app.store.jobs.recent(USER, 1);
    expect(stored).toMatchObject({ state: "done", outcome: "completed" });

    // The request: a root, named by Slack's command, never by its text.
    expect(root.parentSpanContext).toBeUndefined();
    expect(root.instrumentationScope.name).toBe("@studio-kit/slack-bot");
    expect(root.attributes).toEqual({ "slack.request.type": "command" });

    // The credit check, with core's CreditsBalance request inside it.
    const check = one(traceId, "studio.job.check");
    expect(parentOf(check)).toBe(idOf(root));
    expect(check.attributes).toEqual({ "studio.command.kind": "image", "studio.check.cleared": true });
    expect(parentOf(one(traceId, "query CreditsBalance"))).toBe(idOf(check));

    // The job, with its id and kind; its context is the one stored with the job.
    const job = one(traceId, "studio.job");
    expect(parentOf(job)).toBe(idOf(root));
    expect(job.attributes).toEqual({
      "studio.job.kind": "image",
      "studio.job.outputs": 2,
      "studio.job.id": stored?.id,
    });
    expect(stored?.trace).toBe(`00-${traceId}-${idOf(job)}-01`);

    // Its progress message, the generation request, and the wait, each the job's child.
    const posted = one(traceId, "slack chat.postMessage");
    expect(parentOf(posted)).toBe(idOf(job));
    expect(posted.attributes).toMatchObject({
      "slack.method": "chat.postMessage",
      "http.request.method": "POST",
      "http.response.status_code": 200,
    });
    const generate = one(traceId, "mutation GenerateImage");
    expect(parentOf(generate)).toBe(idOf(job));
    const wait = one(traceId, "studio.poll.wait");
    expect(parentOf(wait)).toBe(idOf(job));
    expect(wait.attributes["studio.poll.ids"]).toEqual(stored?.resultIds);
    // The poller's ticks are traces of their own (one request serves many jobs' waits), linked to the wait.
    const ticks = spans().filter((span) => span.name === "studio.poll.tick");
    expect(ticks.length).toBeGreaterThan(0);
    expect(ticks.every((tick) => tick.spanContext().traceId !== traceId)).toBe(true);
    expect(ticks.some((tick) => tick.links.some((link) => link.context.spanId === idOf(wait)))).toBe(true);

    // The sandbox received the generation request's own context: the same trace crossed to the API.
    const journal = bot.sandbox.sandbox.requests().filter((entry) => entry.operation === "GenerateImage");
    expect(journal.map((entry) => entry.traceparent)).toEqual([`00-${traceId}-${idOf(generate)}-01`]);

    // The files: one span per image, each with the two Slack calls of an upload inside it.
    const files = one(traceId, "studio.job.files");
    expect(parentOf(files)).toBe(idOf(job));
    expect(files.attributes).toEqual({ "studio.job.files": 2 });
    const perFile = named(traceId, "studio.job.file");
    expect(perFile).toHaveLength(2);
    expect(perFile.map((span) => span.attributes["studio.asset.id"]).sort()).toEqual(
      [...(stored?.resultIds ?? [])].sort(),
    );
    for (const file of perFile) {
      expect(parentOf(file)).toBe(idOf(files));
      const calls = spans()
        .filter((span) => parentOf(span) === idOf(file))
        .map((span) => span.name);
      expect(calls.sort()).toEqual(["slack files.completeUploadExternal", "slack files.getUploadURLExternal"]);
    }

    // The final message: chat.update of the progress message, inside the deliver span.
    const deliver = one(traceId, "studio.job.deliver");
    expect(parentOf(deliver)).toBe(idOf(job));
    expect(deliver.attributes).toEqual({ "studio.job.outcome": "completed" });
    const final = named(traceId, "slack chat.update").filter((span) => parentOf(span) === idOf(deliver));
    expect(final).toHaveLength(1);

    // Nothing in any span (this trace, the ticks', every other) holds the prompt, a secret, a signed URL or a query.
    const everything = spans();
    const texts = exported(everything);
    for (const word of PROMPT_WORDS) expect(texts.filter((text) => text.includes(word))).toEqual([]);
    expect(findSentinels(texts)).toEqual([]);
    expect(texts.filter((text) => /X-Amz-|signature|response_url|hooks\.slack/i.test(text))).toEqual([]);
    for (const value of values(everything)) {
      if (/^https?:\/\//.test(value)) expect(new URL(value).search, value).toBe("");
    }
    // Every Slack call this trace made is named by its method.
    const slackCalls = spans().filter((span) => span.name.startsWith("slack ") && span.attributes["slack.method"]);
    for (const call of slackCalls) expect(call.name).toBe(`slack ${call.attributes["slack.method"]}`);
  });

  it("starts a new trace for a job resumed from the store, linked to the trace it started in", async () => {
    const store = openSqliteStore({ path: ":memory:" });
    bot = await startBot({}, { store });
    // The process that stored the job and died: its job span's context is what it kept.
    const first = provider.getTracer("the first process").startSpan("studio.job");
    first.end();
    const firstContext = first.spanContext();
    const parsed = parseCommand(`image ${PROMPT}`);
    if (!parsed.ok || parsed.command.kind !== "image") throw new Error("the command did not parse");
    const created = await store.jobs.create(
      {
        user: USER,
        channel: CHANNEL,
        request: { kind: "image", command: parsed.command, pushTo: null, defaultBoard: null },
        outputs: 1,
        credits: 0,
        createdAt: Date.now(),
        trace: `00-${firstContext.traceId}-${firstContext.spanId}-01`,
      },
      {},
      { owner: "replica-that-died", until: 0 },
    );
    if (!created.ok) throw new Error("refused");

    expect(await bot.app.resumeJobs()).toBe(1);
    const resumed = await eventually(() => {
      const found = spans().find(
        (span) => span.name === "studio.job" && span.attributes["studio.job.id"] === created.job.id,
      );
      expect(found).toBeDefined();
      return found as ReadableSpan;
    });
    // A root of its own trace, linked to the first.
    const traceId = resumed.spanContext().traceId;
    expect(resumed.parentSpanContext).toBeUndefined();
    expect(traceId).not.toBe(firstContext.traceId);
    expect(resumed.links.map((link) => link.context)).toEqual([
      expect.objectContaining({ traceId: firstContext.traceId, spanId: firstContext.spanId }),
    ]);
    expect(resumed.attributes).toMatchObject({ "studio.job.kind": "image", "studio.job.resumed_from": "new" });
    // What the resumed job did is in its trace: it was never sent, so it is sent now, with this trace's context.
    const generate = one(traceId, "mutation GenerateImage");
    expect(parentOf(generate)).toBe(idOf(resumed));
    expect(parentOf(one(traceId, "studio.poll.wait"))).toBe(idOf(resumed));
    expect(parentOf(one(traceId, "studio.job.deliver"))).toBe(idOf(resumed));
    const journal = bot.sandbox.sandbox.requests().filter((entry) => entry.operation === "GenerateImage");
    expect(journal.map((entry) => entry.traceparent?.split("-")[1])).toEqual([traceId]);
    expect(exported(spans()).filter((text) => PROMPT_WORDS.some((word) => text.includes(word)))).toEqual([]);
  });
});

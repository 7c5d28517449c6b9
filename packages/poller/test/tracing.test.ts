import { SpanStatusCode } from "@opentelemetry/api";
import { describe, expect, it } from "vitest";
import { PollerTimeoutError } from "../src/index.js";
import { rejection, usePoller } from "./support/harness.js";
import { exported, useTracing } from "./support/tracing.js";

const studio = usePoller();
const tracing = useTracing();

const traced = (options: Parameters<typeof studio.create>[0] = {}) =>
  studio.create({ ...options, client: { tracerProvider: tracing.provider } });

describe("poller spans", () => {
  it("records each wait under its caller's span, and each coalesced request as a tick linked to the waits it served", async () => {
    const h = traced({ jobMs: 12_000 });
    const [first, second] = [await h.image("first"), await h.image("second")];
    const app = tracing.provider.getTracer("app");
    const job = (name: string, id: string) =>
      app.startActiveSpan(name, async (span) => {
        await h.poller.waitForImages([id]);
        span.end();
      });
    await h.run(Promise.all([job("job 1", first), job("job 2", second)]));

    const waits = tracing.spans().filter((span) => span.name === "studio.poll.wait");
    expect(waits.map((wait) => wait.parentSpanContext?.spanId).sort()).toEqual(
      [tracing.span("job 1"), tracing.span("job 2")].map((span) => span.spanContext().spanId).sort(),
    );
    expect(tracing.span("studio.poll.wait").attributes).toMatchObject({
      "studio.poll.kind": "image",
      "studio.poll.max_wait_ms": 900_000,
    });

    const ticks = tracing.spans().filter((span) => span.name === "studio.poll.tick");
    // One tick per coalesced request, as many as without tracing.
    expect(ticks).toHaveLength(h.polls().length);
    const [tick] = ticks;
    expect(tick?.instrumentationScope.name).toBe("@studio-kit/poller");
    expect(tick?.parentSpanContext).toBeUndefined();
    expect(tick?.attributes).toEqual({
      "studio.poll.ids": [first, second],
      "studio.poll.kinds": ["image", "image"],
      "studio.poll.outcomes": expect.any(Array),
    });
    expect(tick?.links.map((link) => link.context.spanId).sort()).toEqual(
      waits.map((wait) => wait.spanContext().spanId).sort(),
    );
    const last = ticks.at(-1);
    expect(last?.attributes["studio.poll.outcomes"]).toEqual(["COMPLETED", "COMPLETED"]);
    // Core's request is the tick's child.
    const requests = tracing.spans().filter((span) => span.name === "query PollStatuses");
    expect(requests.map((span) => span.parentSpanContext?.spanId)).toEqual(
      ticks.map((span) => span.spanContext().spanId),
    );
    // Each wait heard every record read for its id.
    const events = tracing.span("studio.poll.wait").events.map((event) => event.attributes?.["studio.poll.status"]);
    expect(events.at(-1)).toBe("COMPLETED");
    expect(events).toHaveLength(ticks.length);
  });

  it("runs onUpdate in the wait's context, so what it starts joins the caller's trace", async () => {
    const h = traced();
    const id = await h.image();
    const app = tracing.provider.getTracer("app");
    await h.run(
      h.poller.waitForImages([id], {
        onUpdate: (image) => app.startSpan(`progress ${image.status}`).end(),
      }),
    );
    const wait = tracing.span("studio.poll.wait").spanContext();
    const progress = tracing.spans().filter((span) => span.name.startsWith("progress "));
    expect(progress.length).toBeGreaterThan(0);
    for (const span of progress) expect(span.parentSpanContext?.spanId).toBe(wait.spanId);
  });

  it("ends a wait that timed out as an error typed TIMEOUT", async () => {
    const h = traced({ jobMs: 600_000 });
    const id = await h.image();
    const error = await rejection(h.run(h.poller.waitForImages([id], { maxWaitMs: 20_000 })));
    expect(error).toBeInstanceOf(PollerTimeoutError);
    const wait = tracing.span("studio.poll.wait");
    expect(wait.status.code).toBe(SpanStatusCode.ERROR);
    expect(wait.attributes["error.type"]).toBe("TIMEOUT");
  });

  it("records ids and statuses only: never a prompt, a URL or an error message", async () => {
    const h = traced();
    const ok = await h.image("SENTINEL_PROMPT a portrait of Jane Doe");
    const failed = await h.image("SENTINEL_PROMPT [fail]");
    const results = await h.run(Promise.allSettled([h.poller.waitForImages([ok]), h.poller.waitForImages([failed])]));
    const records = results.flatMap((result) => (result.status === "fulfilled" ? result.value : []));
    expect(records.map((record) => record.status).sort()).toEqual(["COMPLETED", "FAILED"]);
    const downloadUrl = records.find((record) => record.downloadUrl)?.downloadUrl ?? "";
    expect(downloadUrl).toContain("?");
    const everything = exported(tracing.spans());
    for (const secret of ["SENTINEL", "Jane Doe", downloadUrl, "?", h.sandbox.keys.readWrite]) {
      expect(everything).not.toContain(secret);
    }
    const errorMessage = records.find((record) => record.status === "FAILED")?.errorMessage ?? "";
    expect(errorMessage).not.toBe("");
    expect(everything).not.toContain(errorMessage);
  });

  it("polls the same way with no provider registered, recording nothing", async () => {
    const h = studio.create({ jobMs: 12_000 });
    const id = await h.image();
    const [image] = await h.run(h.poller.waitForImages([id]));
    expect(image?.status).toBe("COMPLETED");
    expect(h.pollTimes()).toEqual([5, 15]);
    expect(tracing.spans()).toEqual([]);
  });
});

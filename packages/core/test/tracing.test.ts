import { SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import {
  ApiCredentialWorkspaceDocument,
  CreateSignedUploadUrlDocument,
  CreditsBalanceDocument,
  GenerateImageDocument,
} from "@studio-kit/operations";
import { describe, expect, it } from "vitest";
import { StudioConfigError, StudioNetworkError, tracerFor } from "../src/index.js";
import { SPAN_KIND, STATUS_ERROR } from "../src/tracing/otel-api.js";
import { BASE_URL, rejection, useStudio } from "./support/studio.js";
import { exported, traceparentOf, useTracing } from "./support/tracing.js";

const studio = useStudio();
const tracing = useTracing();

const credits = (harness: ReturnType<typeof studio.create>) =>
  harness.client.request(CreditsBalanceDocument, { workspaceId: harness.sandbox.workspaceId });

describe("a span per GraphQL request", () => {
  it("records a CLIENT span named by the operation, with the GraphQL and HTTP client attributes", async () => {
    const harness = studio.create({ tracerProvider: tracing.provider });
    await credits(harness);

    const [span, ...others] = tracing.spans();
    expect(others).toEqual([]);
    expect(span?.name).toBe("query CreditsBalance");
    expect(span?.kind).toBe(SpanKind.CLIENT);
    expect(span?.instrumentationScope.name).toBe("@studio-kit/core");
    expect(span?.status.code).toBe(SpanStatusCode.UNSET);
    expect(span?.attributes).toEqual({
      "graphql.operation.name": "CreditsBalance",
      "graphql.operation.type": "query",
      "studio.graphql.root_fields": ["creditsBalance"],
      "http.request.method": "POST",
      "server.address": "api.studio-kit.test",
      "server.port": 443,
      "url.full": `${BASE_URL}/graphql`,
      "http.response.status_code": 200,
    });
  });

  it("sends the span's W3C traceparent, which the sandbox's journal keeps", async () => {
    const harness = studio.create({ tracerProvider: tracing.provider });
    await credits(harness);
    const span = tracing.span("query CreditsBalance");
    expect(harness.sandbox.requests().map((entry) => entry.traceparent)).toEqual([traceparentOf(span.spanContext())]);
  });

  it("parents the span to the caller's active span, so a job's requests share its trace", async () => {
    const harness = studio.create({ tracerProvider: tracing.provider });
    const job = tracing.provider.getTracer("app");
    await job.startActiveSpan("job", async (parent) => {
      await harness.client.request(ApiCredentialWorkspaceDocument);
      await credits(harness);
      parent.end();
    });
    const parent = tracing.span("job").spanContext();
    const children = tracing.spans().filter((span) => span.name !== "job");
    expect(children.map((span) => span.name)).toEqual(["query ApiCredentialWorkspace", "query CreditsBalance"]);
    for (const child of children) {
      expect(child.parentSpanContext?.spanId).toBe(parent.spanId);
      expect(child.spanContext().traceId).toBe(parent.traceId);
    }
    const traceIds = harness.sandbox.requests().map((entry) => entry.traceparent?.split("-")[1]);
    expect(traceIds).toEqual([parent.traceId, parent.traceId]);
  });

  it("records each attempt of a retried query as its own span, resends counted, the failed one typed", async () => {
    const harness = studio.create({ tracerProvider: tracing.provider });
    harness.sandbox.faults.add({ kind: "status", status: 503, times: 1 });
    await credits(harness);

    const [failed, resent, ...others] = tracing.spans();
    expect(others).toEqual([]);
    expect(failed?.name).toBe("query CreditsBalance");
    expect(failed?.status).toEqual({ code: SpanStatusCode.ERROR });
    expect(failed?.attributes).toMatchObject({ "http.response.status_code": 503, "error.type": "SERVER_ERROR" });
    expect(failed?.attributes["http.request.resend_count"]).toBeUndefined();
    expect(resent?.attributes).toMatchObject({ "http.response.status_code": 200, "http.request.resend_count": 1 });
    expect(resent?.attributes["error.type"]).toBeUndefined();
    // Each attempt went with its own span's traceparent.
    expect(harness.sandbox.requests().map((entry) => entry.traceparent)).toEqual(
      tracing.spans().map((span) => traceparentOf(span.spanContext())),
    );
  });

  it("records the GraphQL code of a refused request and the error's code, never its message", async () => {
    const harness = studio.create({ tracerProvider: tracing.provider, retry: false });
    harness.sandbox.faults.add({ kind: "graphql-error", code: "NOT_FOUND", message: "No such workspace ws_secret_x" });
    await rejection(credits(harness));

    const [span] = tracing.spans();
    expect(span?.status).toEqual({ code: SpanStatusCode.ERROR });
    expect(span?.attributes).toMatchObject({
      "http.response.status_code": 200,
      // StudioNotFoundError's code (issue 42); it was GRAPHQL_ERROR before NOT_FOUND had its own class.
      "error.type": "NOT_FOUND",
      "studio.graphql.error_code": "NOT_FOUND",
    });
    expect(exported(tracing.spans())).not.toContain("ws_secret_x");
    expect(span?.events).toEqual([]);
  });

  it("records a network failure with its error type and no status code", async () => {
    const failing: typeof fetch = async () => {
      throw Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNREFUSED" } });
    };
    const harness = studio.create({ tracerProvider: tracing.provider, fetch: failing, retry: false });
    expect(await rejection(credits(harness))).toBeInstanceOf(StudioNetworkError);
    const [span] = tracing.spans();
    expect(span?.attributes["error.type"]).toBe("NETWORK_ERROR");
    expect(span?.attributes["http.response.status_code"]).toBeUndefined();
  });

  it("keeps every prompt, variable, key, signed URL and URL query out of the spans", async () => {
    const PROMPT = "SENTINEL_PROMPT a lighthouse owned by Jane Doe";
    const harness = studio.create({
      tracerProvider: tracing.provider,
      // A base URL with a query: the endpoint is built from its origin and path only.
      baseUrl: `${BASE_URL}?token=SENTINEL_QUERY`,
    });
    const workspaceId = harness.sandbox.workspaceId;
    await harness.client.request(GenerateImageDocument, { workspaceId, prompt: PROMPT, aspectRatio: "1:1" });
    const { createSignedUploadUrl } = await harness.client.request(CreateSignedUploadUrlDocument, {
      workspaceId,
      category: "UGC_IMAGE",
      filename: "SENTINEL_FILENAME.png",
      contentType: "image/png",
    });
    harness.sandbox.faults.add({ kind: "graphql-error", code: "BAD_USER_INPUT", message: `Refused: ${PROMPT}` });
    await rejection(harness.client.request(GenerateImageDocument, { workspaceId, prompt: PROMPT, aspectRatio: "1:1" }));

    const signedUrl = createSignedUploadUrl?.signedUrl ?? "";
    const signature = new URL(signedUrl).searchParams.get("X-Amz-Signature") ?? "";
    expect(signature).not.toBe("");
    const everything = exported(tracing.spans());
    expect(tracing.spans()).toHaveLength(3);
    for (const secret of [
      "SENTINEL",
      "Jane Doe",
      harness.sandbox.keys.readWrite,
      signedUrl,
      signature,
      workspaceId,
      "?",
    ]) {
      expect(everything).not.toContain(secret);
    }
  });
});

describe("without a provider, or with tracing off", () => {
  it("sends requests as before with no provider registered: no span, no traceparent", async () => {
    const harness = studio.create();
    await credits(harness);
    expect(tracing.spans()).toEqual([]);
    expect(harness.sandbox.requests().map((entry) => entry.traceparent)).toEqual([null]);
  });

  it("uses the global provider by default, once an app registers one", async () => {
    trace.setGlobalTracerProvider(tracing.provider);
    const harness = studio.create();
    await credits(harness);
    expect(tracing.spans().map((span) => span.name)).toEqual(["query CreditsBalance"]);
  });

  it("creates no span and sends no traceparent with tracerProvider: false, even with a global provider", async () => {
    trace.setGlobalTracerProvider(tracing.provider);
    const harness = studio.create({ tracerProvider: false });
    await credits(harness);
    expect(tracing.spans()).toEqual([]);
    expect(harness.sandbox.requests().map((entry) => entry.traceparent)).toEqual([null]);
  });

  it("refuses a tracerProvider that is not one, naming the option", () => {
    const notAProvider = { startActiveSpan() {} } as never;
    expect(() => studio.create({ tracerProvider: notAProvider })).toThrow(StudioConfigError);
    expect(() => studio.create({ tracerProvider: notAProvider })).toThrow(/tracerProvider must be/);
  });
});

describe("tracerFor", () => {
  it("gives a package the client's provider under its own scope, and its spans parent the client's", async () => {
    const harness = studio.create({ tracerProvider: tracing.provider });
    const tracer = tracerFor(harness.client, "my-app");
    await tracer.span("import", { attributes: { "app.count": 2, "app.skipped": undefined } }, async (span) => {
      expect(span.isRecording()).toBe(true);
      await credits(harness);
    });
    const outer = tracing.span("import");
    expect(outer.instrumentationScope.name).toBe("my-app");
    expect(outer.kind).toBe(SpanKind.INTERNAL);
    expect(outer.attributes).toEqual({ "app.count": 2 });
    expect(tracing.span("query CreditsBalance").parentSpanContext?.spanId).toBe(outer.spanContext().spanId);
  });

  it("marks a span that threw as an error typed by the error's code, and rethrows it", async () => {
    const harness = studio.create({ tracerProvider: tracing.provider });
    const failure = Object.assign(new Error("the prompt SENTINEL was refused"), { code: "STALLED" });
    const thrown = await rejection(
      tracerFor(harness.client, "my-app").span("step", {}, async () => {
        throw failure;
      }),
    );
    expect(thrown).toBe(failure);
    const [span] = tracing.spans();
    expect(span?.status).toEqual({ code: SpanStatusCode.ERROR });
    expect(span?.attributes).toEqual({ "error.type": "STALLED" });
    expect(exported(tracing.spans())).not.toContain("SENTINEL");
  });

  it("falls back to the global provider for a client that carries no tracer (a wrapper)", async () => {
    trace.setGlobalTracerProvider(tracing.provider);
    await tracerFor({}, "my-app").span("step", {}, async () => {});
    expect(tracing.spans().map((span) => span.name)).toEqual(["step"]);
  });

  it("binds a callback to the span active when it was bound", async () => {
    const harness = studio.create({ tracerProvider: tracing.provider });
    const tracer = tracerFor(harness.client, "my-app");
    const later = await tracer.span("wait", {}, async () => tracer.bind(() => credits(harness)));
    await later();
    const request = tracing.span("query CreditsBalance");
    expect(request.parentSpanContext?.spanId).toBe(tracing.span("wait").spanContext().spanId);
  });

  it("uses the API's own numbers for span kinds and the error status", () => {
    expect(SPAN_KIND).toEqual({ internal: SpanKind.INTERNAL, client: SpanKind.CLIENT });
    expect(STATUS_ERROR).toBe(SpanStatusCode.ERROR);
  });
});

import { context, propagation, type SpanContext, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { afterAll, afterEach, beforeAll } from "vitest";

/**
 * An in-memory trace pipeline for a test file: a provider (passed to the client as `tracerProvider`, never
 * registered globally unless a test does so itself), the async-hooks context manager that parents spans across
 * awaits, and the W3C propagator, as an app's SDK setup registers them. Each test starts with no spans.
 */
export function useTracing() {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  beforeAll(() => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  });
  afterEach(() => {
    exporter.reset();
    trace.disable();
  });
  afterAll(() => {
    context.disable();
    propagation.disable();
  });
  return {
    provider,
    /** Finished spans, in the order they ended. */
    spans: (): ReadableSpan[] => exporter.getFinishedSpans(),
    /** The finished span with this name (the first, if several); fails the test when there is none. */
    span(name: string): ReadableSpan {
      const found = exporter.getFinishedSpans().find((span) => span.name === name);
      if (!found) throw new Error(`no span named ${name}: ${exporter.getFinishedSpans().map((span) => span.name)}`);
      return found;
    },
  };
}

/** The traceparent a span's context is sent as (sampled). */
export const traceparentOf = (spanContext: SpanContext) => `00-${spanContext.traceId}-${spanContext.spanId}-01`;

/** Everything a span carries that an exporter sends: name, attributes, events, links, status. */
export function exported(spans: readonly ReadableSpan[]): string {
  return JSON.stringify(
    spans.map((span) => ({
      name: span.name,
      attributes: span.attributes,
      events: span.events,
      links: span.links,
      status: span.status,
    })),
  );
}

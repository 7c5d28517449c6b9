// A job's first trace, kept in its record as a W3C `traceparent` (https://www.w3.org/TR/trace-context/#traceparent-header)
// and read back as the link of the trace that resumes it. Written from the span's own ids rather than through the
// registered propagator, so that a collector set to another format (OTEL_PROPAGATORS=b3) still gets a readable link.

import type { StudioSpan, StudioSpanContext } from "@studio-kit/core";

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
const ZERO_TRACE = "0".repeat(32);
const ZERO_SPAN = "0".repeat(16);

/** The span's `traceparent`, or undefined when nothing records it (tracing off): then nothing is stored. */
export function traceparentOf(span: StudioSpan): string | undefined {
  if (!span.isRecording()) return undefined;
  const { traceId, spanId, traceFlags } = span.spanContext();
  if (traceId === ZERO_TRACE || spanId === ZERO_SPAN) return undefined;
  return `00-${traceId}-${spanId}-${(traceFlags & 0xff).toString(16).padStart(2, "0")}`;
}

/** The link to a stored `traceparent`: none when there is none, or it cannot be read (version 00 only). */
export function linksTo(traceparent: string | undefined): { context: StudioSpanContext }[] {
  const match = traceparent ? TRACEPARENT.exec(traceparent) : null;
  if (!match) return [];
  const [, traceId = "", spanId = "", flags = "00"] = match;
  if (traceId === ZERO_TRACE || spanId === ZERO_SPAN) return [];
  return [{ context: { traceId, spanId, traceFlags: Number.parseInt(flags, 16) } }];
}

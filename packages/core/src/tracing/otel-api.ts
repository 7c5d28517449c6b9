import { createRequire } from "node:module";
import type * as OtelApi from "@opentelemetry/api";

// How an optional peer is loaded (decided for issue 31): `@opentelemetry/api` is an optional peer dependency, so
// nothing may import it at the top level (an ESM import of a missing package fails the whole module graph, and a
// top-level `await import()` would stop Node's require(esm) from loading the package, which the consumer test
// proves CommonJS apps do). It is required lazily, once, through createRequire, inside a try: absent, tracing is
// off and nothing else changes. The CommonJS copy it gets shares its globals (the registered provider, context
// manager and propagator) with the ESM copy an app imports, since the API keeps them on globalThis under a
// versioned symbol. A TracerProvider passed to createStudioClient still works without it; only the propagator
// (traceparent) needs the API itself. Core is Node-only already (node:crypto), so node:module costs nothing.

/** The API module, as this package uses it. */
export type OpenTelemetryApi = typeof OtelApi;

let api: OpenTelemetryApi | null | undefined;

/** The installed `@opentelemetry/api`, or null when it cannot be loaded. Looked up on the first call only. */
export function openTelemetryApi(): OpenTelemetryApi | null {
  if (api === undefined) {
    try {
      api = createRequire(import.meta.url)("@opentelemetry/api") as OpenTelemetryApi;
    } catch {
      api = null;
    }
  }
  return api;
}

// The numeric values of the API's SpanKind and SpanStatusCode enums, fixed for API 1.x (test/tracing.test.ts checks
// them against the API); written out so a TracerProvider passed in works when the API cannot be loaded here.
export const SPAN_KIND = { internal: 0, client: 2 } as const;
export const STATUS_ERROR = 2;

import type { Attributes, Link, Span, SpanOptions, Tracer } from "@opentelemetry/api";
import { openTelemetryApi, SPAN_KIND, STATUS_ERROR } from "./otel-api.js";
import type {
  StudioSpan,
  StudioSpanAttributes,
  StudioSpanContext,
  StudioTracer,
  StudioTracerProvider,
} from "./types.js";

const INVALID_CONTEXT: StudioSpanContext = { traceId: "0".repeat(32), spanId: "0".repeat(16), traceFlags: 0 };

const NOOP_SPAN: StudioSpan = {
  isRecording: () => false,
  setAttribute: () => undefined,
  setAttributes: () => undefined,
  addEvent: () => undefined,
  spanContext: () => INVALID_CONTEXT,
};

/** The attributes without their undefined values (a span API need not accept them). */
function defined(attributes: StudioSpanAttributes): Attributes {
  const out: Attributes = {};
  for (const [key, value] of Object.entries(attributes)) if (value !== undefined) out[key] = value;
  return out;
}

/** The tracer when tracing is off: it runs what it is given and records nothing. */
export const NOOP_TRACER: StudioTracer = {
  span: (_name, _options, fn) => fn(NOOP_SPAN),
  inject: () => {},
  bind: (fn) => fn,
};

/**
 * `error.type` for a failure: the error's own `code` when it has one in the packages' style (`RATE_LIMITED`,
 * `STALLED`), else its class name, else `_OTHER`. Low cardinality, as the semantic conventions ask
 * (https://opentelemetry.io/docs/specs/semconv/http/http-spans/, note on `error.type`); never the message.
 */
export function errorType(error: unknown): string {
  if (error && typeof error === "object") {
    const code = "code" in error ? error.code : undefined;
    if (typeof code === "string" && /^[A-Z][A-Z0-9_]{0,63}$/.test(code)) return code;
    if (error instanceof Error && /^[A-Za-z][\w.]{0,63}$/.test(error.name)) return error.name;
  }
  return "_OTHER";
}

/**
 * A StudioTracer over a TracerProvider: the given one, else the global one when `@opentelemetry/api` is installed
 * (a no-op until an app registers a provider, as the API documents). `false` turns tracing off.
 */
export function createStudioTracer(provider: StudioTracerProvider | false | undefined, scope: string): StudioTracer {
  if (provider === false) return NOOP_TRACER;
  const api = openTelemetryApi();
  const source = provider ?? api?.trace.getTracerProvider();
  if (!source) return NOOP_TRACER;
  const tracer = source.getTracer(scope) as Tracer;

  return {
    span(name, options, fn) {
      const spanOptions: SpanOptions = {
        kind: SPAN_KIND[options.kind ?? "internal"],
        ...(options.attributes ? { attributes: defined(options.attributes) } : {}),
        ...(options.links ? { links: options.links as Link[] } : {}),
        ...(options.root ? { root: true } : {}),
      };
      return tracer.startActiveSpan(name, spanOptions, async (span: Span) => {
        try {
          return await fn(span);
        } catch (error) {
          if (span.isRecording()) {
            span.setStatus({ code: STATUS_ERROR });
            span.setAttribute("error.type", errorType(error));
          }
          throw error;
        } finally {
          span.end();
        }
      });
    },
    inject(headers) {
      if (api) api.propagation.inject(api.context.active(), headers);
    },
    bind(fn) {
      return api ? api.context.bind(api.context.active(), fn) : fn;
    },
  };
}

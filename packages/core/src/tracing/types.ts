// The tracing types the packages export. They are written out here, not imported from @opentelemetry/api: the API
// is an optional peer, and a declaration file that imported it would not compile for a consumer without it
// (scripts/consumer-test.mjs type-checks the shipped declarations with no skipLibCheck). Each is the part of the
// API's own type the packages use, so the API's real objects fit them.

/** An attribute value, as OpenTelemetry takes it. */
export type StudioSpanAttributeValue = string | number | boolean | string[] | number[] | boolean[];

/** Span attributes; an undefined value is left out. */
export type StudioSpanAttributes = Record<string, StudioSpanAttributeValue | undefined>;

/** The ids of a span, as `@opentelemetry/api`'s SpanContext carries them. */
export interface StudioSpanContext {
  traceId: string;
  spanId: string;
  traceFlags: number;
}

/** The part of an OpenTelemetry Span the packages use (a real Span fits). */
export interface StudioSpan {
  /** False for a span nobody records (no provider, or sampled out): attributes are then not worth computing. */
  isRecording(): boolean;
  setAttribute(key: string, value: StudioSpanAttributeValue): unknown;
  setAttributes(attributes: StudioSpanAttributes): unknown;
  addEvent(name: string, attributes?: StudioSpanAttributes): unknown;
  spanContext(): StudioSpanContext;
}

/** How a span starts. */
export interface StudioSpanOptions {
  /** `client` for a request to another service (semantic conventions: HTTP client spans), else `internal`. */
  kind?: "internal" | "client";
  /** Attributes known at the start (samplers see them). */
  attributes?: StudioSpanAttributes;
  /** Spans this one serves without being their child (a poll tick serving many waits). */
  links?: readonly { context: StudioSpanContext }[];
  /** Start a new trace instead of a child of the active span. */
  root?: boolean;
}

/**
 * Creates the spans of one package (one instrumentation scope). Obtained with `tracerFor(client, scope)`; without
 * `@opentelemetry/api` installed, or with `tracerProvider: false`, every method does nothing.
 */
export interface StudioTracer {
  /**
   * Runs `fn` inside a new span, active for everything `fn` starts, and ends the span when `fn` settles. When `fn`
   * throws, the span's status is set to ERROR and `error.type` to the error's `code` (else its class name); the
   * message is never recorded, since it may quote the server or a caller's input.
   */
  span<T>(name: string, options: StudioSpanOptions, fn: (span: StudioSpan) => Promise<T>): Promise<T>;
  /** Writes the active context into `headers` with the registered propagator (W3C `traceparent` by default). */
  inject(headers: Record<string, string>): void;
  /** Returns `fn` bound to the context active now, so what it starts later is parented here. */
  bind<F extends (...args: never[]) => unknown>(fn: F): F;
}

/**
 * Where spans go: an OpenTelemetry TracerProvider (the SDK's `NodeTracerProvider`, `BasicTracerProvider`, or
 * `trace.getTracerProvider()`). Only `getTracer` is used.
 */
export interface StudioTracerProvider {
  getTracer(name: string, version?: string): { startActiveSpan(...args: never[]): unknown };
}

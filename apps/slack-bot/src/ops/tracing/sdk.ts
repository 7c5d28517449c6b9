// Starts OpenTelemetry's Node SDK for a process that sends its traces (main.ts, when config.tracing is set: an OTLP
// endpoint variable names a collector). Imported lazily, inside startTracing: a bot that sends no traces never loads
// the SDK (about 50 MB of packages, and 130 to 260 ms at start on this project's machines).
//
// What the SDK is given, and why (https://opentelemetry.io/docs/languages/js/getting-started/nodejs/, and NodeSDK's
// own README for 0.223):
// - no instrumentations: the bot and the packages make their own spans; Node's HTTP or undici instrumentation would add
//   a span per fetch with its full URL, the platform's signed download URLs included;
// - the exporter from the standard variables (OTEL_TRACES_EXPORTER, default otlp; OTEL_EXPORTER_OTLP_PROTOCOL, default
//   http/protobuf; the endpoint, headers, timeout), batched; sampler from OTEL_TRACES_SAMPLER, W3C propagation;
// - no metric readers and no log processors: the bot's metrics are Prometheus's (/metrics) and its logs pino's, so the
//   SDK's OTLP metrics and logs exporters, which it starts by default, would send nothing useful to a collector;
// - a resource of `service.name` (studio-slack-bot) and the SDK's own attributes, under what OTEL_SERVICE_NAME and
//   OTEL_RESOURCE_ATTRIBUTES say (they win), and the host. Not the process detector: it records the command line.

import type { tracing as sdkTracing } from "@opentelemetry/sdk-node";
import type { BotLogger } from "../../logger.js";

/** A started SDK. */
export interface Tracing {
  /** Sends the spans still batched and stops; waits at most `timeoutMs` (default 5 s) for the collector. */
  shutdown(timeoutMs?: number): Promise<void>;
}

/** Options of {@link startTracing}. */
export interface TracingOptions {
  /** `service.name`, unless OTEL_SERVICE_NAME or OTEL_RESOURCE_ATTRIBUTES name one. */
  serviceName: string;
  /** `service.version`. */
  serviceVersion?: string;
  /**
   * Where the SDK's own warnings go (a collector that cannot be reached). Default: nowhere, as the SDK does; leave it
   * out when OTEL_LOG_LEVEL is set, which gives the SDK a console logger of its own.
   */
  logger?: Pick<BotLogger, "warn">;
  /** Spans go here instead of the exporter the variables name (benchmarks, tests). */
  exporter?: sdkTracing.SpanExporter;
}

/** The SDK's warnings as one line of text: messages and error messages only, never an object dumped whole. */
const line = (message: string, args: unknown[]) =>
  [message, ...args.map((arg) => (arg instanceof Error ? arg.message : typeof arg === "string" ? arg : ""))]
    .filter(Boolean)
    .join(" ");

/**
 * Starts the Node SDK and registers it with `@opentelemetry/api`: a tracer provider, the async context manager and
 * the W3C propagator. Call before the studio client is used; `shutdown()` on a graceful stop, so that the last spans
 * are sent.
 *
 * @example const tracing = config.tracing ? await startTracing({ serviceName: "studio-slack-bot" }) : undefined;
 */
export async function startTracing(options: TracingOptions): Promise<Tracing> {
  const { NodeSDK, api, resources, tracing } = await import("@opentelemetry/sdk-node");
  const { logger } = options;
  // Its warnings (an export refused, a collector down) reach the bot's log instead of nowhere.
  if (logger) {
    const warn = (message: string, ...args: unknown[]) => logger.warn({ source: "opentelemetry" }, line(message, args));
    const ignore = () => {};
    api.diag.setLogger({ error: warn, warn, info: ignore, debug: ignore, verbose: ignore }, api.DiagLogLevel.WARN);
  }
  const resource = resources.defaultResource().merge(
    resources.resourceFromAttributes({
      "service.name": options.serviceName,
      ...(options.serviceVersion ? { "service.version": options.serviceVersion } : {}),
    }),
  );
  const sdk = new NodeSDK({
    resource,
    resourceDetectors: [resources.envDetector, resources.hostDetector],
    instrumentations: [],
    metricReaders: [],
    logRecordProcessors: [],
    ...(options.exporter ? { spanProcessors: [new tracing.BatchSpanProcessor(options.exporter)] } : {}),
  });
  sdk.start();
  return {
    async shutdown(timeoutMs = 5_000) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      });
      try {
        await Promise.race([sdk.shutdown(), late]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

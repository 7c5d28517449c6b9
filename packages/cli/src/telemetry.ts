// Traces of a `studio` run (issue 31): with the standard OTLP endpoint variables set, the bin starts OpenTelemetry's
// Node SDK and runs the command inside one root span, `studio <command>`, under which the client's, the uploads' and
// the poller's spans nest (@studio-kit/core, upload, poller). Without them nothing is imported: this file imports
// nothing at the top, and the SDK is loaded with `import()` only when a variable names a collector
// (test/telemetry.test.ts records the modules a run loads; bench/startup.bench.mjs times both).
//
// `@opentelemetry/sdk-node` and `@opentelemetry/api` are optional peer dependencies, as the API is for core: the SDK
// is about 50 MB installed, more than the CLI itself, for a feature most runs do not use. Installed beside the CLI
// (`npm install -g @opentelemetry/sdk-node@0.223 @opentelemetry/api@1.9`), they are found; missing, the run says so
// on stderr once and goes on untraced.
//
// The same choices as the bot's (apps/slack-bot/src/ops/tracing/sdk.ts): the exporter, sampler and propagator from
// the standard variables (https://opentelemetry.io/docs/specs/otel/configuration/sdk-environment-variables/), no
// instrumentations (a fetch instrumentation would record signed download URLs whole), no metrics or logs exporters,
// and no process detector: it records the command line, and a `studio` command line holds the prompt.

import type * as OtelApi from "@opentelemetry/api";
import type { OutStream } from "./io.js";

type Env = Readonly<Record<string, string | undefined>>;

/** The variables that name a collector; the traces-only one is read first by the exporter itself. */
const ENDPOINTS = ["OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "OTEL_EXPORTER_OTLP_ENDPOINT"] as const;

const set = (env: Env, name: string) => (env[name]?.trim() ?? "") !== "";

/**
 * Whether the run sends traces: an OTLP endpoint variable is set, and neither OTEL_SDK_DISABLED=true nor
 * OTEL_TRACES_EXPORTER=none turns the SDK's traces off (the same rule as the bot's, config/tracing.ts).
 */
export function tracesWanted(env: Env): boolean {
  if (!ENDPOINTS.some((name) => set(env, name))) return false;
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === "true") return false;
  return env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() !== "none";
}

/** A started SDK: runs the command inside its root span, then sends what is left. */
export interface Telemetry {
  /**
   * Runs `run` inside the root span `studio`, which `onCommand` renames once the command is known (`studio credits`,
   * `studio boards list`: the command's words, never its arguments), and ends it with the exit code.
   */
  trace(run: (onCommand: (words: readonly string[]) => void) => Promise<number>): Promise<number>;
  /**
   * Sends the spans still batched; waits at most 3 s for a collector that does not answer. Resolves with what
   * happened: when not sent, `answer` says what the collector did ("did not answer within 3 s": the exporter's
   * retries then still hold the process, and the bin ends it; "answered HTTP 500": issue 42, an answer, not silence).
   */
  shutdown(): Promise<ShutdownOutcome>;
}

/** How the last spans went: sent, or not, with what the collector did, in words after "the trace collector". */
export type ShutdownOutcome = { sent: true } | { sent: false; answer: string };

/**
 * What a failed export says about the collector, in words after "the trace collector": its HTTP status
 * (OTLPExporterError's numeric `code`, the status of the collector's answer), or the connection's error code when
 * no answer came. Never the error's message, which may quote the endpoint's URL with its credentials.
 */
export function collectorAnswer(error: unknown): string {
  for (let at: unknown = error, depth = 0; at && typeof at === "object" && depth < 5; depth += 1) {
    const code = (at as { code?: unknown }).code;
    if (typeof code === "number" && code >= 100 && code <= 599) return `answered HTTP ${code}`;
    if (typeof code === "string" && /^E[A-Z_]+$/.test(code)) return `could not be reached (${code})`;
    at = (at as { cause?: unknown }).cause;
  }
  return "refused the traces";
}

const SHUTDOWN_WAIT_MS = 3_000;

/**
 * Starts the Node SDK when {@link tracesWanted}; undefined otherwise, and when the SDK is not installed (said once on
 * `stderr`).
 *
 * @example
 * const telemetry = await startTelemetry(process.env, process.stderr, VERSION);
 * process.exitCode = telemetry ? await telemetry.trace((onCommand) => runStudio(argv, { ...io, onCommand })) : ...;
 * await telemetry?.shutdown();
 */
export async function startTelemetry(env: Env, stderr: OutStream, version: string): Promise<Telemetry | undefined> {
  if (!tracesWanted(env)) return undefined;
  let sdkModule: typeof import("@opentelemetry/sdk-node");
  try {
    sdkModule = await import("@opentelemetry/sdk-node");
  } catch {
    stderr.write(
      "studio: an OTLP endpoint is set, but @opentelemetry/sdk-node is not installed beside studio, so no traces are sent (npm install -g @opentelemetry/sdk-node@0.223 @opentelemetry/api@1.9).\n",
    );
    return undefined;
  }
  const { NodeSDK, api, resources } = sdkModule;
  const sdk = new NodeSDK({
    resource: resources
      .defaultResource()
      .merge(resources.resourceFromAttributes({ "service.name": "studio-cli", "service.version": version })),
    resourceDetectors: [resources.envDetector, resources.hostDetector],
    instrumentations: [],
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  const tracer = api.trace.getTracer("@studio-kit/cli", version);
  return {
    trace: (run) =>
      tracer.startActiveSpan("studio", async (span: OtelApi.Span) => {
        try {
          const code = await run((words) => {
            span.updateName(["studio", ...words].join(" "));
            span.setAttribute("studio.cli.command", words.join(" "));
          });
          span.setAttribute("process.exit.code", code);
          if (code !== 0) span.setStatus({ code: api.SpanStatusCode.ERROR });
          return code;
        } finally {
          span.end();
        }
      }),
    async shutdown() {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<ShutdownOutcome>((resolve) => {
        timer = setTimeout(
          () => resolve({ sent: false, answer: `did not answer within ${SHUTDOWN_WAIT_MS / 1000} s` }),
          SHUTDOWN_WAIT_MS,
        );
      });
      try {
        return await Promise.race([
          sdk.shutdown().then(
            (): ShutdownOutcome => ({ sent: true }),
            (error: unknown): ShutdownOutcome => ({ sent: false, answer: collectorAnswer(error) }),
          ),
          late,
        ]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

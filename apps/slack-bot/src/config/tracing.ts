// Traces (issue 31, decision 0023): the bot sends its spans to an OpenTelemetry collector when the standard OTLP
// endpoint variables name one, and starts nothing otherwise. Only whether to start is decided here; the SDK reads the
// rest of the standard variables itself (OTEL_EXPORTER_OTLP_PROTOCOL, _HEADERS, OTEL_TRACES_SAMPLER, OTEL_SERVICE_NAME,
// OTEL_RESOURCE_ATTRIBUTES, ...: https://opentelemetry.io/docs/specs/otel/configuration/sdk-environment-variables/ and
// https://opentelemetry.io/docs/specs/otel/protocol/exporter/). The headers often hold a vendor's key: never read here.

import { type Env, httpUrl, read } from "./read.js";

/** Where traces go, when they are sent. */
export interface TracingConfig {
  /** The collector's origin (scheme, host and port: no path, no credentials), for the start-up log line. */
  collector: string;
  /** OTEL_LOG_LEVEL is set: the SDK logs to the console itself (else its warnings go to the bot's log). */
  sdkLogs: boolean;
}

/** The endpoint variables, the traces-only one first: it wins over the general one, as the exporter spec says. */
const ENDPOINTS = ["OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "OTEL_EXPORTER_OTLP_ENDPOINT"] as const;

/**
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT or OTEL_EXPORTER_OTLP_ENDPOINT: traces are sent there. Undefined (nothing
 * started) when neither is set, or when OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none turn the SDK's traces off.
 */
export function readTracing(env: Env, problems: string[]): TracingConfig | undefined {
  const name = ENDPOINTS.find((variable) => read(env, variable) !== undefined);
  if (!name) return undefined;
  if (read(env, "OTEL_SDK_DISABLED")?.toLowerCase() === "true") return undefined;
  if (read(env, "OTEL_TRACES_EXPORTER")?.toLowerCase() === "none") return undefined;
  const endpoint = read(env, name) ?? "";
  if (!httpUrl(endpoint)) {
    problems.push(`${name} must be an http:// or https:// URL: the collector's OTLP address (http://localhost:4318).`);
    return undefined;
  }
  return { collector: new URL(endpoint).origin, sdkLogs: read(env, "OTEL_LOG_LEVEL") !== undefined };
}

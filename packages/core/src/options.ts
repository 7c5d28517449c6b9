import { StudioConfigError } from "./errors.js";
import { DEFAULT_RETRY, type RetryOptions, type RetryPolicy } from "./retry.js";
import type { StudioTracerProvider } from "./tracing/types.js";
import { whenAborted } from "./when-aborted.js";

/**
 * A pino-compatible logger: `logger.warn({ ...fields }, "message")`. Every
 * field the client logs is redacted first.
 */
export interface StudioLogger {
  debug?(fields: Record<string, unknown>, message: string): void;
  info?(fields: Record<string, unknown>, message: string): void;
  warn?(fields: Record<string, unknown>, message: string): void;
  error?(fields: Record<string, unknown>, message: string): void;
}

/** Options of `createStudioClient`. */
export interface StudioClientOptions {
  /** The workspace API key (`Authorization: Bearer <key>`). It decides the workspace. */
  apiKey: string;
  /** The API's base URL; requests go to `${baseUrl}/graphql`. */
  baseUrl: string;
  /** The fetch to send with. Default: the global fetch. */
  fetch?: typeof fetch;
  /** Time allowed for each attempt, in ms. Default 30000. */
  timeoutMs?: number;
  /** Retry settings, or false for none. */
  retry?: RetryOptions | false;
  logger?: StudioLogger;
  /** Waits between retries; injectable so tests do not wait. Default: a timer, cut short by the signal. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Random source of the back-off jitter, in [0, 1). Default Math.random. */
  random?: () => number;
  /** The clock Retry-After dates are read against. Default Date.now. */
  now?: () => number;
  /**
   * Where the client's spans go (one CLIENT span per GraphQL request; upload and poller spans through
   * `tracerFor(client, ...)`). Default: the global provider when `@opentelemetry/api` is installed, which records
   * nothing until an app registers one; `false` creates no spans. W3C `traceparent` is sent with each request
   * whenever a propagator is registered with the API.
   */
  tracerProvider?: StudioTracerProvider | false;
}

/** The options after checking, with every default filled in. */
export interface ResolvedOptions {
  apiKey: string;
  endpoint: string;
  fetch: typeof fetch;
  timeoutMs: number;
  retry: RetryPolicy;
  logger: StudioLogger;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  random: () => number;
  now: () => number;
  tracerProvider: StudioTracerProvider | false | undefined;
}

/** Resolves once `ms` have passed, or rejects with the signal's reason as soon as it aborts. */
export function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      stop?.();
      resolve();
    }, ms);
    // One listener on the signal however many sleep on it at once (when-aborted.ts).
    const stop = signal
      ? whenAborted(signal, () => {
          clearTimeout(timer);
          reject(signal.reason);
        })
      : undefined;
  });
}

function invalid(problem: string): never {
  throw new StudioConfigError("INVALID_OPTIONS", `@studio-kit/core: createStudioClient: ${problem}`);
}

function count(value: number | undefined, name: string, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < min) invalid(`${name} must be a number >= ${min}, got ${value}.`);
  return value;
}

/** Checks the options up front, so a misconfiguration fails at start with a message, not at the first call. */
export function resolveOptions(options: StudioClientOptions): ResolvedOptions {
  if (!options || typeof options !== "object") invalid("pass an options object: { apiKey, baseUrl }.");
  if (typeof options.apiKey !== "string" || options.apiKey.trim() === "") {
    invalid("apiKey is missing: pass the workspace API key (for example from STUDIO_API_KEY).");
  }
  let url: URL;
  try {
    url = new URL(options.baseUrl);
  } catch {
    invalid(
      `baseUrl must be an absolute http(s) URL such as https://api.example.com, got ${JSON.stringify(options.baseUrl)}.`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    invalid(`baseUrl must use http or https, got ${url.protocol}`);
  const retry = options.retry === false ? { ...DEFAULT_RETRY, retries: 0 } : { ...DEFAULT_RETRY, ...options.retry };
  if (options.fetch !== undefined && typeof options.fetch !== "function") invalid("fetch must be a function.");
  const { tracerProvider } = options;
  if (
    tracerProvider !== undefined &&
    tracerProvider !== false &&
    typeof (tracerProvider as { getTracer?: unknown } | null)?.getTracer !== "function"
  ) {
    invalid("tracerProvider must be an OpenTelemetry TracerProvider (with getTracer), or false.");
  }
  // The global fetch is looked up on every call, not captured now, so that one
  // patched later (msw in tests, an APM agent) is the one used.
  const fetchFn: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return {
    apiKey: options.apiKey.trim(),
    endpoint: `${url.origin}${url.pathname.replace(/\/+$/, "")}/graphql`,
    fetch: fetchFn,
    timeoutMs: count(options.timeoutMs, "timeoutMs", 30_000, 1),
    retry: {
      retries: count(retry.retries, "retry.retries", DEFAULT_RETRY.retries, 0),
      minDelayMs: count(retry.minDelayMs, "retry.minDelayMs", DEFAULT_RETRY.minDelayMs, 0),
      maxDelayMs: count(retry.maxDelayMs, "retry.maxDelayMs", DEFAULT_RETRY.maxDelayMs, 0),
      maxRetryAfterMs: count(retry.maxRetryAfterMs, "retry.maxRetryAfterMs", DEFAULT_RETRY.maxRetryAfterMs, 0),
    },
    logger: options.logger ?? {},
    sleep: options.sleep ?? defaultSleep,
    random: options.random ?? Math.random,
    now: options.now ?? Date.now,
    tracerProvider,
  };
}

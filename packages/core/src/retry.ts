import {
  type StudioError,
  StudioNetworkError,
  StudioRateLimitError,
  StudioServerError,
  StudioTimeoutError,
} from "./errors.js";
import type { RetryClass } from "./operation.js";

/** Back-off settings of `createStudioClient`'s `retry` option. */
export interface RetryOptions {
  /** Retries after the first attempt. Default 3; 0 turns retrying off. */
  retries?: number;
  /** First back-off delay; each retry doubles it, with full jitter. Default 250 ms. */
  minDelayMs?: number;
  /** Longest back-off delay. Default 8000 ms. */
  maxDelayMs?: number;
  /** A Retry-After longer than this is not waited for: the rate-limit error is thrown instead. Default 60000 ms. */
  maxRetryAfterMs?: number;
}

export type RetryPolicy = Required<RetryOptions>;

export const DEFAULT_RETRY: RetryPolicy = { retries: 3, minDelayMs: 250, maxDelayMs: 8000, maxRetryAfterMs: 60_000 };

/**
 * Whether this error may be retried for this kind of operation (RFC 9110 9.2.2:
 * a non-idempotent request is retried only when it is known not to have been
 * applied; platform facts, Retrying safely).
 */
export function isRetryable(retryClass: RetryClass, error: StudioError): boolean {
  // Refused before processing, or never sent at all: safe for every operation, generations included.
  if (error instanceof StudioRateLimitError) return true;
  if (error instanceof StudioNetworkError && !error.sent) return true;
  if (retryClass === "write" || retryClass === "paid") return false;
  return (
    error instanceof StudioNetworkError || error instanceof StudioServerError || error instanceof StudioTimeoutError
  );
}

/**
 * The wait before retry number `retry` (1-based): exponential back-off with full
 * jitter, never shorter than the server's Retry-After. Undefined when the
 * server asks for a longer wait than the policy allows.
 */
export function retryDelay(
  policy: RetryPolicy,
  retry: number,
  error: StudioError,
  random: () => number,
): number | undefined {
  const ceiling = Math.min(policy.maxDelayMs, policy.minDelayMs * 2 ** (retry - 1));
  const backoff = Math.round(random() * ceiling);
  const retryAfter = error instanceof StudioRateLimitError ? error.retryAfterMs : undefined;
  if (retryAfter === undefined) return backoff;
  return retryAfter > policy.maxRetryAfterMs ? undefined : Math.max(backoff, retryAfter);
}

/** Retry-After as milliseconds: delay-seconds or an HTTP date (RFC 9110 10.2.3). */
export function parseRetryAfter(header: string | null | undefined, now: number): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

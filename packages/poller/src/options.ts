import { systemClock } from "./clock.js";
import { PollerError } from "./errors.js";
import type { PollerClock, PollerOptions } from "./types.js";

/** The spec's back-off: 5 s, then 10 s, then 15 s, then 20 s between every further attempt (States and transitions). */
export const DEFAULT_SCHEDULE: readonly number[] = [5_000, 10_000, 15_000, 20_000];
/** Most ids one request reads by default. */
export const DEFAULT_MAX_BATCH = 50;
/** Default coalescing window: ids due within 1 s of the earliest are read together (each at most 1 s late). */
export const DEFAULT_WINDOW_MS = 1_000;
/** Default deadline of a wait: 15 minutes, longer than any generation the catalog describes. */
export const DEFAULT_MAX_WAIT_MS = 15 * 60_000;

/** The options after checking, with defaults filled in. */
export interface ResolvedPollerOptions {
  schedule: readonly number[];
  maxBatch: number;
  windowMs: number;
  maxWaitMs: number;
  clock: PollerClock;
}

function invalid(problem: string): never {
  throw new PollerError("INVALID_OPTIONS", `@studio-kit/poller: createPoller: ${problem}`);
}

/** The wait before poll number `attempt + 1` of one id, `attempt` polls having been made. */
export function delayAfter(schedule: readonly number[], attempts: number): number {
  // resolvePollerOptions guarantees a non-empty schedule.
  return schedule[Math.min(attempts, schedule.length - 1)] ?? 0;
}

/** Whether `value` is a usable deadline: a positive number of ms, or Infinity for none. */
export function isDeadline(value: unknown): value is number {
  return typeof value === "number" && value > 0 && !Number.isNaN(value);
}

/** Checks the options up front, so a misconfiguration fails at start with a message, not at the first wait. */
export function resolvePollerOptions(options: PollerOptions = {}): ResolvedPollerOptions {
  if (typeof options !== "object" || options === null) invalid("options must be an object.");
  const schedule = options.schedule ?? DEFAULT_SCHEDULE;
  if (
    !Array.isArray(schedule) ||
    schedule.length === 0 ||
    !schedule.every((ms) => typeof ms === "number" && Number.isFinite(ms) && ms > 0)
  ) {
    invalid(`schedule must be a non-empty list of positive numbers of ms, got ${JSON.stringify(schedule)}.`);
  }
  const maxBatch = options.maxBatch ?? DEFAULT_MAX_BATCH;
  if (!Number.isInteger(maxBatch) || maxBatch < 1) invalid(`maxBatch must be an integer >= 1, got ${maxBatch}.`);
  const windowMs = options.windowMs ?? DEFAULT_WINDOW_MS;
  if (typeof windowMs !== "number" || !Number.isFinite(windowMs) || windowMs < 0) {
    invalid(`windowMs must be a number >= 0, got ${windowMs}.`);
  }
  const maxWaitMs = options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS;
  if (!isDeadline(maxWaitMs)) invalid(`maxWaitMs must be a number > 0 (or Infinity), got ${maxWaitMs}.`);
  const clock = options.clock ?? systemClock;
  if (typeof clock?.now !== "function" || typeof clock.sleep !== "function") {
    invalid("clock must have now() and sleep(ms, signal).");
  }
  return { schedule: [...schedule], maxBatch, windowMs, maxWaitMs, clock };
}

/**
 * The sandbox's virtual clock. Every timed behaviour (generation, signed-URL
 * expiry, upload clean-up) reads it, so tests move time with `advance` instead of
 * waiting. With `followRealTime`, it also moves with the wall clock, which is what
 * a person using the CLI or the bot expects.
 */
export interface VirtualClock {
  /** Milliseconds since the epoch, on the virtual timeline. */
  now(): number;
  /** Moves the clock forward; negative or non-finite amounts, and any past {@link LATEST_CLOCK_TIME}, are refused. */
  advance(ms: number): number;
  iso(at?: number): string;
}

export interface VirtualClockOptions {
  /** Where the virtual timeline starts. Default 2026-01-05T09:00:00Z. */
  start?: number;
  /** Also move with real time (for people rather than tests: see {@link createRealTimeClock}). Default false. */
  followRealTime?: boolean;
  /** The real clock, injectable for tests. */
  realNow?: () => number;
}

export const DEFAULT_CLOCK_START = Date.UTC(2026, 0, 5, 9, 0, 0);

/**
 * The latest time the clock may reach: the last millisecond of year 9999, the last one with a four-digit ISO year.
 * JavaScript dates end at 8.64e15 ms (year 275760); stopping here leaves room for every time the sandbox derives from
 * "now" (an upload's expiry, a job's end, next month's refill) to stay a valid date, so no later request can fail on
 * an invalid time.
 */
export const LATEST_CLOCK_TIME = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** Why the clock cannot move `ms` from `now`, or null when it can. */
export function advanceProblem(now: number, ms: unknown): string | null {
  if (typeof ms !== "number" || !Number.isFinite(ms) || ms < 0) return "must be a number of milliseconds, 0 or more";
  if (now + ms > LATEST_CLOCK_TIME) {
    return (
      `would move the clock past ${new Date(LATEST_CLOCK_TIME).toISOString()}, the latest time the sandbox's clock ` +
      `reaches (it is ${new Date(now).toISOString()}: at most ${LATEST_CLOCK_TIME - now} ms more)`
    );
  }
  return null;
}

export function createVirtualClock(options: VirtualClockOptions = {}): VirtualClock {
  const start = options.start ?? DEFAULT_CLOCK_START;
  const realNow = options.realNow ?? Date.now;
  const realStart = realNow();
  let offset = 0;

  const now = () => start + offset + (options.followRealTime ? realNow() - realStart : 0);
  return {
    now,
    advance(ms) {
      const problem = advanceProblem(now(), ms);
      if (problem) throw new RangeError(`@studio-kit/sandbox: advancing the clock by ${ms} ms ${problem}`);
      offset += ms;
      return now();
    },
    iso: (at = now()) => new Date(at).toISOString(),
  };
}

/**
 * The clock for a sandbox that people use rather than tests (the CLI, the playground, the bot with no API key): it
 * starts at the real current time and follows it, so the dates the API answers are today's (credits'
 * `nextRefillAt` next month, not in January 2026) and seeded records are minutes old. Tests keep
 * {@link createVirtualClock}'s fixed start, so their dates do not depend on the day they run.
 *
 * @example
 * const server = await startSandboxServer({ port: 4010, clock: createRealTimeClock() });
 */
export function createRealTimeClock(options: Pick<VirtualClockOptions, "realNow"> = {}): VirtualClock {
  const realNow = options.realNow ?? Date.now;
  return createVirtualClock({ start: realNow(), followRealTime: true, realNow });
}

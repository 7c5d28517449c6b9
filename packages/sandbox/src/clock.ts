/**
 * The sandbox's virtual clock. Every timed behaviour (generation, signed-URL
 * expiry, upload clean-up) reads it, so tests move time with `advance` instead of
 * waiting. With `followRealTime`, it also moves with the wall clock, which is what
 * a person using the CLI or the bot expects.
 */
export interface VirtualClock {
  /** Milliseconds since the epoch, on the virtual timeline. */
  now(): number;
  /** Moves the clock forward; negative or non-finite amounts are refused. */
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

export function createVirtualClock(options: VirtualClockOptions = {}): VirtualClock {
  const start = options.start ?? DEFAULT_CLOCK_START;
  const realNow = options.realNow ?? Date.now;
  const realStart = realNow();
  let offset = 0;

  const now = () => start + offset + (options.followRealTime ? realNow() - realStart : 0);
  return {
    now,
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`cannot advance the clock by ${ms} ms`);
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

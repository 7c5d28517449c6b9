import type { PollerClock } from "../types.js";

/** A clock that moves only when told to: tests and benchmarks drive it, nothing waits for real time. */
export interface ManualClock extends PollerClock {
  /** Moves the clock to `at` (never back), waking every sleep due by then, in order. */
  advanceTo(at: number): void;
  /** Moves the clock forward by `ms`. */
  advance(ms: number): void;
  /**
   * Moves the clock to the earliest pending sleep and wakes it (and any other due
   * then). Returns false when nothing sleeps.
   */
  runNext(): boolean;
  /** When the earliest pending sleep ends; undefined when none is pending. */
  nextAt(): number | undefined;
  /** How many sleeps are pending. Zero once a poller has nothing left to wait for. */
  pending(): number;
}

/** Options of `createManualClock`. */
export interface ManualClockOptions {
  /** Where the clock starts. Default 0. */
  start?: number;
  /**
   * Called with every forward move, before any sleep wakes: pass
   * `(ms) => sandbox.advance(ms)` so that the sandbox's generations and the
   * poller's schedule move together.
   */
  onAdvance?: (ms: number) => void;
}

interface Sleeper {
  at: number;
  seq: number;
  wake: () => void;
}

/**
 * A manual clock for the poller's `clock` option.
 *
 * @example
 * ```ts
 * const sandbox = createSandbox({ jobMs: 30_000 });
 * const clock = createManualClock({ start: sandbox.clock.now(), onAdvance: (ms) => sandbox.advance(ms) });
 * const poller = createPoller(client, { clock });
 * ```
 */
export function createManualClock(options: ManualClockOptions = {}): ManualClock {
  let now = options.start ?? 0;
  let seq = 0;
  const sleepers: Sleeper[] = [];

  const advanceTo = (at: number) => {
    if (!Number.isFinite(at)) throw new RangeError(`@studio-kit/poller/testing: cannot move the clock to ${at}`);
    if (at > now) {
      options.onAdvance?.(at - now);
      now = at;
    }
    const due = sleepers.filter((sleeper) => sleeper.at <= now).sort((a, b) => a.at - b.at || a.seq - b.seq);
    for (const sleeper of due) sleeper.wake();
  };

  return {
    now: () => now,
    sleep(ms, signal) {
      return new Promise<void>((resolve, reject) => {
        if (signal?.aborted) {
          reject(signal.reason);
          return;
        }
        const remove = () => {
          const index = sleepers.indexOf(sleeper);
          if (index >= 0) sleepers.splice(index, 1);
        };
        const onAbort = () => {
          remove();
          reject(signal?.reason);
        };
        const sleeper: Sleeper = {
          at: now + Math.max(0, ms),
          seq: seq++,
          wake: () => {
            remove();
            signal?.removeEventListener("abort", onAbort);
            resolve();
          },
        };
        sleepers.push(sleeper);
        signal?.addEventListener("abort", onAbort, { once: true });
      });
    },
    advanceTo,
    advance: (ms) => advanceTo(now + ms),
    runNext() {
      const at = Math.min(...sleepers.map((sleeper) => sleeper.at));
      if (!Number.isFinite(at)) return false;
      advanceTo(at);
      return true;
    },
    nextAt() {
      return sleepers.length === 0 ? undefined : Math.min(...sleepers.map((sleeper) => sleeper.at));
    },
    pending: () => sleepers.length,
  };
}

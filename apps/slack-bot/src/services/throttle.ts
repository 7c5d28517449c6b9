// Slack's chat.update is Tier 3 (about 50 a minute per workspace), and a progress bar moving every poll would burn
// through it with a handful of jobs; the issue asks for at most one update per message every 10 s. The clock is
// injected so tests move time themselves.

/** Decides whether a message may be updated now. */
export interface Throttle {
  /** True (and counts the update) when `key` was not updated within the interval; false otherwise. */
  take(key: string): boolean;
  /** Whether {@link take} would pass now (counts nothing). */
  ready(key: string): boolean;
  /** Forgets `key`, once its message is final. */
  forget(key: string): void;
}

/** Options of {@link createThrottle}. */
export interface ThrottleOptions {
  /** Least time between two updates of one key, in ms. Default 10000. */
  intervalMs?: number;
  /** The clock, in ms. Default `Date.now`. */
  now?: () => number;
}

/** The default gap between two progress updates of one message. */
export const PROGRESS_UPDATE_INTERVAL_MS = 10_000;

/**
 * A per-key throttle: the first `take(key)` passes, later ones pass only once `intervalMs` went by since the last
 * one that passed. Skipped updates are dropped, not queued: the next one carries newer progress anyway.
 *
 * @example const throttle = createThrottle(); if (throttle.take(ts)) await client.chat.update(...);
 */
export function createThrottle(options: ThrottleOptions = {}): Throttle {
  const intervalMs = options.intervalMs ?? PROGRESS_UPDATE_INTERVAL_MS;
  const now = options.now ?? Date.now;
  const last = new Map<string, number>();
  const ready = (key: string) => {
    const previous = last.get(key);
    return previous === undefined || now() - previous >= intervalMs;
  };
  return {
    ready,
    take(key) {
      if (!ready(key)) return false;
      last.set(key, now());
      return true;
    },
    forget(key) {
      last.delete(key);
    },
  };
}

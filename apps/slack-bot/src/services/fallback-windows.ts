// The pacer counts Slack calls in the store so that replicas share Slack's limits. When the store cannot answer (a
// PostgreSQL restart, issue 38), a pacer that threw would fail whatever was about to call Slack: a result's upload
// was given up and its message showed the platform's signed link instead of its Slack file. Slack's limits do not
// go away with our database, and a count kept here alone is a better guess than none: while the store is away this
// replica counts its own calls in memory (the other replicas do the same, and Slack's 429, which the client's fetch
// waits out, covers what the two guesses miss), then goes back to the shared count as soon as the store answers.

import type { RateWindows } from "../store/types.js";
import { memoryWindows } from "./memory-windows.js";

/** Options of {@link withLocalFallback}. */
export interface LocalFallbackOptions {
  /** Told once when the store stops answering (not at every call), with its error. */
  onStoreLost?: (error: unknown) => void;
  /** Told once when the store answers again. */
  onStoreBack?: () => void;
}

/**
 * Rate windows that use `shared` and, for any call it fails, a window of this process instead: never throws.
 *
 * @example createSlackPacer({ windows: withLocalFallback(store.windows, { onStoreLost: (err) => log.warn({ err }) }) })
 */
export function withLocalFallback(shared: RateWindows, options: LocalFallbackOptions = {}): RateWindows {
  const local = memoryWindows();
  let lost = false;
  const attempt = async <T>(shared: () => Promise<T>, fallback: () => Promise<T>): Promise<T> => {
    try {
      const value = await shared();
      if (lost) {
        lost = false;
        options.onStoreBack?.();
      }
      return value;
    } catch (error) {
      if (!lost) {
        lost = true;
        options.onStoreLost?.(error);
      }
      return fallback();
    }
  };
  return {
    take: (key, now, windowMs, max) =>
      attempt(
        () => shared.take(key, now, windowMs, max),
        () => local.take(key, now, windowMs, max),
      ),
    count: (key, now, windowMs) =>
      attempt(
        () => shared.count(key, now, windowMs),
        () => local.count(key, now, windowMs),
      ),
  };
}

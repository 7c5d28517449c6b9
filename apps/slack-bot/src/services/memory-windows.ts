import type { RateWindows, WindowUse } from "../store/types.js";

/**
 * Rolling windows kept in this process only: for a budget no other process shares (tests, benchmarks). The bot
 * itself counts in its store (`store.windows`) so that replicas share one budget.
 */
export function memoryWindows(): RateWindows {
  const uses = new Map<string, number[]>();
  /** The key's uses still inside the window ending at `now`, oldest first (expired ones dropped). */
  const inWindow = (key: string, now: number, windowMs: number): number[] => {
    const times = (uses.get(key) ?? []).filter((time) => now - time < windowMs);
    if (times.length) uses.set(key, times);
    else uses.delete(key);
    return times;
  };
  const state = (times: number[]): WindowUse => ({ used: times.length, oldest: times[0] ?? null });
  return {
    async take(key, now, windowMs, max) {
      const times = inWindow(key, now, windowMs);
      if (times.length >= max) return { taken: false, ...state(times) };
      times.push(now);
      uses.set(key, times);
      return { taken: true, ...state(times) };
    },
    count: async (key, now, windowMs) => state(inWindow(key, now, windowMs)),
  };
}

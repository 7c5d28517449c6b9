import type { PollerClock } from "./types.js";

/**
 * The default clock: Date.now and a timer. An aborted sleep clears its timer at
 * once, which is how the poller leaves nothing pending once no wait remains.
 */
export const systemClock: PollerClock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      }, ms);
      signal?.addEventListener("abort", onAbort, { once: true });
    }),
};

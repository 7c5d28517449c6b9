import { whenAborted } from "@studio-kit/core";
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
      const timer = setTimeout(() => {
        stop?.();
        resolve();
      }, ms);
      // One listener on the signal however many waits sleep on it (core's whenAborted).
      const stop = signal
        ? whenAborted(signal, () => {
            clearTimeout(timer);
            reject(signal.reason);
          })
        : undefined;
    }),
};

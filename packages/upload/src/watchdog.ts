import type { UploadClock } from "./options.js";

/** Fires `onStall` once when `kick` has not been called for `timeoutMs`. */
export interface Watchdog {
  /** Something moved: the wait starts again. */
  kick(): void;
  /** The transfer ended; `onStall` will not fire. */
  stop(): void;
}

/**
 * Starts a stall timer on the injected clock. Users of signed-URL uploaders
 * report uploads that hang forever (platform facts, Uploads): every transfer
 * runs under one of these, from the request until the answer.
 */
export function startWatchdog(clock: UploadClock, timeoutMs: number, onStall: () => void): Watchdog {
  let stopped = false;
  let handle: unknown;
  const arm = () => {
    handle = clock.setTimeout(() => {
      if (stopped) return;
      stopped = true;
      onStall();
    }, timeoutMs);
  };
  arm();
  return {
    kick() {
      if (stopped) return;
      clock.clearTimeout(handle);
      arm();
    },
    stop() {
      stopped = true;
      clock.clearTimeout(handle);
    },
  };
}

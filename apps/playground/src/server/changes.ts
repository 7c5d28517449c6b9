// The long poll behind GET /api/state?since=N. The version is slack-sim's own (`sim.version()`): the sim counts
// every request the bot makes to it (Web API, response_url, uploads) and every action the page starts, so nothing
// that changes a conversation, a modal or the Home tab can happen without the number moving. Keeping a second
// counter here, bumped by hand in each endpoint, could only miss changes (the bot writes to the sim directly).

/** What the tracker watches: slack-sim's `version()` and `onChange()`. */
export interface VersionSource {
  version(): number;
  onChange(listener: (version: number) => void): () => void;
}

/** Timers, injectable so tests can run the waits on fake time. */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Waits on the workspace's version. */
export interface ChangeTracker {
  version(): number;
  /**
   * Resolves with the current version as soon as it differs from `since` (at once if it already does), or after
   * `timeoutMs`, or when `signal` aborts or the tracker closes, whichever comes first. Never rejects.
   */
  waitForChange(since: number, timeoutMs: number, signal?: AbortSignal): Promise<number>;
  /** Resolves true once `check()` holds (checked now and after each change), false after `timeoutMs`. */
  waitUntil(check: () => boolean, timeoutMs: number, signal?: AbortSignal): Promise<boolean>;
  /** Ends every wait (the server is closing). */
  close(): void;
}

const systemTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Creates a tracker over a version source (the sim). */
export function createChangeTracker(source: VersionSource, timers: Timers = systemTimers): ChangeTracker {
  const closing = new Set<() => void>();

  function waitUntil(check: () => boolean, timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
    if (check()) return Promise.resolve(true);
    if (signal?.aborted) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      let settled = false;
      const finish = (result: boolean) => {
        if (settled) return;
        settled = true;
        unsubscribe();
        timers.clearTimeout(timer);
        signal?.removeEventListener("abort", stop);
        closing.delete(stop);
        resolve(result);
      };
      const stop = () => finish(check());
      const unsubscribe = source.onChange(() => {
        if (check()) finish(true);
      });
      const timer = timers.setTimeout(stop, timeoutMs);
      signal?.addEventListener("abort", stop, { once: true });
      closing.add(stop);
    });
  }

  return {
    version: () => source.version(),
    async waitForChange(since, timeoutMs, signal) {
      await waitUntil(() => source.version() !== since, timeoutMs, signal);
      return source.version();
    },
    waitUntil,
    close() {
      for (const stop of [...closing]) stop();
    },
  };
}

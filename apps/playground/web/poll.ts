// Watches one conversation through the long poll (`GET /api/state?...&since=version`, held up to 10 s by the
// server), or the assistant pane's thread the same way: each answer with a new version goes to `onState`. Errors
// back off and retry; stopping aborts the request in flight quietly (switching channel or user is no error).

import type { ConversationState } from "../src/shared/api.js";
import { type Api, isAbort, type StateQuery } from "./api.js";

/** Waits `ms`, or less when `signal` aborts. */
export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

/** Options of a watch; `sleep` and `now` are passed in so tests run without real time. */
export interface WatchOptions {
  api: Pick<Api, "state">;
  query: Omit<StateQuery, "since">;
  onState(state: ConversationState): void;
  /** Each failed request, with how many failed in a row (the page shows "reconnecting"). */
  onError?(error: unknown, failures: number): void;
  sleep?: Sleep;
  now?: () => number;
}

/** Options of a watch over any versioned answer (the conversation, the assistant pane's thread). */
export interface VersionWatchOptions<T extends { version: number }> {
  /** One request: with `since` (the last version seen) the server may hold it until something changes. */
  read(since: number | undefined, signal: AbortSignal): Promise<T>;
  onState(state: T): void;
  onError?(error: unknown, failures: number): void;
  sleep?: Sleep;
  now?: () => number;
}

/** A running watch. */
export interface Watch {
  stop(): void;
  /** Resolves when the loop has ended (after `stop`). */
  readonly done: Promise<void>;
}

export const realSleep: Sleep = (ms, signal) =>
  new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });

/** The wait after `failures` failed requests in a row: 0.5 s, 1 s, 2 s, then 5 s at most. */
export const backoff = (failures: number): number => Math.min(5000, 500 * 2 ** Math.max(0, failures - 1));

// A server that answers at once without a new version (no long poll) must not be asked in a tight loop.
const MIN_QUIET_MS = 1000;

/**
 * Starts a long-poll loop: each answer with a new version goes to `onState`; errors back off and retry.
 *
 * @example
 * const watch = watchVersions({ read: (since, signal) => api.assistantState({ user, threadTs, since }, signal), onState });
 */
export function watchVersions<T extends { version: number }>(options: VersionWatchOptions<T>): Watch {
  const controller = new AbortController();
  const { signal } = controller;
  const sleep = options.sleep ?? realSleep;
  const now = options.now ?? Date.now;
  const loop = async () => {
    let since: number | undefined;
    let failures = 0;
    while (!signal.aborted) {
      const started = now();
      try {
        const state = await options.read(since, signal);
        if (signal.aborted) return;
        failures = 0;
        const changed = state.version !== since;
        since = state.version;
        if (changed) options.onState(state);
        else if (now() - started < MIN_QUIET_MS) await sleep(MIN_QUIET_MS, signal);
      } catch (error) {
        if (signal.aborted || isAbort(error)) return;
        failures += 1;
        options.onError?.(error, failures);
        await sleep(backoff(failures), signal);
      }
    }
  };
  const done = loop();
  return {
    stop: () => controller.abort(),
    done,
  };
}

/**
 * Starts watching a conversation.
 *
 * @example
 * const watch = watchConversation({ api, query: { user, channel }, onState: render });
 * // later, on a channel switch:
 * watch.stop();
 */
export function watchConversation(options: WatchOptions): Watch {
  const { api, query, ...rest } = options;
  return watchVersions({
    ...rest,
    read: (since, signal) => api.state({ ...query, ...(since === undefined ? {} : { since }) }, signal),
  });
}

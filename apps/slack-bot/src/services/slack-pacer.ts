import { defaultSleep } from "@studio-kit/core";
// Slack's Web API limits are per method (platform-facts.md): chat.update and chat.delete are Tier 3 (50 a minute
// per workspace), the file upload methods Tier 4 (100), chat.postMessage about one a second per channel with short
// bursts, assistant.threads.setStatus "Special" (no number published: paced as Tier 3). The pacer keeps the bot
// within each of them, so that a burst of finished jobs spreads over every method Slack gives instead of queueing
// behind one (issue 17), and it remembers a 429's Retry-After so that no call of that method (in that channel)
// goes out before it ends.
//
// Every use is counted in the store's rolling windows (RateWindows), so replicas sharing a database share the
// limits, and each take is atomic there. The windows are a little longer than Slack's minute (and the per-channel
// interval a little longer than its second): Slack counts a call when it arrives, which is later than the moment it
// was counted here, so the margin keeps a call that waited in flight from landing in Slack's previous window.

import type { RateWindows } from "../store/types.js";
import { memoryWindows } from "./memory-windows.js";

/**
 * How a method is paced: at most `limit` calls in any `windowMs` (per workspace), or, with `burst`, a bucket per
 * channel that holds `burst` calls and refills one every `intervalMs`.
 */
export type MethodLimit =
  | { limit: number; windowMs: number; perChannel?: false }
  | { perChannel: true; burst: number; intervalMs: number };

/**
 * The limits the bot keeps, one row per method it paces. chat.postMessage: "1 per second per channel, short bursts
 * allowed" is kept as a bucket of 3 refilled every 1.05 s.
 */
export const SLACK_LIMITS = {
  "chat.update": { limit: 50, windowMs: 61_000 },
  "chat.delete": { limit: 50, windowMs: 61_000 },
  "chat.postMessage": { perChannel: true, burst: 3, intervalMs: 1_050 },
  "files.getUploadURLExternal": { limit: 100, windowMs: 61_000 },
  "files.completeUploadExternal": { limit: 100, windowMs: 61_000 },
  // Streams (decision 0019): startStream and stopStream are Tier 2 (20 a minute), appendStream Tier 4 (100+).
  // https://docs.slack.dev/reference/methods/chat.startStream, .../chat.appendStream, .../chat.stopStream
  "chat.startStream": { limit: 20, windowMs: 61_000 },
  "chat.appendStream": { limit: 100, windowMs: 61_000 },
  "chat.stopStream": { limit: 20, windowMs: 61_000 },
  // Slack documents "Special" limits for it without a number: kept to Tier 3's 50 a minute per workspace.
  "assistant.threads.setStatus": { limit: 50, windowMs: 61_000 },
  // Agent sessions (decision 0028): Tier 3, as Slack's SDKs register it (github.com/slackapi/java-slack-sdk/pull/1633).
  "agents.sessions.setStatus": { limit: 50, windowMs: 61_000 },
} as const satisfies Record<string, MethodLimit>;

/** A method the pacer keeps within its limit. */
export type PacedMethod = keyof typeof SLACK_LIMITS;

/** Whether `method` is one the pacer keeps. */
export const isPaced = (method: string): method is PacedMethod => Object.hasOwn(SLACK_LIMITS, method);

/** Keeps the bot's Web API calls within Slack's per-method limits, shared by every replica on one store. */
export interface SlackPacer {
  /**
   * Takes a slot for `method` (in `channel`, for a per-channel method) if one is free now; false, nothing taken,
   * otherwise. With `reserve`, that many slots of a windowed method stay free (progress updates leave them to
   * results), and nothing is taken while a result of this process waits for a slot.
   */
  tryTake(method: PacedMethod, channel?: string, options?: { reserve?: number }): Promise<boolean>;
  /** Takes a slot, waiting for one (and for any pause) as long as it takes. */
  acquire(method: PacedMethod, channel?: string, signal?: AbortSignal): Promise<void>;
  /** Milliseconds until a slot of `method` may be free (0: now); takes nothing. */
  nextFree(method: PacedMethod, channel?: string): Promise<number>;
  /** Slack answered 429: no call of `method` (in `channel`) goes out for `retryAfterMs`. */
  pause(method: string, channel: string | undefined, retryAfterMs: number): Promise<void>;
  /** Milliseconds left of a pause of `method` (in `channel`), 0 when none. */
  pausedFor(method: string, channel?: string): Promise<number>;
  /** Marks a result as waiting for a slot while `work` runs: progress updates give way meanwhile. */
  finalWaiting<T>(work: () => Promise<T>): Promise<T>;
  /** Uses of `method` counted in its current window, or slots booked ahead in its bucket (logs, tests, benchmarks). */
  used(method: PacedMethod, channel?: string): Promise<number>;
}

/** Options of {@link createSlackPacer}. */
export interface SlackPacerOptions {
  /** Where uses are counted. Default: this process only; the bot passes `store.windows` (shared by replicas). */
  windows?: RateWindows;
  /** Replaces rows of {@link SLACK_LIMITS} (a benchmark's baseline, tests). */
  limits?: Partial<Record<PacedMethod, MethodLimit>>;
  /** The clock, in ms. Default `Date.now`. */
  now?: () => number;
  /** Waits `ms`. Default a timer. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

// A pause is stored as one use stamped at its END in the window of `pause:<method>`: counting the uses later than
// now (a window that ends MAX_PAUSE_MS from now) finds the pauses still running, and their earliest end.
const MAX_PAUSE_MS = 15 * 60 * 1000;
const pauseKey = (method: string, channel?: string) => `pause:${method}${channel ? `:${channel}` : ""}`;

/**
 * A pacer for the Slack Web API methods in {@link SLACK_LIMITS}.
 *
 * @example
 * const pacer = createSlackPacer({ windows: store.windows });
 * await pacer.acquire("chat.postMessage", channel); await client.chat.postMessage({ channel, text });
 */
export function createSlackPacer(options: SlackPacerOptions = {}): SlackPacer {
  const windows = options.windows ?? memoryWindows();
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const limits: Record<PacedMethod, MethodLimit> = { ...SLACK_LIMITS, ...options.limits };
  let finalsWaiting = 0;

  const keyOf = (method: PacedMethod, channel?: string) =>
    limits[method].perChannel ? `${method}:${channel ?? ""}` : method;
  const pauseOf = (method: string, channel?: string) =>
    isPaced(method) && limits[method].perChannel ? channel : undefined;

  const pausedFor = async (method: string, channel?: string): Promise<number> => {
    const at = now();
    const { oldest } = await windows.count(pauseKey(method, pauseOf(method, channel)), at + MAX_PAUSE_MS, MAX_PAUSE_MS);
    return oldest === null ? 0 : Math.max(0, oldest - at);
  };

  /**
   * A bucket as a chain of booked slots (the virtual scheduling form of GCRA): each call books the slot one interval
   * after the last booked one, or now when the chain has run out; it may go when its slot is at most `burst - 1`
   * intervals ahead. The chain is contiguous, so the uses later than one interval ago say where it ends: `oldest`
   * plus one interval per use. Two replicas booking at the same instant may both get a slot; Slack's 429 then
   * says so, and the fetch waits it out.
   */
  const bucket = async (key: string, { burst, intervalMs }: { burst: number; intervalMs: number }, take: boolean) => {
    const at = now();
    const { used, oldest } = await windows.count(key, at, intervalMs);
    const slot = used === 0 || oldest === null ? at : oldest + used * intervalMs;
    const wait = slot - at - (burst - 1) * intervalMs;
    if (wait > 0) return wait;
    if (take) await windows.take(key, slot, (burst + 1) * intervalMs, Number.MAX_SAFE_INTEGER);
    return 0;
  };

  /** Takes a slot within `max` uses (or the method's bucket); the wait until one may free when none is. */
  const take = async (method: PacedMethod, channel: string | undefined, max?: number): Promise<number> => {
    const paused = await pausedFor(method, channel);
    if (paused > 0) return paused;
    const limit = limits[method];
    if (limit.perChannel) return bucket(keyOf(method, channel), limit, true);
    const at = now();
    const window = await windows.take(keyOf(method, channel), at, limit.windowMs, max ?? limit.limit);
    if (window.taken) return 0;
    return Math.max(1, (window.oldest ?? at) + limit.windowMs - at);
  };

  return {
    async tryTake(method, channel, { reserve } = {}) {
      if (reserve !== undefined && finalsWaiting > 0) return false;
      const limit = limits[method];
      const max = limit.perChannel ? undefined : limit.limit - Math.max(0, reserve ?? 0);
      if (max !== undefined && max <= 0) return false;
      return (await take(method, channel, max)) === 0;
    },
    async acquire(method, channel, signal) {
      for (;;) {
        const wait = await take(method, channel);
        if (wait === 0) return;
        await sleep(wait, signal);
      }
    },
    async nextFree(method, channel) {
      const paused = await pausedFor(method, channel);
      if (paused > 0) return paused;
      const limit = limits[method];
      if (limit.perChannel) return bucket(keyOf(method, channel), limit, false);
      const at = now();
      const window = await windows.count(keyOf(method, channel), at, limit.windowMs);
      return window.used < limit.limit ? 0 : Math.max(1, (window.oldest ?? at) + limit.windowMs - at);
    },
    async pause(method, channel, retryAfterMs) {
      const until = now() + Math.min(MAX_PAUSE_MS, Math.max(0, retryAfterMs));
      await windows.take(pauseKey(method, pauseOf(method, channel)), until, MAX_PAUSE_MS, Number.MAX_SAFE_INTEGER);
    },
    pausedFor,
    async finalWaiting(work) {
      finalsWaiting += 1;
      try {
        return await work();
      } finally {
        finalsWaiting -= 1;
      }
    },
    async used(method, channel) {
      const limit = limits[method];
      const windowMs = limit.perChannel ? limit.intervalMs : limit.windowMs;
      return (await windows.count(keyOf(method, channel), now(), windowMs)).used;
    },
  };
}

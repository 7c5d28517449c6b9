import { defaultSleep } from "@studio-kit/core";
// chat.update is Tier 3 (about 50 a minute per workspace, per app). The issue asks for at most 40 chat.update calls
// a minute per workspace across all jobs, on top of one update per message every 10 s (services/throttle.ts).
//
// The budget is a rolling window: it remembers when each of the last `limit` updates went out, and an update may
// go when fewer than `limit` went out in the last `windowMs`. The bot counts them in its store (RateWindows), so
// every replica on one database spends the same budget; each take is atomic there.
//
// The choice for final results (see README, Choices): progress updates are best effort and are skipped when the
// budget is short, and they may only use `limit - reserve` of it, so some room is always kept for results. A
// result is never skipped: `acquire()` waits until a slot frees (at most `windowMs`, one minute) and then takes it.
// Waiting keeps the one-message story (the progress message turns into the results, buttons included); posting
// the results as a new message instead would leave a stale progress message behind and spend chat.postMessage,
// which has its own per-channel limit. A flow whose update still fails falls back to posting a new message.

import type { RateWindows } from "../store/types.js";
import { memoryWindows } from "./memory-windows.js";
import type { Throttle } from "./throttle.js";

/** A per-workspace budget of `chat.update` calls in a rolling window, shared by every replica given one store. */
export interface UpdateBudget {
  /** Takes a slot for a progress update if one is free outside the reserve; false (nothing taken) otherwise. */
  tryTakeProgress(workspace: string): Promise<boolean>;
  /** Takes a slot for a final result, waiting for one if the budget is spent. Never refuses. */
  acquire(workspace: string, signal?: AbortSignal): Promise<void>;
  /** Updates counted in the current window for `workspace` (for logs and tests). */
  used(workspace: string): Promise<number>;
}

/** Options of {@link createUpdateBudget}. */
export interface UpdateBudgetOptions {
  /**
   * Where the updates are counted. Default: in this process only. The bot passes its store's windows
   * (`store.windows`), so replicas sharing a database share one budget.
   */
  windows?: RateWindows;
  /** chat.update calls per window per workspace. Default 40. */
  limit?: number;
  /** The rolling window, in ms. Default 60000. */
  windowMs?: number;
  /** Slots progress updates leave for final results. Default 10. */
  reserve?: number;
  /** The clock, in ms. Default `Date.now`. */
  now?: () => number;
  /** Waits `ms` (tests inject one that moves their clock). Default a timer. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** The ceiling: chat.update calls a minute per workspace, across all jobs. */
export const UPDATES_PER_MINUTE = 40;

/** The key used when the app serves one workspace (one bot token): every job of every replica shares it. */
export const THIS_WORKSPACE = "workspace";

/**
 * A rolling-window budget of `chat.update` calls per workspace.
 *
 * @example
 * const budget = createUpdateBudget({ windows: store.windows });
 * if (await budget.tryTakeProgress(team)) await client.chat.update(progress);
 * await budget.acquire(team); await client.chat.update(results);
 */
export function createUpdateBudget(options: UpdateBudgetOptions = {}): UpdateBudget {
  const limit = options.limit ?? UPDATES_PER_MINUTE;
  const windowMs = options.windowMs ?? 60_000;
  const reserve = Math.min(options.reserve ?? 10, Math.max(0, limit - 1));
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const windows = options.windows ?? memoryWindows();
  const key = (workspace: string) => `chat.update:${workspace}`;

  return {
    tryTakeProgress: async (workspace) => (await windows.take(key(workspace), now(), windowMs, limit - reserve)).taken,
    async acquire(workspace, signal) {
      for (;;) {
        const at = now();
        const window = await windows.take(key(workspace), at, windowMs, limit);
        if (window.taken) return;
        // Full: the oldest update leaves the window first. Concurrent waiters (any replica) re-check after waking.
        await sleep(Math.max(1, (window.oldest ?? at) + windowMs - at), signal);
      }
    },
    used: async (workspace) => (await windows.count(key(workspace), now(), windowMs)).used,
  };
}

/** The per-message throttle and the workspace budget together: the gate each progress update passes. */
export interface ProgressGate {
  /** True (and counted by both) when the message may be updated now with progress; false, nothing counted, otherwise. */
  take(key: string): Promise<boolean>;
}

/**
 * Combines the per-message throttle (one update per message every 10 s) with the workspace budget (40 a minute):
 * a progress update goes only when both allow it. The throttle is asked first without counting (it is local; the
 * budget is a store round trip, only paid when the message is due), then the budget, so a refusal from the budget
 * does not spend the message's throttle turn.
 */
export function progressGate(throttle: Throttle, budget: UpdateBudget, workspace = THIS_WORKSPACE): ProgressGate {
  return {
    async take(key) {
      if (!throttle.ready(key)) return false;
      if (!(await budget.tryTakeProgress(workspace))) return false;
      return throttle.take(key);
    },
  };
}

// Times every store implementation shares: the windows the quotas count in, and how long records are kept.

/** The per-user quota's rolling window. */
export const HOUR_MS = 60 * 60 * 1000;

/** How long handled Slack event ids are kept: Slack redelivers within minutes; a day covers a long outage. */
export const EVENT_RETENTION_MS = 24 * 60 * 60 * 1000;
/** How long finished jobs, click claims and used confirmations are kept (App Home shows recent jobs). */
export const RECORD_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** The window of the App Home's ratings by model: "this week" is the 7 days before now, not a calendar week. */
export const RATINGS_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/** 00:00 UTC of the day `at` falls in: the daily budget's day. */
export function startOfUtcDay(at: number): number {
  const day = new Date(at);
  return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
}

/**
 * The time at or before which a click claim made `windowMs` before `now` is free again; with no window, a time no
 * claim has (a claim without a window holds until it is released).
 */
export function freeBefore(now: number, windowMs: number | undefined): number {
  return windowMs === undefined ? Number.MIN_SAFE_INTEGER : now - windowMs;
}

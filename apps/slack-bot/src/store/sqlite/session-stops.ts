import type Database from "better-sqlite3";
import type { PendingRequest } from "../pending-requests.js";
import { REPEATED_STOP_MS, type SessionStops, type StoppedInStore } from "../types.js";
import { type Row, toRecord } from "./jobs.js";

/**
 * Stops clicked on agent sessions (decision 0028), recorded on the work they stopped. One IMMEDIATE transaction: it
 * holds the file's write lock, so a job's move to `sending` (jobs.ts) happens wholly before or wholly after it.
 */
export function sqliteSessionStops(db: Database.Database): SessionStops {
  const jobsOf = db.prepare<[string, string, string], Row>(
    `SELECT * FROM jobs WHERE channel = ? AND thread_ts = ? AND user_id = ? AND state <> 'done' AND stopped_at IS NULL
     ORDER BY created_at, rowid`,
  );
  const markJob = db.prepare<[number, string], unknown>("UPDATE jobs SET stopped_at = ? WHERE id = ?");
  const waitingOf = db.prepare<[string, string, string, number], { id: string; request: string }>(
    `SELECT id, request FROM pending_requests
     WHERE channel = ? AND thread_ts = ? AND user_id = ? AND taken_at IS NULL AND expires_at > ?`,
  );
  const markWaiting = db.prepare<[number, number, string], unknown>(
    "UPDATE pending_requests SET taken_at = ?, stopped_at = ? WHERE id = ?",
  );
  const others = db.prepare<
    [string, string, string, string, string, string, number],
    { jobs: number; waiting: number }
  >(
    `SELECT
      (SELECT COUNT(*) FROM jobs WHERE channel = ? AND thread_ts = ? AND user_id <> ? AND state <> 'done'
         AND stopped_at IS NULL) AS jobs,
      (SELECT COUNT(*) FROM pending_requests WHERE channel = ? AND thread_ts = ? AND user_id <> ?
         AND taken_at IS NULL AND expires_at > ?) AS waiting`,
  );
  const justBefore = db.prepare<[string, string, string, number, string, string, string, number], { count: number }>(
    `SELECT
      (SELECT COUNT(*) FROM jobs WHERE channel = ? AND thread_ts = ? AND user_id = ? AND stopped_at >= ?)
    + (SELECT COUNT(*) FROM pending_requests WHERE channel = ? AND thread_ts = ? AND user_id = ? AND stopped_at >= ?)
      AS count`,
  );
  const stop = db.transaction(({ channel, threadTs, user }: Parameters<SessionStops["stop"]>[0], now: number) => {
    const since = now - REPEATED_STOP_MS;
    const before = justBefore.get(channel, threadTs, user, since, channel, threadTs, user, since)?.count ?? 0;
    const jobs = jobsOf.all(channel, threadTs, user);
    for (const row of jobs) markJob.run(now, row.id);
    const waiting = waitingOf.all(channel, threadTs, user, now);
    for (const row of waiting) markWaiting.run(now, now, row.id);
    const rest = others.get(channel, threadTs, user, channel, threadTs, user, now);
    return {
      jobs: jobs.map((row) => toRecord({ ...row, stopped_at: now })),
      confirmations: waiting.map((row) => ({ id: row.id, request: JSON.parse(row.request) as PendingRequest })),
      others: (rest?.jobs ?? 0) + (rest?.waiting ?? 0),
      stoppedJustBefore: before,
    } satisfies StoppedInStore;
  });
  return {
    stop: async (thread, now) => stop.immediate(thread, now),
    async stoppedOf(ids) {
      if (ids.length === 0) return [];
      const marks = ids.map(() => "?").join(", ");
      const rows = db
        .prepare<string[], { id: string }>(
          `SELECT id FROM jobs WHERE id IN (${marks}) AND stopped_at IS NOT NULL
           UNION SELECT id FROM pending_requests WHERE id IN (${marks}) AND stopped_at IS NOT NULL`,
        )
        .all(...ids, ...ids);
      const stopped = new Set(rows.map((row) => row.id));
      return ids.filter((id) => stopped.has(id));
    },
  };
}

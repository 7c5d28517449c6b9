import type pg from "pg";
import { toJobRecord } from "../job-row.js";
import type { PendingRequest } from "../pending-requests.js";
import { REPEATED_STOP_MS, type SessionStops } from "../types.js";
import type { Row } from "./jobs.js";
import type { Tables } from "./names.js";
import { withTransaction } from "./transaction.js";

/** Oldest first, insertion order between jobs of the same millisecond. */
const byAge = (a: Row, b: Row) => a.created_at - b.created_at || a.seq - b.seq;

/**
 * Stops clicked on agent sessions (decision 0028), recorded on the work they stopped, in one transaction. Each job is
 * marked by an UPDATE of its row: a move to `sending` (jobs.ts) of the same row waits for its lock and then reads the
 * row again, or holds the lock first and this UPDATE reads `sending` after it; so a stop and a send never both win,
 * and what the stop returns says truly whether the job was sent.
 */
export function postgresSessionStops(pool: pg.Pool, names: Tables): SessionStops {
  const { jobs, pendingRequests } = names;
  return {
    stop: ({ channel, threadTs, user }, now) =>
      withTransaction(pool, async (tx) => {
        const stopped = await tx.query<Row>(
          `UPDATE ${jobs} SET stopped_at = $4
          WHERE channel = $1 AND thread_ts = $2 AND user_id = $3 AND state <> 'done' AND stopped_at IS NULL
          RETURNING *`,
          [channel, threadTs, user, now],
        );
        const waiting = await tx.query<{ id: string; request: PendingRequest }>(
          `UPDATE ${pendingRequests} SET taken_at = $4, stopped_at = $4
          WHERE channel = $1 AND thread_ts = $2 AND user_id = $3 AND taken_at IS NULL AND expires_at > $4
          RETURNING id, request`,
          [channel, threadTs, user, now],
        );
        // Read after the UPDATEs: a click racing this one made them wait for its commit, so its stops are seen here
        // (counted without this one's own).
        const recent = await tx.query<{ count: number }>(
          `SELECT
            (SELECT COUNT(*) FROM ${jobs} WHERE channel = $1 AND thread_ts = $2 AND user_id = $3 AND stopped_at >= $4)
          + (SELECT COUNT(*) FROM ${pendingRequests} WHERE channel = $1 AND thread_ts = $2 AND user_id = $3
               AND stopped_at >= $4) AS count`,
          [channel, threadTs, user, now - REPEATED_STOP_MS],
        );
        const rest = await tx.query<{ others: number }>(
          `SELECT
            (SELECT COUNT(*) FROM ${jobs} WHERE channel = $1 AND thread_ts = $2 AND user_id <> $3 AND state <> 'done'
               AND stopped_at IS NULL)
          + (SELECT COUNT(*) FROM ${pendingRequests} WHERE channel = $1 AND thread_ts = $2 AND user_id <> $3
               AND taken_at IS NULL AND expires_at > $4) AS others`,
          [channel, threadTs, user, now],
        );
        return {
          // RETURNING follows no ORDER BY.
          jobs: stopped.rows.sort(byAge).map(toJobRecord),
          confirmations: waiting.rows.map((row) => ({ id: row.id, request: row.request })),
          others: Number(rest.rows[0]?.others ?? 0),
          stoppedJustBefore: Math.max(
            0,
            Number(recent.rows[0]?.count ?? 0) - stopped.rows.length - waiting.rows.length,
          ),
        };
      }),
    async stoppedOf(ids) {
      if (ids.length === 0) return [];
      const { rows } = await pool.query<{ id: string }>(
        `SELECT id FROM ${jobs} WHERE id = ANY($1::text[]) AND stopped_at IS NOT NULL
        UNION SELECT id FROM ${pendingRequests} WHERE id = ANY($1::text[]) AND stopped_at IS NOT NULL`,
        [[...ids]],
      );
      const stopped = new Set(rows.map((row) => row.id));
      return ids.filter((id) => stopped.has(id));
    },
  };
}

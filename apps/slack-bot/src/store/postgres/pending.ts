import { randomUUID } from "node:crypto";
import type pg from "pg";
import { PENDING_TTL_MS, type PendingRequest, type PendingRequests } from "../pending-requests.js";
import { toJsonb } from "./json.js";
import type { Tables } from "./names.js";

/**
 * Generations waiting for Confirm. `take` marks the request taken in one conditional UPDATE, so two clicks (or two
 * replicas) cannot both take it: the second waits for the first's row lock, then finds it taken. When nothing was
 * taken, a read tells why. A taken row stays until it would have expired, so a late second Confirm reads as `used`,
 * not `missing`.
 */
export function postgresPendingRequests(
  pool: pg.Pool,
  names: Tables,
  options: { now: () => number; ttlMs?: number | undefined },
): PendingRequests {
  const table = names.pendingRequests;
  const ttlMs = options.ttlMs ?? PENDING_TTL_MS;
  return {
    async add(request, addOptions = {}) {
      const now = options.now();
      await pool.query(`DELETE FROM ${table} WHERE expires_at <= $1`, [now - ttlMs]);
      const id = `pr_${randomUUID()}`;
      // Only a confirmation waiting in an agent session's thread is found there by a Stop.
      const inSession = addOptions.inSession && request.threadTs !== undefined;
      await pool.query(
        `INSERT INTO ${table} (id, request, user_id, expires_at, channel, thread_ts)
        VALUES ($1, $2::jsonb, $3, $4, $5, $6)`,
        [
          id,
          toJsonb(request),
          request.user,
          now + ttlMs,
          inSession ? request.channel : null,
          inSession ? request.threadTs : null,
        ],
      );
      return id;
    },
    async take(id, user) {
      const now = options.now();
      const taken = await pool.query<{ request: PendingRequest }>(
        `UPDATE ${table} SET taken_at = $3
        WHERE id = $1 AND user_id = $2 AND taken_at IS NULL AND expires_at > $3
        RETURNING request`,
        [id, user, now],
      );
      const request = taken.rows[0]?.request;
      if (request) return { status: "taken", request };
      // Not taken: why. A row only ever moves to taken, so this read cannot contradict the UPDATE.
      const { rows } = await pool.query<{
        user_id: string;
        expires_at: number;
        taken_at: number | null;
        stopped_at: number | null;
      }>(`SELECT user_id, expires_at, taken_at, stopped_at FROM ${table} WHERE id = $1`, [id]);
      const row = rows[0];
      if (!row || row.expires_at <= now) return { status: "missing" };
      // Taken by a Stop on its thread's agent session (decision 0028): its Confirm says so and sends nothing.
      if (row.taken_at !== null) return row.stopped_at !== null ? { status: "stopped" } : { status: "used" };
      return { status: "not-yours", user: row.user_id };
    },
  };
}

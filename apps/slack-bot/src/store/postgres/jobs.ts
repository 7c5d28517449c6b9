import { randomUUID } from "node:crypto";
import type pg from "pg";
import { type JobRow, toJobRecord } from "../job-row.js";
import { COUNTED_JOBS, limitRefusal } from "../limits.js";
import { HOUR_MS, startOfUtcDay } from "../retention.js";
import { type JobPatch, JobStoppedError, type JobStore, LeaseLostError, type Usage } from "../types.js";
import { toJsonb } from "./json.js";
import { advisoryKey, type Tables } from "./names.js";
import { type Queryable, withTransaction } from "./transaction.js";

/** A jobs row: `seq` orders jobs created in the same millisecond. */
export type Row = JobRow & { seq: number };

/** Oldest first, insertion order between jobs of the same millisecond. */
const byAge = (a: Row, b: Row) => a.created_at - b.created_at || a.seq - b.seq;

/** The patchable fields: their column, and how a value is sent (JSON always as text: pg sends arrays as arrays). */
const COLUMNS: Record<keyof JobPatch, { name: string; encode: (value: unknown) => unknown; cast: string }> = {
  state: { name: "state", encode: (value) => value, cast: "" },
  outcome: { name: "outcome", encode: (value) => value, cast: "" },
  progress: { name: "progress", encode: (value) => toJsonb(value), cast: "::jsonb" },
  resultIds: { name: "result_ids", encode: (value) => toJsonb(value), cast: "::jsonb" },
  uploadedFiles: { name: "uploaded_files", encode: (value) => toJsonb(value), cast: "::jsonb" },
  step: { name: "step", encode: (value) => value, cast: "" },
  stepResults: { name: "step_results", encode: (value) => toJsonb(value), cast: "::jsonb" },
};

/**
 * The jobs table. Quotas are counted from it: a creation counts and inserts under one transaction-scoped advisory
 * lock, so creations from every replica take turns (the daily budget is workspace-wide, so one lock for all users).
 * Leases are columns of the job; each change is one statement fenced by `lease_owner`.
 */
export function postgresJobs(pool: pg.Pool, names: Tables, options: { schema: string; now: () => number }): JobStore {
  const { jobs } = names;
  const createLock = advisoryKey(`jobs.create:${options.schema}`);

  const usage = async (db: Queryable, user: string, now: number): Promise<Usage> => {
    // One scan over the jobs of the day or the hour, whichever started first. SUM(integer) is bigint, SUM of
    // double precision stays one: both come back as numbers.
    const { rows } = await db.query<{ outputs: number; oldest: number | null; credits: number }>(
      `SELECT
        COALESCE(SUM(outputs) FILTER (WHERE user_id = $1 AND created_at > $2), 0)::bigint AS outputs,
        MIN(created_at) FILTER (WHERE user_id = $1 AND created_at > $2) AS oldest,
        COALESCE(SUM(credits) FILTER (WHERE created_at >= $3), 0)::double precision AS credits
      FROM ${jobs} WHERE created_at > LEAST($2::bigint, $3::bigint - 1) AND ${COUNTED_JOBS}`,
      [user, now - HOUR_MS, startOfUtcDay(now)],
    );
    const row = rows[0];
    return {
      userOutputsLastHour: row?.outputs ?? 0,
      userWindowFreesAt: row?.oldest == null ? null : row.oldest + HOUR_MS,
      creditsToday: row?.credits ?? 0,
    };
  };

  return {
    create: (job, limits, lease) =>
      withTransaction(pool, async (tx) => {
        // Held until COMMIT: the next creation counts this one's insert.
        await tx.query("SELECT pg_advisory_xact_lock($1::bigint)", [createLock]);
        const refusal = limitRefusal(await usage(tx, job.user, job.createdAt), limits, job);
        if (refusal) return refusal;
        const { rows } = await tx.query<Row>(
          `INSERT INTO ${jobs} (id, user_id, channel, thread_ts, request, state, progress, outputs, credits, origin,
            trace, lease_owner, lease_until, created_at, updated_at)
          VALUES ($1, $2, $3, $4, $5::jsonb, 'new', $6::jsonb, $7, $8, $9, $10, $11, $12, $13, $13)
          RETURNING *`,
          [
            `job_${randomUUID()}`,
            job.user,
            job.channel,
            job.threadTs ?? null,
            toJsonb(job.request),
            job.progress ? toJsonb(job.progress) : null,
            job.outputs,
            job.credits,
            job.origin ?? null,
            job.trace ?? null,
            lease.owner,
            lease.until,
            job.createdAt,
          ],
        );
        const row = rows[0];
        if (!row) throw new Error("@studio-kit/slack-bot: a stored job could not be read back.");
        return { ok: true as const, job: toJobRecord(row) };
      }),

    async update(id, patch, owner) {
      const values: unknown[] = [id, owner, options.now()];
      const sets = ["updated_at = $3"];
      for (const key of Object.keys(COLUMNS) as (keyof JobPatch)[]) {
        if (patch[key] === undefined) continue;
        const column = COLUMNS[key];
        values.push(column.encode(patch[key]));
        sets.push(`${column.name} = $${values.length}${column.cast}`);
      }
      // `sending` only follows `new`: of two workers that both passed the fence, one sends. Never after a stop its
      // asker recorded (decision 0028): a stop's UPDATE of the row holds its lock, and this one, waiting for it,
      // reads the row again after it; so of the two exactly one wins.
      const onlyFromNew = patch.state === "sending" ? " AND state = 'new' AND stopped_at IS NULL" : "";
      // A step follows the one before it: of two workers moving a job on, one does.
      let onlyNextStep = "";
      if (patch.step !== undefined) {
        values.push(patch.step - 1);
        onlyNextStep = ` AND step = $${values.length}`;
      }
      const { rows } = await pool.query<Row>(
        `UPDATE ${jobs} SET ${sets.join(", ")} WHERE id = $1 AND lease_owner = $2${onlyFromNew}${onlyNextStep} RETURNING *`,
        values,
      );
      const row = rows[0];
      if (row) return toJobRecord(row);
      const known = await pool.query<Pick<Row, "state" | "lease_owner" | "stopped_at">>(
        `SELECT state, lease_owner, stopped_at FROM ${jobs} WHERE id = $1`,
        [id],
      );
      const found = known.rows[0];
      if (!found) throw new Error(`@studio-kit/slack-bot: no stored job ${id}.`);
      if (
        patch.state === "sending" &&
        found.lease_owner === owner &&
        found.state === "new" &&
        found.stopped_at != null
      ) {
        throw new JobStoppedError(id);
      }
      throw new LeaseLostError(id);
    },

    async get(id) {
      const { rows } = await pool.query<Row>(`SELECT * FROM ${jobs} WHERE id = $1`, [id]);
      return rows[0] ? toJobRecord(rows[0]) : undefined;
    },

    async claim(lease, now, max) {
      if (max <= 0) return [];
      // SKIP LOCKED: replicas claiming at once each lock different rows, and none waits for another. MATERIALIZED:
      // the pick runs once (a subquery in `IN (...)` may be rescanned by the plan, locking past LIMIT).
      const { rows } = await pool.query<Row>(
        `WITH picked AS MATERIALIZED (
          SELECT id FROM ${jobs}
          WHERE state <> 'done' AND (lease_until IS NULL OR lease_until <= $3)
          ORDER BY created_at, seq
          LIMIT $4
          FOR UPDATE SKIP LOCKED
        )
        UPDATE ${jobs} AS job SET lease_owner = $1, lease_until = $2
        FROM picked WHERE job.id = picked.id
        RETURNING job.*`,
        [lease.owner, lease.until, now, Math.floor(max)],
      );
      // RETURNING follows no ORDER BY.
      return rows.sort(byAge).map(toJobRecord);
    },

    async renew(lease, ids) {
      if (ids.length === 0) return [];
      const { rows } = await pool.query<{ id: string }>(
        `UPDATE ${jobs} SET lease_until = $1 WHERE id = ANY($2::text[]) AND lease_owner = $3 RETURNING id`,
        [lease.until, [...ids], lease.owner],
      );
      const held = new Set(rows.map((row) => row.id));
      return [...new Set(ids)].filter((id) => held.has(id));
    },

    async release(owner) {
      // No owner any more: a late write of the stopping replica fails instead of racing the next claimer.
      await pool.query(
        `UPDATE ${jobs} SET lease_owner = NULL, lease_until = NULL WHERE lease_owner = $1 AND state <> 'done'`,
        [owner],
      );
    },

    async unfinished() {
      const { rows } = await pool.query<Row>(`SELECT * FROM ${jobs} WHERE state <> 'done' ORDER BY created_at, seq`);
      return rows.map(toJobRecord);
    },

    async recent(user, limit) {
      const { rows } = await pool.query<Row>(
        `SELECT * FROM ${jobs} WHERE user_id = $1 ORDER BY created_at DESC, seq DESC LIMIT $2`,
        [user, limit],
      );
      return rows.map(toJobRecord);
    },

    async byResult(assetId) {
      // jsonb containment: the stored list holds the id as one of its strings.
      const { rows } = await pool.query<Row>(
        `SELECT * FROM ${jobs} WHERE result_ids @> jsonb_build_array($1::text) ORDER BY created_at DESC, seq DESC LIMIT 1`,
        [assetId],
      );
      return rows[0] ? toJobRecord(rows[0]) : undefined;
    },

    async resultInThread(channel, threadTs) {
      const { rows } = await pool.query<Row>(
        `SELECT * FROM ${jobs} WHERE channel = $1 AND state = 'done' AND outcome = 'completed'
           AND (thread_ts = $2 OR progress->>'ts' = $2) ORDER BY created_at DESC, seq DESC LIMIT 1`,
        [channel, threadTs],
      );
      return rows[0] ? toJobRecord(rows[0]) : undefined;
    },

    usage: (user, now) => usage(pool, user, now),
  };
}

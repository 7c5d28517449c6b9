import type pg from "pg";
import { tallyByModel } from "../ratings.js";
import { RATINGS_WINDOW_MS } from "../retention.js";
import type { FeedbackStore, JobRequest, Rating } from "../types.js";
import type { Tables } from "./names.js";

type Row = { job_id: string; user_id: string; rating: Rating; rated_at: string };

/**
 * The feedback buttons' ratings: one upsert per click that also returns the rating it replaced (the `old` CTE reads
 * the row as it was before the statement). The week by model joins each rating to its job and sums per job here; the
 * model is read from the request in store/ratings.ts, as SQLite does.
 */
export function postgresFeedback(pool: pg.Pool, names: Tables): FeedbackStore {
  return {
    async rate({ jobId, user, rating, ratedAt }) {
      const { rows } = await pool.query<{ previous: Rating | null }>(
        `WITH old AS (SELECT rating FROM ${names.feedback} WHERE job_id = $1 AND user_id = $2)
        INSERT INTO ${names.feedback} AS f (job_id, user_id, rating, rated_at) VALUES ($1, $2, $3, $4)
        ON CONFLICT (job_id, user_id) DO UPDATE SET rating = excluded.rating, rated_at = excluded.rated_at
        RETURNING (SELECT rating FROM old) AS previous`,
        [jobId, user, rating, ratedAt],
      );
      return { previous: rows[0]?.previous ?? undefined };
    },
    async since(at) {
      const { rows } = await pool.query<Row>(
        `SELECT * FROM ${names.feedback} WHERE rated_at >= $1 ORDER BY rated_at, job_id, user_id`,
        [at],
      );
      return rows.map((row) => ({
        jobId: row.job_id,
        user: row.user_id,
        rating: row.rating,
        ratedAt: Number(row.rated_at),
      }));
    },
    async weekByModel(now) {
      // One row per rated job (the primary key keeps one rating per person and job); jsonb comes back decoded.
      const { rows } = await pool.query<{ request: JobRequest; good: number; bad: number }>(
        `SELECT j.request,
          count(*) FILTER (WHERE f.rating = 'good')::int AS good,
          count(*) FILTER (WHERE f.rating = 'bad')::int AS bad
        FROM ${names.feedback} f JOIN ${names.jobs} j ON j.id = f.job_id
        WHERE f.rated_at > $1
        GROUP BY j.id`,
        [now - RATINGS_WINDOW_MS],
      );
      return tallyByModel(rows);
    },
  };
}

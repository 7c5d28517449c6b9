import type Database from "better-sqlite3";
import { tallyByModel } from "../ratings.js";
import { RATINGS_WINDOW_MS } from "../retention.js";
import type { FeedbackStore, Rating, RatingRecord } from "../types.js";

type Row = { job_id: string; user_id: string; rating: Rating; rated_at: number };

/**
 * The feedback buttons' ratings: one row per person and job, the previous rating read in the same transaction. The
 * week by model joins each rating to its job and sums per job here; the model is read from the request in
 * store/ratings.ts.
 */
export function sqliteFeedback(db: Database.Database): FeedbackStore {
  const previous = db.prepare<[string, string], { rating: Rating }>(
    "SELECT rating FROM feedback WHERE job_id = ? AND user_id = ?",
  );
  const upsert = db.prepare(
    `INSERT INTO feedback (job_id, user_id, rating, rated_at) VALUES (@jobId, @user, @rating, @ratedAt)
    ON CONFLICT (job_id, user_id) DO UPDATE SET rating = excluded.rating, rated_at = excluded.rated_at`,
  );
  const since = db.prepare<[number], Row>("SELECT * FROM feedback WHERE rated_at >= ? ORDER BY rated_at, rowid");
  // One row per rated job (the primary key keeps one rating per person and job); feedback_by_time finds the week.
  const week = db.prepare<[number], { request: string; good: number; bad: number }>(
    `SELECT j.request AS request, SUM(f.rating = 'good') AS good, SUM(f.rating = 'bad') AS bad
    FROM feedback f JOIN jobs j ON j.id = f.job_id
    WHERE f.rated_at > ?
    GROUP BY j.id`,
  );
  const rate = db.transaction((entry: RatingRecord) => {
    const before = previous.get(entry.jobId, entry.user)?.rating;
    upsert.run(entry);
    return { previous: before };
  });
  return {
    rate: async (entry) => rate(entry),
    since: async (at) =>
      since.all(at).map((row) => ({ jobId: row.job_id, user: row.user_id, rating: row.rating, ratedAt: row.rated_at })),
    weekByModel: async (now) =>
      tallyByModel(
        week
          .all(now - RATINGS_WINDOW_MS)
          .map((row) => ({ request: JSON.parse(row.request), good: row.good, bad: row.bad })),
      ),
  };
}

import type Database from "better-sqlite3";
import type { FeedbackStore, Rating, RatingRecord } from "../types.js";

type Row = { job_id: string; user_id: string; rating: Rating; rated_at: number };

/** The feedback buttons' ratings: one row per person and job, the previous rating read in the same transaction. */
export function sqliteFeedback(db: Database.Database): FeedbackStore {
  const previous = db.prepare<[string, string], { rating: Rating }>(
    "SELECT rating FROM feedback WHERE job_id = ? AND user_id = ?",
  );
  const upsert = db.prepare(
    `INSERT INTO feedback (job_id, user_id, rating, rated_at) VALUES (@jobId, @user, @rating, @ratedAt)
    ON CONFLICT (job_id, user_id) DO UPDATE SET rating = excluded.rating, rated_at = excluded.rated_at`,
  );
  const since = db.prepare<[number], Row>("SELECT * FROM feedback WHERE rated_at >= ? ORDER BY rated_at, rowid");
  const rate = db.transaction((entry: RatingRecord) => {
    const before = previous.get(entry.jobId, entry.user)?.rating;
    upsert.run(entry);
    return { previous: before };
  });
  return {
    rate: async (entry) => rate(entry),
    since: async (at) =>
      since.all(at).map((row) => ({ jobId: row.job_id, user: row.user_id, rating: row.rating, ratedAt: row.rated_at })),
  };
}

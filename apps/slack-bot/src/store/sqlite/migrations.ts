// The SQLite schema, as numbered migrations applied in order at open. SQLite's `user_version` pragma holds the
// number of the last one applied: no bookkeeping table, and a migration and its version bump commit together.

/** Migration n (index n - 1) moves the schema from version n - 1 to n. Never edit one that shipped: add another. */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE jobs (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    channel TEXT NOT NULL,
    thread_ts TEXT,
    request TEXT NOT NULL,
    state TEXT NOT NULL,
    outcome TEXT,
    progress TEXT,
    result_ids TEXT NOT NULL DEFAULT '[]',
    uploaded_files TEXT NOT NULL DEFAULT '[]',
    outputs INTEGER NOT NULL,
    credits REAL NOT NULL,
    origin TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX jobs_unfinished ON jobs (created_at) WHERE state <> 'done';
  CREATE INDEX jobs_by_user ON jobs (user_id, created_at);
  CREATE INDEX jobs_by_day ON jobs (created_at);

  CREATE TABLE events (event_id TEXT PRIMARY KEY, seen_at INTEGER NOT NULL);
  CREATE TABLE claims (key TEXT PRIMARY KEY, claimed_at INTEGER NOT NULL);
  CREATE TABLE channel_defaults (channel TEXT PRIMARY KEY, board TEXT NOT NULL);
  CREATE TABLE pending_requests (
    id TEXT PRIMARY KEY,
    request TEXT NOT NULL,
    user_id TEXT NOT NULL,
    expires_at INTEGER NOT NULL,
    taken_at INTEGER
  );
  `,
  // Several replicas (or processes) share jobs through leases; the chat.update budget is counted in the store.
  `
  ALTER TABLE jobs ADD COLUMN lease_owner TEXT;
  ALTER TABLE jobs ADD COLUMN lease_until INTEGER;
  CREATE TABLE rate_uses (key TEXT NOT NULL, at INTEGER NOT NULL);
  CREATE INDEX rate_uses_by_key ON rate_uses (key, at);
  `,
  // Jobs of several steps (a voiceover, then a video from it): the step reached and what the finished steps made.
  `
  ALTER TABLE jobs ADD COLUMN step INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE jobs ADD COLUMN step_results TEXT;
  `,
  // Feedback on results (issue 29): the latest rating of each person on each job's result.
  `
  CREATE TABLE feedback (
    job_id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    rating TEXT NOT NULL,
    rated_at INTEGER NOT NULL,
    PRIMARY KEY (job_id, user_id)
  );
  CREATE INDEX feedback_by_time ON feedback (rated_at);
  `,
  // Traces (issue 31): the traceparent of the trace a job started in, so a resumed job's trace links to it.
  `
  ALTER TABLE jobs ADD COLUMN trace TEXT;
  `,
  // Follow-ups in a result's thread (issue 39): a channel's finished jobs, newest first (jobs.resultInThread).
  `
  CREATE INDEX jobs_by_channel ON jobs (channel, created_at);
  `,
  // Work Object unfurls the bot made (issue 41, decision 0027): a change to a board unfurls its links again.
  `
  CREATE TABLE unfurls (
    channel TEXT NOT NULL,
    ts TEXT NOT NULL,
    position INTEGER NOT NULL,
    url TEXT NOT NULL,
    board_id TEXT,
    user_id TEXT NOT NULL,
    unfurled_at INTEGER NOT NULL,
    PRIMARY KEY (channel, ts, position)
  );
  CREATE INDEX unfurls_by_board ON unfurls (board_id, unfurled_at);
  CREATE INDEX unfurls_by_time ON unfurls (unfurled_at);
  `,
  // Stop on agent sessions, across replicas (issue 41, decision 0028): a stop recorded on the jobs and confirmations it
  // took, so the replica doing the work honours it; a confirmation's agent-session thread, where a Stop finds it.
  `
  ALTER TABLE jobs ADD COLUMN stopped_at INTEGER;
  ALTER TABLE pending_requests ADD COLUMN channel TEXT;
  ALTER TABLE pending_requests ADD COLUMN thread_ts TEXT;
  ALTER TABLE pending_requests ADD COLUMN stopped_at INTEGER;
  CREATE INDEX jobs_by_thread ON jobs (channel, thread_ts) WHERE state <> 'done';
  CREATE INDEX pending_requests_by_thread ON pending_requests (channel, thread_ts) WHERE thread_ts IS NOT NULL;
  `,
];

// The PostgreSQL schema, as numbered migrations applied in order at open (see migrate.ts). Each runs with
// `search_path` set to the store's schema, so its SQL names tables without one.
//
// Mirrors the SQLite schema (../sqlite/migrations.ts) in one first migration: times are bigint milliseconds since the
// epoch, JSON is jsonb, credits are double precision.

/** Migration n (index n - 1) moves the schema from version n - 1 to n. Never edit one that shipped: add another. */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE jobs (
    id text PRIMARY KEY,
    -- Insertion order, the tie-break between jobs created in the same millisecond (SQLite's rowid).
    seq bigint GENERATED ALWAYS AS IDENTITY,
    user_id text NOT NULL,
    channel text NOT NULL,
    thread_ts text,
    request jsonb NOT NULL,
    state text NOT NULL,
    outcome text,
    progress jsonb,
    result_ids jsonb NOT NULL DEFAULT '[]',
    uploaded_files jsonb NOT NULL DEFAULT '[]',
    outputs integer NOT NULL,
    credits double precision NOT NULL,
    origin text,
    lease_owner text,
    lease_until bigint,
    created_at bigint NOT NULL,
    updated_at bigint NOT NULL
  );
  CREATE INDEX jobs_unfinished ON jobs (created_at, seq) WHERE state <> 'done';
  CREATE INDEX jobs_by_user ON jobs (user_id, created_at);
  CREATE INDEX jobs_by_day ON jobs (created_at);
  CREATE INDEX jobs_by_lease_owner ON jobs (lease_owner) WHERE state <> 'done';

  CREATE TABLE events (event_id text PRIMARY KEY, seen_at bigint NOT NULL);
  CREATE INDEX events_by_seen_at ON events (seen_at);
  CREATE TABLE claims (key text PRIMARY KEY, claimed_at bigint NOT NULL);
  CREATE TABLE channel_defaults (channel text PRIMARY KEY, board jsonb NOT NULL);
  CREATE TABLE pending_requests (
    id text PRIMARY KEY,
    request jsonb NOT NULL,
    user_id text NOT NULL,
    expires_at bigint NOT NULL,
    taken_at bigint
  );
  -- One row per counted use; several uses may share a millisecond.
  CREATE TABLE rate_uses (key text NOT NULL, at bigint NOT NULL);
  CREATE INDEX rate_uses_by_key ON rate_uses (key, at);
  `,
  // Jobs of several steps (a voiceover, then a video from it): the step reached and what the finished steps made.
  `
  ALTER TABLE jobs ADD COLUMN step integer NOT NULL DEFAULT 0;
  ALTER TABLE jobs ADD COLUMN step_results jsonb;
  `,
  // Feedback on results (issue 29): the latest rating of each person on each job's result.
  `
  CREATE TABLE feedback (
    job_id text NOT NULL,
    user_id text NOT NULL,
    rating text NOT NULL,
    rated_at bigint NOT NULL,
    PRIMARY KEY (job_id, user_id)
  );
  CREATE INDEX feedback_by_time ON feedback (rated_at);
  `,
  // Traces (issue 31): the traceparent of the trace a job started in, so a resumed job's trace links to it.
  `
  ALTER TABLE jobs ADD COLUMN trace text;
  `,
  // Follow-ups in a result's thread (issue 39): a channel's finished jobs, newest first (jobs.resultInThread).
  `
  CREATE INDEX jobs_by_channel ON jobs (channel, created_at);
  `,
  // Work Object unfurls the bot made (issue 41, decision 0027): a change to a board unfurls its links again.
  `
  CREATE TABLE unfurls (
    channel text NOT NULL,
    ts text NOT NULL,
    position integer NOT NULL,
    url text NOT NULL,
    board_id text,
    user_id text NOT NULL,
    unfurled_at bigint NOT NULL,
    PRIMARY KEY (channel, ts, position)
  );
  CREATE INDEX unfurls_by_board ON unfurls (board_id, unfurled_at);
  CREATE INDEX unfurls_by_time ON unfurls (unfurled_at);
  `,
  // Stop on agent sessions, across replicas (issue 41, decision 0028): a stop recorded on the jobs and confirmations it
  // took, so the replica doing the work honours it; a confirmation's agent-session thread, where a Stop finds it.
  `
  ALTER TABLE jobs ADD COLUMN stopped_at bigint;
  ALTER TABLE pending_requests ADD COLUMN channel text;
  ALTER TABLE pending_requests ADD COLUMN thread_ts text;
  ALTER TABLE pending_requests ADD COLUMN stopped_at bigint;
  CREATE INDEX jobs_by_thread ON jobs (channel, thread_ts) WHERE state <> 'done';
  CREATE INDEX pending_requests_by_thread ON pending_requests (channel, thread_ts) WHERE thread_ts IS NOT NULL;
  `,
];

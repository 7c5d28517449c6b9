import { randomUUID } from "node:crypto";
import type Database from "better-sqlite3";
import { type JobRow, toJobRecord } from "../job-row.js";
import { COUNTED_JOBS, limitRefusal } from "../limits.js";
import { HOUR_MS, startOfUtcDay } from "../retention.js";
import {
  type CreateResult,
  type JobRecord,
  JobStoppedError,
  type JobStore,
  type Lease,
  LeaseLostError,
  type Limits,
  type NewJob,
  type Usage,
} from "../types.js";

/** A jobs row as SQLite gives it: the JSON columns as text. */
export type Row = Omit<JobRow, "request" | "progress" | "result_ids" | "uploaded_files" | "step_results"> & {
  request: string;
  progress: string | null;
  result_ids: string;
  uploaded_files: string;
  step_results: string | null;
};

/** A jobs row as SQLite gives it, as the store interface gives a job. */
export function toRecord(row: Row): JobRecord {
  return toJobRecord({
    ...row,
    request: JSON.parse(row.request) as JobRow["request"],
    progress: row.progress === null ? null : (JSON.parse(row.progress) as JobRow["progress"]),
    result_ids: JSON.parse(row.result_ids) as string[],
    uploaded_files: JSON.parse(row.uploaded_files) as string[],
    step_results: row.step_results === null ? null : (JSON.parse(row.step_results) as JobRow["step_results"]),
  });
}

/** The jobs table. Quotas are counted from it, so a job and its share of a quota are stored in one statement. */
export function sqliteJobs(db: Database.Database, now: () => number): JobStore {
  const insert = db.prepare(`INSERT INTO jobs
    (id, user_id, channel, thread_ts, request, state, progress, outputs, credits, origin, trace, lease_owner,
     lease_until, created_at, updated_at)
    VALUES (@id, @user, @channel, @threadTs, @request, 'new', @progress, @outputs, @credits, @origin, @trace, @owner,
     @until, @createdAt, @createdAt)`);
  const byId = db.prepare<[string], Row>("SELECT * FROM jobs WHERE id = ?");
  const unfinished = db.prepare<[], Row>("SELECT * FROM jobs WHERE state <> 'done' ORDER BY created_at, rowid");
  // The write lock (IMMEDIATE) makes the select-then-update one step for every process on the file.
  const claimable = db.prepare<[number, number], { id: string }>(
    `SELECT id FROM jobs WHERE state <> 'done' AND (lease_until IS NULL OR lease_until <= ?)
     ORDER BY created_at, rowid LIMIT ?`,
  );
  const takeLease = db.prepare<[string, number, string], Row>(
    "UPDATE jobs SET lease_owner = ?, lease_until = ? WHERE id = ? RETURNING *",
  );
  const renewLease = db.prepare<[number, string, string], unknown>(
    "UPDATE jobs SET lease_until = ? WHERE lease_owner = ? AND id = ?",
  );
  const releaseLeases = db.prepare(
    "UPDATE jobs SET lease_owner = NULL, lease_until = NULL WHERE lease_owner = ? AND state <> 'done'",
  );
  const recent = db.prepare<[string, number], Row>(
    "SELECT * FROM jobs WHERE user_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?",
  );
  // json_each reads the stored JSON list (SQLite's JSON functions are built in since 3.38).
  const byResult = db.prepare<[string], Row>(
    "SELECT * FROM jobs WHERE EXISTS (SELECT 1 FROM json_each(jobs.result_ids) WHERE value = ?) ORDER BY created_at DESC, rowid DESC LIMIT 1",
  );
  const inThread = db.prepare<[string, string, string], Row>(
    `SELECT * FROM jobs WHERE channel = ? AND state = 'done' AND outcome = 'completed'
       AND (thread_ts = ? OR json_extract(progress, '$.ts') = ?) ORDER BY created_at DESC, rowid DESC LIMIT 1`,
  );
  const userHour = db.prepare<[string, number], { total: number | null; oldest: number | null }>(
    `SELECT SUM(outputs) AS total, MIN(created_at) AS oldest FROM jobs WHERE user_id = ? AND created_at > ? AND ${COUNTED_JOBS}`,
  );
  const day = db.prepare<[number], { total: number | null }>(
    `SELECT SUM(credits) AS total FROM jobs WHERE created_at >= ? AND ${COUNTED_JOBS}`,
  );

  const usage = (user: string, now: number): Usage => {
    const hour = userHour.get(user, now - HOUR_MS);
    return {
      userOutputsLastHour: hour?.total ?? 0,
      userWindowFreesAt: hour?.oldest == null ? null : hour.oldest + HOUR_MS,
      creditsToday: day.get(startOfUtcDay(now))?.total ?? 0,
    };
  };

  const create = db.transaction((job: NewJob, limits: Limits, lease: Lease): CreateResult => {
    const refusal = limitRefusal(usage(job.user, job.createdAt), limits, job);
    if (refusal) return refusal;
    const id = `job_${randomUUID()}`;
    insert.run({
      id,
      user: job.user,
      channel: job.channel,
      threadTs: job.threadTs ?? null,
      request: JSON.stringify(job.request),
      progress: job.progress ? JSON.stringify(job.progress) : null,
      outputs: job.outputs,
      credits: job.credits,
      origin: job.origin ?? null,
      trace: job.trace ?? null,
      owner: lease.owner,
      until: lease.until,
      createdAt: job.createdAt,
    });
    const row = byId.get(id);
    if (!row) throw new Error("@studio-kit/slack-bot: a stored job could not be read back.");
    return { ok: true, job: toRecord(row) };
  });

  const claim = db.transaction((lease: Lease, now: number, max: number) =>
    claimable.all(now, max).flatMap((row) => takeLease.all(lease.owner, lease.until, row.id).map(toRecord)),
  );
  const renew = db.transaction((lease: Lease, ids: readonly string[]) =>
    ids.filter((id) => renewLease.run(lease.until, lease.owner, id).changes === 1),
  );

  const columns = {
    state: (value: unknown) => value,
    outcome: (value: unknown) => value,
    progress: (value: unknown) => JSON.stringify(value),
    resultIds: (value: unknown) => JSON.stringify(value),
    uploadedFiles: (value: unknown) => JSON.stringify(value),
    step: (value: unknown) => value,
    stepResults: (value: unknown) => JSON.stringify(value),
  } as const;
  const names = {
    state: "state",
    outcome: "outcome",
    progress: "progress",
    resultIds: "result_ids",
    uploadedFiles: "uploaded_files",
    step: "step",
    stepResults: "step_results",
  };

  return {
    // IMMEDIATE takes the write lock before counting: two processes on one file cannot both pass a limit.
    create: async (job, limits, lease) => create.immediate(job, limits, lease),
    async update(id, patch, owner) {
      const keys = (Object.keys(patch) as (keyof typeof columns)[]).filter(
        (key) => key in columns && patch[key] !== undefined,
      );
      const sets = keys.map((key) => `${names[key]} = @${key}`);
      const values = Object.fromEntries(keys.map((key) => [key, columns[key](patch[key])]));
      const result = db
        .prepare(
          `UPDATE jobs SET ${[...sets, "updated_at = @updatedAt"].join(", ")} WHERE id = @id AND lease_owner = @owner${
            // `sending` only follows `new`: of two workers that both passed the fence, one sends. Never after a stop
            // its asker recorded (decision 0028): the write lock orders this and the stop, so exactly one wins.
            patch.state === "sending" ? " AND state = 'new' AND stopped_at IS NULL" : ""
          }${
            // A step follows the one before it: of two workers moving a job on, one does.
            patch.step === undefined ? "" : " AND step = @previousStep"
          }`,
        )
        .run({
          ...values,
          id,
          owner,
          updatedAt: now(),
          ...(patch.step === undefined ? {} : { previousStep: patch.step - 1 }),
        });
      if (result.changes !== 1) {
        const found = byId.get(id);
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
      }
      const row = byId.get(id);
      if (!row) throw new Error(`@studio-kit/slack-bot: no stored job ${id}.`);
      return toRecord(row);
    },
    get: async (id) => {
      const row = byId.get(id);
      return row ? toRecord(row) : undefined;
    },
    claim: async (lease, now, max) => (max > 0 ? claim.immediate(lease, now, max) : []),
    renew: async (lease, ids) => (ids.length ? renew.immediate(lease, ids) : []),
    release: async (owner) => {
      releaseLeases.run(owner);
    },
    unfinished: async () => unfinished.all().map(toRecord),
    recent: async (user, limit) => recent.all(user, limit).map(toRecord),
    byResult: async (assetId) => {
      const row = byResult.get(assetId);
      return row ? toRecord(row) : undefined;
    },
    resultInThread: async (channel, threadTs) => {
      const row = inThread.get(channel, threadTs, threadTs);
      return row ? toRecord(row) : undefined;
    },
    usage: async (user, now) => usage(user, now),
  };
}

import type { JobRecord, StepResults } from "./types.js";

/**
 * A row of the jobs table with its JSON columns decoded: the same columns in SQLite and PostgreSQL (SQLite keeps
 * JSON as text and decodes it first; PostgreSQL's jsonb comes back decoded).
 */
export interface JobRow {
  id: string;
  user_id: string;
  channel: string;
  thread_ts: string | null;
  request: JobRecord["request"];
  state: JobRecord["state"];
  outcome: JobRecord["outcome"] | null;
  progress: JobRecord["progress"] | null;
  result_ids: string[];
  uploaded_files: string[];
  step: number;
  step_results: StepResults | null;
  outputs: number;
  credits: number;
  origin: string | null;
  trace: string | null;
  lease_owner: string | null;
  lease_until: number | null;
  /** Rows written before stops were recorded have none (the column's default). */
  stopped_at?: number | null;
  created_at: number;
  updated_at: number;
}

/** A job as the store interface gives it: optional fields left out rather than null. */
export function toJobRecord(row: JobRow): JobRecord {
  return {
    id: row.id,
    user: row.user_id,
    channel: row.channel,
    ...(row.thread_ts === null ? {} : { threadTs: row.thread_ts }),
    request: row.request,
    state: row.state,
    ...(row.outcome === null ? {} : { outcome: row.outcome }),
    ...(row.progress === null ? {} : { progress: row.progress }),
    resultIds: row.result_ids,
    uploadedFiles: row.uploaded_files,
    // A one-step job reads as it did before steps were stored.
    ...(row.step ? { step: row.step } : {}),
    ...(row.step_results === null ? {} : { stepResults: row.step_results }),
    outputs: row.outputs,
    credits: row.credits,
    ...(row.origin === null ? {} : { origin: row.origin }),
    // Rows written before traces were kept, or while tracing was off, have none.
    ...(row.trace === null ? {} : { trace: row.trace }),
    ...(row.lease_owner === null || row.lease_until === null
      ? {}
      : { lease: { owner: row.lease_owner, until: row.lease_until } }),
    ...(row.stopped_at == null ? {} : { stoppedAt: row.stopped_at }),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

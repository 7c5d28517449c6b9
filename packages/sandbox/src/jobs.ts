import type { SandboxCore } from "./core.js";
import type { Job } from "./state/types.js";

/** The word in a prompt that makes a generation end FAILED (documented in the README). */
export const FAIL_WORD = "[fail]";

export interface JobView {
  /** QUEUED, then PROCESSING (an intermediate status, as the spec says exist), then COMPLETED or FAILED. */
  status: "QUEUED" | "PROCESSING" | "COMPLETED" | "FAILED";
  /** 0 to 100. */
  progress: number;
  errorMessage: string | null;
  done: boolean;
}

/** Starts a job now, lasting the sandbox's job time jittered by ±25%. */
export function startJob(core: SandboxCore, failure: string | null = null, scale = 1): Job {
  const jitter = 0.75 + core.random.next() * 0.5;
  return { startedAt: core.clock.now(), durationMs: Math.max(1, Math.round(core.jobMs * scale * jitter)), failure };
}

/** A job that failed at once (for example when credits ran out). */
export function failedJob(core: SandboxCore, failure: string): Job {
  return { startedAt: core.clock.now(), durationMs: 0, failure };
}

/** Where a job stands at `now`: derived from the clock on every read, never stored. */
export function viewJob(job: Job, now: number): JobView {
  const elapsed = now - job.startedAt;
  if (elapsed >= job.durationMs) {
    return job.failure
      ? { status: "FAILED", progress: 100, errorMessage: job.failure, done: true }
      : { status: "COMPLETED", progress: 100, errorMessage: null, done: true };
  }
  const progress = Math.floor((elapsed / job.durationMs) * 100);
  return { status: progress < 20 ? "QUEUED" : "PROCESSING", progress, errorMessage: null, done: false };
}

/** A record with no job (uploaded, seeded) is complete. */
export function viewRecord(core: SandboxCore, record: { _job: Job | null }): JobView {
  return record._job
    ? viewJob(record._job, core.clock.now())
    : { status: "COMPLETED", progress: 100, errorMessage: null, done: true };
}

import type { CreateResult, Limits, NewJob, Usage } from "./types.js";

/**
 * The SQL condition (the same in SQLite and PostgreSQL) of the jobs a quota counts: jobs that nothing was sent for
 * (not sent, or stopped by the person before sending) do not count; every other job does, FAILED ones included (the
 * platform may have charged for them), and jobs stopped after they were sent (paid).
 */
export const COUNTED_JOBS = "(outcome IS NULL OR outcome NOT IN ('not-sent', 'stopped-not-sent'))";

/**
 * Whether a job fits the limits given the usage: the refusal, or null when it fits. One function for every store
 * (which applies it inside its transaction) and for the checks before a Confirm prompt (which only read).
 */
export function limitRefusal(
  usage: Usage,
  limits: Limits,
  job: Pick<NewJob, "outputs" | "credits">,
): Extract<CreateResult, { ok: false }> | null {
  const hourly = limits.userOutputsPerHour;
  if (hourly !== undefined && usage.userOutputsLastHour + job.outputs > hourly) {
    return { ok: false, limit: "user-hourly", usage, max: hourly };
  }
  const daily = limits.dailyCredits;
  if (daily !== undefined && usage.creditsToday + job.credits > daily) {
    return { ok: false, limit: "daily-credits", usage, max: daily };
  }
  return null;
}

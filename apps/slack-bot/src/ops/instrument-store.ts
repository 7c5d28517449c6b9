// The jobs' side of the metrics, read where every job's step is recorded: the store (jobs/record.ts writes each
// step through `jobs.update`, fenced by the lease). Wrapping the store keeps the flows free of metric calls: a job
// created, sent (its estimated credits), and done (its outcome, and the time from its command to its result).

import type { BotStore, FeedbackStore, JobRecord, JobStore } from "../store/types.js";
import type { BotMetrics } from "./metrics.js";

/** The store, with its job writes measured. Everything else is the store itself. */
export function measureStore(store: BotStore, metrics: BotMetrics, now: () => number = Date.now): BotStore {
  return {
    ...store,
    jobs: measureJobs(store.jobs, metrics, now),
    feedback: measureFeedback(store.feedback, store.jobs, metrics),
  };
}

/** The job store, measured: creations, first sends and ends. */
export function measureJobs(jobs: JobStore, metrics: BotMetrics, now: () => number = Date.now): JobStore {
  return {
    ...jobs,
    async create(job, limits, lease) {
      const created = await jobs.create(job, limits, lease);
      if (created.ok) metrics.jobCreated(created.job);
      return created;
    },
    async update(id, patch, owner) {
      const job: JobRecord = await jobs.update(id, patch, owner);
      // A job of steps is charged for the whole at its first step's send (its estimate covers every step).
      if (patch.state === "running" && !job.step) metrics.jobSent(job);
      if (patch.state === "done") metrics.jobDone(job, now());
      return job;
    },
  };
}

/** The ratings, measured: a person's first rating of a result, or a change of it, counts (a second click does not). */
export function measureFeedback(feedback: FeedbackStore, jobs: JobStore, metrics: BotMetrics): FeedbackStore {
  return {
    ...feedback,
    async rate(entry) {
      const kept = await feedback.rate(entry);
      if (kept.previous !== entry.rating) {
        const job = await jobs.get(entry.jobId);
        if (job) metrics.resultRated(job, entry.rating);
      }
      return kept;
    },
  };
}

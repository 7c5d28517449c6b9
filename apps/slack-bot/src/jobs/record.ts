import type { BotDeps } from "../deps.js";
import type { JobPatch, JobRecord } from "../store/types.js";

/**
 * Records a step of a job this replica works on, fenced by its lease: throws LeaseLostError when another replica
 * holds the job now (this one then stops; the other carries it on from the record).
 */
export function record(deps: BotDeps, id: string, patch: JobPatch): Promise<JobRecord> {
  return deps.store.jobs.update(id, patch, deps.leases.owner);
}

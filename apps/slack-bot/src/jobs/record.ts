import type { BotDeps } from "../deps.js";
import type { JobPatch, JobRecord } from "../store/types.js";
import { completeStepOf } from "./workflow-step.js";

/**
 * Records a step of a job this replica works on, fenced by its lease: throws LeaseLostError when another replica
 * holds the job now (this one then stops; the other carries it on from the record).
 */
export async function record(deps: BotDeps, id: string, patch: JobPatch): Promise<JobRecord> {
  // A job run for a Workflow Builder step completes it before it is recorded done, every way a job ends passing
  // here (jobs/workflow-step.ts, decision 0022).
  if (patch.state === "done" && deps.functionSteps) await completeStepOf(deps, id, patch);
  return deps.store.jobs.update(id, patch, deps.leases.owner);
}

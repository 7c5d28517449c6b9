// A job run for a Workflow Builder step completes that step when it ends (decision 0022): record.ts calls
// `completeStepOf` before it records `done`, so "done" means "the step was completed" for such a job. A crash between
// the completion and the record resumes the job (not done), which completes it again: Slack answers that the
// execution is no longer there (function_execution_not_found), which counts as completed, so the workflow sees one
// completion. https://docs.slack.dev/reference/methods/functions.completeSuccess/

import type { BotDeps } from "../deps.js";
import { stepJobError } from "../messages/workflow-steps.js";
import type { JobPatch } from "../store/types.js";

/** The outputs of "Generate an image" (manifest.json `functions.generate_image.output_parameters`). */
export function generateImageOutputs(assetIds: readonly string[], permalink: string | undefined) {
  return {
    asset_ids: [...assetIds],
    first_asset_id: assetIds[0] ?? "",
    ...(permalink ? { permalink } : {}),
  };
}

/**
 * Completes the job's workflow step, if it has one, as the job is about to be recorded `done` with `patch`: success
 * with its asset ids and the result's permalink, or an error saying why. Throws when Slack could not be reached (the
 * job is then not recorded done, and a later resume completes it).
 */
export async function completeStepOf(deps: BotDeps, id: string, patch: JobPatch): Promise<void> {
  const steps = deps.functionSteps;
  if (!steps) return;
  const stored = await deps.store.jobs.get(id);
  if (stored?.request.kind !== "image" || !stored.request.workflowStep) return;
  const step = stored.request.workflowStep;
  // Fenced like every record: a replica that lost the job completes nothing (the holder does).
  const job = await deps.store.jobs.update(id, {}, deps.leases.owner);
  const where = patch.progress?.ts ?? job.progress?.ts;
  const permalink = where ? await steps.permalink(job.channel, where) : undefined;
  const outcome = patch.outcome ?? job.outcome;
  try {
    const answered =
      outcome === "completed"
        ? await steps.succeed(step, generateImageOutputs(job.resultIds, permalink))
        : await steps.fail(step, stepJobError(outcome, permalink));
    deps.logger.info({ job: id, execution: step.executionId, outcome, answered }, "workflow step completed");
  } catch (error) {
    // Slack answered, and refused (a token it no longer takes, outputs it would not accept): trying again would get
    // the same answer, so the job is done all the same. Only an unanswered call (the network) is tried again later.
    if (!slackAnswered(error)) throw error;
    deps.logger.error(
      { err: error, job: id, execution: step.executionId },
      "Slack refused to complete a workflow step",
    );
  }
}

const slackAnswered = (error: unknown): boolean =>
  typeof (error as { data?: { error?: unknown } } | null)?.data?.error === "string";

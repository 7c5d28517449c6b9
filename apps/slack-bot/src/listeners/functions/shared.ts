import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from "@slack/bolt";
import type { BotDeps } from "../../deps.js";
import type { StepOutcome } from "../../flows/workflow-steps.js";

/** What a custom step's listener gets from Bolt (`app.function`). */
export type StepArgs = SlackEventMiddlewareArgs<"function_executed"> & AllMiddlewareArgs;

/**
 * Ends a step that finished here (its outputs, or its error) with Bolt's `complete()` / `fail()`
 * (https://docs.slack.dev/tools/bolt-js/concepts/custom-steps); a step that started a job is completed by the job.
 * Never throws: a completion Slack refuses is logged (the execution may have timed out).
 */
export async function finishStep(deps: BotDeps, args: StepArgs, outcome: StepOutcome): Promise<void> {
  try {
    if (outcome.kind === "outputs") await args.complete({ outputs: outcome.outputs });
    else if (outcome.kind === "error") await args.fail({ error: outcome.error });
  } catch (error) {
    deps.logger.warn(
      { err: error, execution: args.event.function_execution_id, callback: args.event.function.callback_id },
      "Slack did not take a workflow step's completion",
    );
  }
}

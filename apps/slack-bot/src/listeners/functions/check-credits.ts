import type { BotDeps } from "../../deps.js";
import { runCheckCreditsStep } from "../../flows/workflow-steps.js";
import { finishStep, type StepArgs } from "./shared.js";

/** "Check credits" (`check_credits`): the workspace's spendable credits and its next refill. */
export function checkCreditsStep(deps: BotDeps) {
  return async function onCheckCredits(args: StepArgs): Promise<void> {
    await finishStep(deps, args, await runCheckCreditsStep(deps));
  };
}

import { stepSurface } from "../../delivery/step-surface.js";
import type { BotDeps } from "../../deps.js";
import { runGenerateImageStep } from "../../flows/workflow-steps.js";
import { stepProblem } from "../../messages/workflow-steps.js";
import { integerInput, textInput } from "./inputs.js";
import { finishStep, type StepArgs } from "./shared.js";

/**
 * "Generate an image" (`generate_image`): posts the job's progress and result in the step's `channel` as `user` (the
 * person whose access and quotas apply: decision 0022), and completes the step when the job ends (asset ids and the
 * result's permalink), or at once with the reason it was refused. Bolt acks the event before this runs.
 */
export function generateImageStep(deps: BotDeps) {
  return async function onGenerateImage(args: StepArgs): Promise<void> {
    const { event, inputs, client } = args;
    const prompt = textInput(inputs, "prompt");
    const user = textInput(inputs, "user");
    const channel = textInput(inputs, "channel");
    const count = integerInput(inputs, "count");
    if (!prompt || !user || !channel) {
      return finishStep(deps, args, {
        kind: "error",
        error: stepProblem("the step needs Prompt, Run as and Channel."),
      });
    }
    if (count !== undefined && Number.isNaN(count)) {
      return finishStep(deps, args, { kind: "error", error: stepProblem("Count must be a whole number.") });
    }
    const ratio = textInput(inputs, "ratio");
    const model = textInput(inputs, "model");
    const board = textInput(inputs, "board");
    const outcome = await runGenerateImageStep(
      deps,
      stepSurface(client, { user, channel }),
      {
        prompt,
        ...(ratio ? { ratio } : {}),
        ...(model ? { model } : {}),
        ...(count !== undefined ? { count } : {}),
        ...(board ? { board } : {}),
      },
      {
        callbackId: event.function.callback_id,
        executionId: event.function_execution_id,
        token: event.bot_access_token,
      },
    );
    await finishStep(deps, args, outcome);
  };
}

import type { BotDeps } from "../../deps.js";
import { runAddToBoardStep } from "../../flows/workflow-steps.js";
import { stepProblem } from "../../messages/workflow-steps.js";
import { textInput } from "./inputs.js";
import { finishStep, type StepArgs } from "./shared.js";

/** "Add to a board" (`add_to_board`): one asset onto a board (by id or title); the new card's id as its output. */
export function addToBoardStep(deps: BotDeps) {
  return async function onAddToBoard(args: StepArgs): Promise<void> {
    const assetId = textInput(args.inputs, "asset_id");
    const board = textInput(args.inputs, "board");
    if (!assetId || !board) {
      return finishStep(deps, args, { kind: "error", error: stepProblem("the step needs an asset id and a board.") });
    }
    const assetType = textInput(args.inputs, "asset_type");
    await finishStep(
      deps,
      args,
      await runAddToBoardStep(deps, { assetId, board, ...(assetType ? { assetType } : {}) }),
    );
  };
}

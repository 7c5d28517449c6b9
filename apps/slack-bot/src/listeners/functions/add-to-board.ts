import type { BotDeps } from "../../deps.js";
import { runAddToBoardStep } from "../../flows/workflow-steps.js";
import { lookUpSlackFile } from "../../services/slack-file-info.js";
import { slackIntakeOptions } from "../intake-options.js";
import { textInput } from "./inputs.js";
import { finishStep, type StepArgs } from "./shared.js";

/**
 * "Add to a board" (`add_to_board`): one asset onto a board (by id or title), the asset given by its id or as a
 * Slack file (`file`, a `slack#/types/file_id`: the file's id, read with files.info through the step's client, which
 * Bolt gives the event's `bot_access_token`); the new card's id, the board's and the asset's as its outputs.
 */
export function addToBoardStep(deps: BotDeps) {
  return async function onAddToBoard(args: StepArgs): Promise<void> {
    const { inputs, client } = args;
    const assetId = textInput(inputs, "asset_id");
    const fileId = textInput(inputs, "file");
    const board = textInput(inputs, "board");
    const assetType = textInput(inputs, "asset_type");
    const outcome = await runAddToBoardStep(deps, {
      ...(assetId ? { assetId } : {}),
      ...(fileId
        ? { file: { fileId, lookUp: (id: string) => lookUpSlackFile(client, id), intake: slackIntakeOptions(args) } }
        : {}),
      ...(board ? { board } : {}),
      ...(assetType ? { assetType } : {}),
    });
    await finishStep(deps, args, outcome);
  };
}

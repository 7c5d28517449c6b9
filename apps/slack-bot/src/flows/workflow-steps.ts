// What each Workflow Builder step does (decision 0022; the steps in manifest.json `functions`). The same checks as a
// person's request: the access rules and the quotas (jobs/gate.ts), the options and the credits (flows/precheck.ts).
// A refusal becomes the step's error, which Slack shows the person running the workflow
// (https://docs.slack.dev/reference/methods/functions.completeError/).

import type { ImageCommand } from "@studio-kit/commands";
import { addToBoard, getCredits, listBoards } from "@studio-kit/core";
import type { StepSurface } from "../delivery/step-surface.js";
import { slackErrorCode } from "../delivery/surface.js";
import type { BotDeps } from "../deps.js";
import { checkOptions } from "../intent/slack-grammar.js";
import { runJob } from "../jobs/run.js";
import { explainProblem } from "../messages/problems.js";
import {
  boardMissing,
  STEP_ASSET_AND_FILE,
  STEP_ASSET_OR_FILE,
  STEP_REFUSED,
  stepChannelError,
  stepDmUncheckedError,
  stepOptionsError,
  stepOthersDmError,
  stepProblem,
} from "../messages/workflow-steps.js";
import type { WorkflowStepRef } from "../store/job-requests.js";
import { clearForGeneration } from "./precheck.js";
import { resultBoards } from "./result-board.js";
import { type CardAssetType, type StepFileSource, uploadStepFile } from "./step-file.js";

/** How a step's run ended here: its outputs now, its error now, or a durable job that completes it when it ends. */
export type StepOutcome =
  | { kind: "outputs"; outputs: Record<string, unknown> }
  | { kind: "error"; error: string }
  | { kind: "job" };

/** "Generate an image"'s inputs, read from the event (listeners/functions/generate-image.ts). */
export interface GenerateImageInputs {
  prompt: string;
  ratio?: string;
  model?: string;
  count?: number;
  /** A board's title (as `--board`): the results go onto it. */
  board?: string;
}

/** Why the flow stopped, in its own words (the note it gave the asker), as a step error. */
function refused(surface: StepSurface): StepOutcome {
  const note = surface.refusal();
  return { kind: "error", error: note ? stepProblem(note.text) : STEP_REFUSED };
}

/**
 * "Generate an image": the image flow's checks (a workflow cannot press Confirm, so the threshold is taken as
 * confirmed, the way the workflow's author set the count; the credits check itself still refuses), then a durable
 * image job in the step's channel that completes the step when it ends (jobs/workflow-step.ts).
 */
export async function runGenerateImageStep(
  deps: BotDeps,
  surface: StepSurface,
  inputs: GenerateImageInputs,
  step: WorkflowStepRef,
): Promise<StepOutcome> {
  const prompt = inputs.prompt.trim();
  if (!prompt) return { kind: "error", error: stepProblem("Prompt is empty: say what to draw.") };
  const command: ImageCommand = {
    kind: "image",
    prompt,
    presets: [],
    ...(inputs.ratio ? { ratio: inputs.ratio } : {}),
    ...(inputs.model ? { model: inputs.model } : {}),
    ...(inputs.count !== undefined ? { count: inputs.count } : {}),
    ...(inputs.board ? { board: inputs.board } : {}),
  };
  // The options are the workflow's, set once by whoever built it and wrong for everyone who runs it: said first, and
  // in the step's own field names (clearForGeneration checks them too, in the command's words: `--count`).
  const { catalog, presets } = await deps.studioData.get();
  const options = checkOptions(command, catalog, presets);
  if (!options.ok) return { kind: "error", error: stepOptionsError(options.problems) };
  // A DM is only the Run-as person's own: the step posts as the bot wherever Channel says, so someone else's DM
  // would show them another person's result and its buttons (issue 42). Whose it is comes from Slack.
  const owner = await deps.conversations?.dmOwner(surface.channel, surface.user);
  if (owner?.kind === "dm" && owner.user !== surface.user) {
    return { kind: "error", error: stepOthersDmError(surface.user) };
  }
  if (owner?.kind === "unknown") return { kind: "error", error: stepDmUncheckedError(owner.error) };
  const cleared = await clearForGeneration(deps, surface, command, { confirmed: true });
  if (!cleared) return refused(surface);
  const boards = await resultBoards(deps, surface, command.board);
  if (!boards) return refused(surface);
  try {
    const started = await runJob(deps, surface, {
      request: { kind: "image", command, pushTo: boards.pushTo, defaultBoard: boards.defaultBoard, workflowStep: step },
      outputs: command.count ?? 1,
      credits: cleared.cost,
    });
    return started ? { kind: "job" } : refused(surface);
  } catch (error) {
    // Thrown only when the progress could not be posted: nothing was sent, and the job is recorded done (which
    // completed the step already when it could; an error here is then refused as already completed).
    deps.logger.warn({ err: error, channel: surface.channel }, "a workflow step could not post in its channel");
    return { kind: "error", error: stepChannelError(surface.channel, slackErrorCode(error)) };
  }
}

/** "Add to a board"'s inputs, read from the event (listeners/functions/add-to-board.ts). */
export interface AddToBoardInputs {
  /** An asset already in the studio. */
  assetId?: string;
  /** Or a Slack file, uploaded to the studio first (flows/step-file.ts). Exactly one of the two. */
  file?: StepFileSource;
  /** The board's id, or its title in any case. */
  board?: string;
  /** The card kind of `assetId`: image (default), video or audio. A file's own type decides for a file. */
  assetType?: string;
}

/**
 * "Add to a board": one asset onto a board named by its id or its title; the asset is given by its id, or is a Slack
 * file uploaded first. Anyone may, as with the button. The board is found before the file is read, so a wrong board
 * costs no download.
 */
export async function runAddToBoardStep(deps: BotDeps, inputs: AddToBoardInputs): Promise<StepOutcome> {
  if (inputs.assetId && inputs.file) return { kind: "error", error: STEP_ASSET_AND_FILE };
  if (!inputs.assetId && !inputs.file) return { kind: "error", error: STEP_ASSET_OR_FILE };
  const wanted = inputs.board?.trim();
  if (!wanted) return { kind: "error", error: stepProblem("Board is empty: give a board's title or id.") };
  try {
    const boards = await listBoards(deps.studio);
    const board =
      boards.find((item) => item.id === wanted) ??
      boards.find((item) => (item.title ?? "").trim().toLowerCase() === wanted.toLowerCase());
    if (!board?.conversationId) return { kind: "error", error: boardMissing(wanted) };
    let asset: { assetId: string; assetType: CardAssetType };
    if (inputs.file) {
      const uploaded = await uploadStepFile(deps, inputs.file);
      if (!uploaded.ok) return { kind: "error", error: uploaded.error };
      asset = { assetId: uploaded.assetId, assetType: uploaded.assetType };
    } else {
      const assetType = inputs.assetType === "video" || inputs.assetType === "audio" ? inputs.assetType : "image";
      asset = { assetId: (inputs.assetId ?? "").trim(), assetType };
    }
    const [cardId] = await addToBoard(deps.studio, board, [asset]);
    // The board's unfurls show its new count (decision 0027).
    deps.boardChanged?.(board.id);
    deps.logger.info(
      { board: board.id, asset: asset.assetId, card: cardId },
      "workflow step added an asset to a board",
    );
    return { kind: "outputs", outputs: { card_id: cardId ?? "", board_id: board.id, asset_id: asset.assetId } };
  } catch (error) {
    return { kind: "error", error: stepProblem(explainProblem(error)) };
  }
}

/** "Check credits": the workspace's spendable credits and when they refill. */
export async function runCheckCreditsStep(deps: BotDeps): Promise<StepOutcome> {
  try {
    const credits = await getCredits(deps.studio);
    const spendable = (credits.dailyFree?.remaining ?? 0) + (credits.bonusBalance ?? 0) + (credits.balance ?? 0);
    return {
      kind: "outputs",
      outputs: {
        balance: spendable,
        ...(credits.nextRefillAt ? { next_refill: credits.nextRefillAt } : {}),
      },
    };
  } catch (error) {
    return { kind: "error", error: stepProblem(explainProblem(error)) };
  }
}

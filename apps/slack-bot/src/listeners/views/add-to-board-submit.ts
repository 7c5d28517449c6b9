import type { AllMiddlewareArgs, SlackViewMiddlewareArgs, ViewSubmitAction } from "@slack/bolt";
import type { BotDeps } from "../../deps.js";
import { assetTypeOf, boardChoice, resolveChoice } from "../../flows/add-to-board.js";
import { actionNoteMessage, addedToBoardMessage, BOARD_MODAL, type BoardModalContext } from "../../messages/boards.js";
import { problemMessage } from "../../messages/problems.js";
import { putAssetOnBoard } from "../../services/board-cards.js";
import { modalSurface } from "./view-once.js";

type Args = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;

/** The modal's remembered ids, or undefined when they are not the bot's. */
export function modalContext(privateMetadata: string): BoardModalContext | undefined {
  try {
    const data = JSON.parse(privateMetadata) as Partial<BoardModalContext>;
    if (typeof data.assetId === "string" && typeof data.channel === "string" && typeof data.threadTs === "string") {
      const assetType = assetTypeOf(data.assetType);
      return { assetId: data.assetId, assetType, channel: data.channel, threadTs: data.threadTs };
    }
  } catch {
    // not ours: handled below
  }
  return undefined;
}

/**
 * The Add to board modal's submission. Nothing chosen keeps the modal open with an error under the inputs;
 * otherwise ack (closes it), then create the board if asked, put the asset on it and say so in the result's thread.
 */
export function addToBoardSubmit(deps: BotDeps) {
  return async function onAddToBoardSubmit(args: Args): Promise<void> {
    const choice = boardChoice(args.view.state.values as Parameters<typeof boardChoice>[0]);
    if (choice.kind === "none") {
      await args.ack({
        response_action: "errors",
        errors: { [BOARD_MODAL.newBlock]: "Choose a board, or type a title for a new one." },
      });
      return;
    }
    await args.ack();
    const user = args.body.user.id;
    const ctx = modalContext(args.view.private_metadata);
    if (!ctx) {
      deps.logger.warn({ user }, "Add to board modal without its context");
      return;
    }
    // The result's thread, or the person's DM where the bot is not in the conversation (view-once.ts).
    const surface = modalSurface(deps, args.client, user, { ...ctx, messageTs: ctx.threadTs });
    const note = async (message: ReturnType<typeof actionNoteMessage>) => {
      await surface
        .ephemeral(message)
        .catch((error: unknown) => deps.logger.error({ err: error, user }, "could not tell the user"));
    };
    try {
      const board = await resolveChoice(deps, choice);
      if (!board) {
        await note(actionNoteMessage("That board is no longer on the platform. Try Add to board again."));
        return;
      }
      await putAssetOnBoard(deps, board, ctx.assetId, ctx.assetType);
      await surface.reply(addedToBoardMessage(board.title, user));
    } catch (error) {
      deps.logger.error({ err: error, user }, "could not add to a board");
      await note(problemMessage(error));
    }
  };
}

import type { BotDeps } from "../../deps.js";
import { assetTypeOf, boardById } from "../../flows/add-to-board.js";
import { tellProblem } from "../../flows/tell-problem.js";
import { actionNoteMessage, addedToBoardMessage } from "../../messages/boards.js";
import { putAssetOnBoard } from "../../services/board-cards.js";
import { type ButtonArgs, cannotRead, clicked, clickSurface, once } from "./shared.js";

/** "Add to <title>": ack, then the asset goes straight onto the board the button names, no modal. */
export function addToDefaultBoardAction(deps: BotDeps) {
  return async function onAddToDefaultBoard(args: ButtonArgs): Promise<void> {
    await args.ack();
    const where = clicked(args);
    const assetId = where?.value.assetId;
    const boardId = where?.value.boardId;
    if (!where || !assetId || !boardId) return cannotRead(deps, args);
    const surface = clickSurface(deps, args, where);
    await once(deps, args, where, async () => {
      try {
        const remembered = await deps.store.channelDefaults.get(where.channel);
        const board = remembered?.id === boardId ? remembered : await boardById(deps, boardId);
        if (!board) {
          await surface.ephemeral(actionNoteMessage("That board is no longer on the platform. Try Add to board."));
          return false;
        }
        await putAssetOnBoard(deps, board, assetId, assetTypeOf(where.value.assetType));
        await surface.reply(addedToBoardMessage(board.title, where.user));
        return true;
      } catch (error) {
        await tellProblem(deps, surface, error, "could not add to the default board");
        return false;
      }
    });
  };
}

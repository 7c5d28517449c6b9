import { listBoards } from "@studio-kit/core";
import type { BotDeps } from "../../deps.js";
import { assetTypeOf } from "../../flows/add-to-board.js";
import { tellProblem } from "../../flows/tell-problem.js";
import { addToBoardModal } from "../../messages/boards.js";
import { type ButtonArgs, cannotRead, clicked, clickSurface } from "./shared.js";

/**
 * Add to board: ack, then a modal with the recent boards or a new title (`views.open` with the click's
 * `trigger_id`, which lives 3 s: one `studioSessions` read comes first). Opening spends nothing, so a double
 * click only opens the modal twice.
 */
export function addToBoardAction(deps: BotDeps) {
  return async function onAddToBoard(args: ButtonArgs): Promise<void> {
    await args.ack();
    const where = clicked(args);
    const assetId = where?.value.assetId;
    if (!where || !assetId) return cannotRead(deps, args);
    try {
      const boards = await listBoards(deps.studio);
      const assetType = assetTypeOf(where.value.assetType);
      const ctx = { assetId, assetType, channel: where.channel, threadTs: where.threadTs };
      const view = addToBoardModal(boards, ctx);
      await args.client.views.open({ trigger_id: args.body.trigger_id, view: view as never });
    } catch (error) {
      await tellProblem(deps, clickSurface(deps, args, where), error, "could not open the Add to board modal");
    }
  };
}

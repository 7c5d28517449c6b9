import { addToBoard, type StudioClient } from "@studio-kit/core";
import type { BotLogger } from "../logger.js";
import type { DefaultBoard } from "../store/channel-defaults.js";

/** What putting a card on a board needs of the bot's services. */
export interface BoardCardDeps {
  studio: StudioClient;
  logger: BotLogger;
}

/** Puts one asset on a board as a card (core's default `origin`, its own layout); `assetType` is the card kind. */
export async function putAssetOnBoard(
  deps: BoardCardDeps,
  board: DefaultBoard,
  assetId: string,
  assetType = "image",
): Promise<void> {
  await addToBoard(deps.studio, board, [{ assetType, assetId }]);
  deps.logger.info({ board: board.id, asset: assetId, assetType }, "asset added to a board");
}

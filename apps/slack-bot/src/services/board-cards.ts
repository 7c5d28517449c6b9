import { addToBoard, type StudioClient } from "@studio-kit/core";
import type { BotLogger } from "../logger.js";
import type { DefaultBoard } from "../store/channel-defaults.js";

/** What putting a card on a board needs of the bot's services. */
export interface BoardCardDeps {
  studio: StudioClient;
  logger: BotLogger;
  /** Told after the card is put, so that the board's Work Objects show it (decision 0027; BotDeps.boardChanged). */
  boardChanged?: (boardId: string) => void;
}

/**
 * Puts one asset on a board as a card (core's default `origin`, its own layout); `assetType` is the card kind. Every
 * Add to board of the bot comes here (a result's button and modal, the channel's default, `--board`, Add my latest
 * result, a thread's "put it on"), so this is where the board's unfurls are told it changed.
 */
export async function putAssetOnBoard(
  deps: BoardCardDeps,
  board: DefaultBoard,
  assetId: string,
  assetType = "image",
): Promise<void> {
  await addToBoard(deps.studio, board, [{ assetType, assetId }]);
  deps.boardChanged?.(board.id);
  deps.logger.info({ board: board.id, asset: assetId, assetType }, "asset added to a board");
}

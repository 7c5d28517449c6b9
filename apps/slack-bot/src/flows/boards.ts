import { type LibraryAsset, listBoards, searchAssets } from "@studio-kit/core";
import type { Surface } from "../delivery/surface.js";
import type { BotDeps } from "../deps.js";
import { boardCreatedMessage, boardInUseMessage, boardNotFoundMessage } from "../messages/boards.js";
import { assetsMessage } from "../messages/lists.js";
import { findBoardByTitle, newBoard } from "./add-to-board.js";

/** How many assets `/studio assets` shows. */
export const ASSETS_SHOWN = 10;

/** `/studio board new "title"`: creates the board and answers with its title. */
export async function runBoardNew(deps: BotDeps, surface: Surface, title: string): Promise<void> {
  const board = await newBoard(deps, title);
  deps.logger.info({ user: surface.user, board: board.id }, "board created");
  await surface.reply(boardCreatedMessage(board.title));
}

/** `/studio assets <term>`: the first {@link ASSETS_SHOWN} library assets matching the term. */
export async function runAssets(deps: BotDeps, surface: Surface, term: string): Promise<void> {
  const found: LibraryAsset[] = [];
  for await (const asset of searchAssets(deps.studio, { term }, { maxItems: ASSETS_SHOWN })) found.push(asset);
  await surface.reply(assetsMessage(term, found.slice(0, ASSETS_SHOWN)));
}

/**
 * `/studio board use "title"`: makes the board with that title (any case) the conversation's default, so results
 * here carry a one-click "Add to <title>". An unknown title gets the recent boards, ephemeral.
 */
export async function runBoardUse(deps: BotDeps, surface: Surface, title: string): Promise<void> {
  const boards = await listBoards(deps.studio);
  const board = findBoardByTitle(boards, title);
  if (!board?.conversationId) {
    await surface.ephemeral(boardNotFoundMessage(title, boards));
    return;
  }
  const chosen = { id: board.id, conversationId: board.conversationId, title: board.title ?? title };
  await deps.store.channelDefaults.set(surface.channel, chosen);
  deps.logger.info({ user: surface.user, channel: surface.channel, board: board.id }, "channel default board set");
  await surface.reply(boardInUseMessage(chosen.title));
}

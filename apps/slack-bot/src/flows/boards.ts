import { type LibraryAsset, searchAssets } from "@studio-kit/core";
import type { BotDeps } from "../deps.js";
import { boardCreatedMessage } from "../messages/boards.js";
import { assetsMessage } from "../messages/lists.js";
import { newBoard } from "./add-to-board.js";
import type { Surface } from "./surface.js";

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

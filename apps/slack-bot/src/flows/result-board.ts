import { listBoards, listCards } from "@studio-kit/core";
import type { BotDeps } from "../deps.js";
import { boardNotFoundMessage } from "../messages/boards.js";
import type { DefaultBoard } from "../services/channel-defaults.js";
import { findBoardByTitle, putAssetOnBoard } from "./add-to-board.js";
import type { Surface } from "./surface.js";

/** The boards a generation's results relate to: the channel's default (a button) and `--board` (pushed). */
export interface ResultBoards {
  /** The conversation's default board (`/studio board use`): results carry "Add to <title>". */
  defaultBoard: DefaultBoard | null;
  /** The `--board "title"` board: finished results go onto it without a click. */
  pushTo: DefaultBoard | null;
}

/**
 * Resolves the boards for a generation before anything is spent: an unknown `--board` title gets the recent
 * boards (ephemeral) and null, so nothing is generated for a board that does not exist.
 */
export async function resultBoards(
  deps: BotDeps,
  surface: Surface,
  wanted: string | undefined,
): Promise<ResultBoards | null> {
  const defaultBoard = (await deps.store.channelDefaults.get(surface.channel)) ?? null;
  if (!wanted) return { defaultBoard, pushTo: null };
  const boards = await listBoards(deps.studio);
  const found = findBoardByTitle(boards, wanted);
  if (!found?.conversationId) {
    await surface.ephemeral(boardNotFoundMessage(wanted, boards));
    return null;
  }
  return { defaultBoard, pushTo: { id: found.id, conversationId: found.conversationId, title: found.title ?? wanted } };
}

/**
 * Pushes finished results onto the `--board` board and returns the line the result message shows about it. Assets
 * already on the board are skipped: a job resumed after a restart may push again, and must not add a second card.
 * A failure is logged and said in that line: the results themselves are still delivered.
 */
export async function pushResults(
  deps: BotDeps,
  board: DefaultBoard | null,
  assetType: string,
  assetIds: readonly string[],
): Promise<string | null> {
  if (!board) return null;
  try {
    const onBoard = new Set((await listCards(deps.studio, board)).map((card) => card.assetId));
    for (const id of assetIds) if (!onBoard.has(id)) await putAssetOnBoard(deps, board, id, assetType);
    return `:pushpin: Added to *${board.title}*.`;
  } catch (error) {
    deps.logger.error({ err: error, board: board.id }, "could not push results onto the --board board");
    return `:warning: Could not add this to *${board.title}*; use Add to board.`;
  }
}

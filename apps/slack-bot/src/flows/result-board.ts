import { listBoards } from "@studio-kit/core";
import type { Surface } from "../delivery/surface.js";
import type { BotDeps } from "../deps.js";
import { boardNotFoundMessage } from "../messages/boards.js";
import type { DefaultBoard } from "../store/channel-defaults.js";
import { findBoardByTitle } from "./add-to-board.js";

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

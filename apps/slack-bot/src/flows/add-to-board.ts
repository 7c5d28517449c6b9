import { type Board, createBoard, listBoards } from "@studio-kit/core";
import type { BotDeps } from "../deps.js";
import { BOARD_MODAL } from "../messages/boards.js";
import type { DefaultBoard } from "../store/channel-defaults.js";

/** The first board whose title matches, ignoring case and surrounding spaces (boards come most recent first). */
export function findBoardByTitle(boards: readonly Board[], title: string): Board | undefined {
  const wanted = title.trim().toLowerCase();
  return boards.find((board) => (board.title ?? "").trim().toLowerCase() === wanted && board.conversationId);
}

/** What the modal's submission asks for. A typed title wins over a picked board: typing is the deliberate act. */
export type BoardChoice = { kind: "new"; title: string } | { kind: "existing"; boardId: string } | { kind: "none" };

type ViewValues = Record<
  string,
  Record<string, { value?: string | null; selected_option?: { value?: string } | null }>
>;

/** Reads the modal's state values (`view.state.values`) into a {@link BoardChoice}. */
export function boardChoice(values: ViewValues): BoardChoice {
  const title = values[BOARD_MODAL.newBlock]?.[BOARD_MODAL.newAction]?.value?.trim();
  if (title) return { kind: "new", title };
  const boardId = values[BOARD_MODAL.pickBlock]?.[BOARD_MODAL.pickAction]?.selected_option?.value;
  if (boardId) return { kind: "existing", boardId };
  return { kind: "none" };
}

/** Creates a board and returns it as a channel default would remember it. */
export async function newBoard(deps: BotDeps, title: string): Promise<DefaultBoard> {
  const board = await createBoard(deps.studio, { title });
  return { id: board.id, conversationId: board.conversationId, title: board.title ?? title };
}

/** The board with this id among the workspace's boards, if it is still there. */
export async function boardById(deps: BotDeps, boardId: string): Promise<DefaultBoard | undefined> {
  const board = (await listBoards(deps.studio)).find((item) => item.id === boardId);
  if (!board?.conversationId) return undefined;
  return { id: board.id, conversationId: board.conversationId, title: board.title ?? "Untitled" };
}

/** The board a choice names: created when new, looked up when existing; undefined when it is gone. */
export async function resolveChoice(
  deps: BotDeps,
  choice: Exclude<BoardChoice, { kind: "none" }>,
): Promise<DefaultBoard | undefined> {
  return choice.kind === "new" ? newBoard(deps, choice.title) : boardById(deps, choice.boardId);
}

/** The card kind a button's value names: only the kinds the bot's results carry; images by default. */
export function assetTypeOf(value: string | undefined): "image" | "video" | "audio" {
  return value === "video" || value === "audio" ? value : "image";
}

import { type Board, createBoard, listBoards, type StudioClient } from "@studio-kit/core";
import type { BoardSummary } from "../backend.js";
import { StudioToolRefusal } from "../errors.js";
import { quoted } from "../tools/result.js";

const sameTitle = (a: string | null | undefined, b: string) =>
  (a ?? "").trim().toLowerCase() === b.trim().toLowerCase();

/** A board as the tools show it. */
export const boardSummary = (board: { id: string; title: string | null }): BoardSummary => ({
  id: board.id,
  title: board.title,
});

/** The board with this id or title (case and surrounding spaces ignored); `not_found` naming the boards there are. */
export async function findBoard(client: StudioClient, titleOrId: string, signal?: AbortSignal): Promise<Board> {
  const boards = await listBoards(client, { signal });
  const found =
    boards.find((board) => board.id === titleOrId) ?? boards.find((board) => sameTitle(board.title, titleOrId));
  if (found) return found;
  const titles = boards.slice(0, 10).map((board) => quoted(board.title ?? board.id));
  throw new StudioToolRefusal(
    "not_found",
    `No board ${quoted(titleOrId)}. ${titles.length ? `Boards: ${titles.join(", ")}.` : "There are no boards yet."} ` +
      "create_board makes one.",
    { boards: boards.slice(0, 10).map(boardSummary) },
  );
}

/** The board with this title, created when there is none (what `board` on a generation does, as `--board`). */
export async function boardForResults(
  client: StudioClient,
  title: string,
): Promise<{ board: { id: string; conversationId: string | null; title: string | null }; created: boolean }> {
  const boards = await listBoards(client);
  const found = boards.find((board) => sameTitle(board.title, title));
  if (found) return { board: found, created: false };
  return { board: await createBoard(client, { title }), created: true };
}

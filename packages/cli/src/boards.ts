import { type Board, createBoard, listBoards, type StudioClient } from "@studio-kit/core";
import { CliError } from "./errors.js";

const sameTitle = (a: string | null | undefined, b: string) =>
  (a ?? "").trim().toLowerCase() === b.trim().toLowerCase();

/** The board with this title (case and surrounding spaces ignored) or id; a failure naming the boards there are. */
export async function findBoard(client: StudioClient, titleOrId: string): Promise<Board> {
  const boards = await listBoards(client);
  const found =
    boards.find((board) => board.id === titleOrId) ?? boards.find((board) => sameTitle(board.title, titleOrId));
  if (found) return found;
  const titles = boards.slice(0, 10).map((board) => `"${board.title ?? board.id}"`);
  throw new CliError(
    "failed",
    `No board "${titleOrId}". ${titles.length ? `Boards: ${titles.join(", ")}.` : "There are no boards yet."} ` +
      `Create it with: studio board new "${titleOrId}"`,
  );
}

/** The board with this title, created when there is none (what `--board` does). */
export async function boardForResults(
  client: StudioClient,
  title: string,
): Promise<{ board: Board | { id: string; conversationId: string; title: string | null }; created: boolean }> {
  const boards = await listBoards(client);
  const found = boards.find((board) => sameTitle(board.title, title));
  if (found) return { board: found, created: false };
  return { board: await createBoard(client, { title }), created: true };
}

import { listCards } from "@studio-kit/core";
import type { BotDeps } from "../deps.js";
import { escapeText } from "../messages/blocks.js";
import { putAssetOnBoard } from "../services/board-cards.js";
import { boardWebUrl, studioWebBase } from "../services/studio-links.js";
import type { DefaultBoard } from "../store/channel-defaults.js";

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
    // The board's web address, so that Slack shows it as a link (and a person sharing it on gets its Work Object,
    // decision 0021); a `|` in the title would end the link's label, so it is replaced.
    const url = boardWebUrl(studioWebBase(deps.studio), board.id);
    return `:pushpin: Added to *<${url}|${escapeText(board.title).replace(/\|/g, "¦")}>*.`;
  } catch (error) {
    deps.logger.error({ err: error, board: board.id }, "could not push results onto the --board board");
    return `:warning: Could not add this to *${board.title}*; use Add to board.`;
  }
}

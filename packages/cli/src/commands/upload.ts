import { addToBoard } from "@studio-kit/core";
import type { Command } from "commander";
import { boardForResults } from "../boards.js";
import type { RunContext } from "../context.js";
import { CliError } from "../errors.js";
import { progressBoard } from "../progress.js";
import { checkFiles } from "../upload/check.js";
import { uploadBars } from "../upload/progress.js";
import { type BoardEntry, shortfall, uploadDocument, uploadText } from "../upload/report.js";
import { sendFiles, type UploadOutcome } from "../upload/send.js";

/**
 * `studio upload <file>... [--board "title"]`: the three-step signed upload of each file (spec, Upload flow), its
 * category from its type. Every file is checked before the first request, so a bad one stops the run with exit 2
 * and nothing sent. A file that fails later does not stop the others: what was uploaded is printed, then the run
 * fails with exit 1 naming the file.
 */
export function registerUpload(program: Command, run: RunContext): void {
  program
    .command("upload")
    .argument("<file...>", "images, videos or audio files")
    .option("--board <title>", "put the uploads on this board (created if missing)")
    .description("Upload images, videos or audio to the library (a progress bar per file on a terminal)")
    .action(async (files: string[], options: { board?: string }, command: Command) => {
      const { printer, session, io } = run.begin(command);
      const boardTitle = options.board?.trim();
      if (options.board !== undefined && !boardTitle) {
        throw new CliError("usage", '--board needs a title: --board "Uploads". Nothing was uploaded.');
      }
      const checked = await checkFiles(files);
      const { client, fetch } = await session();
      const bars = uploadBars(progressBoard(io, printer), checked);
      let outcomes: UploadOutcome[];
      try {
        outcomes = await sendFiles(client, checked, { bars, fetch, signal: io.signal });
      } finally {
        bars.stop();
      }

      const uploaded = outcomes.flatMap((outcome) => ("result" in outcome && outcome.result.asset ? [outcome] : []));
      let board: BoardEntry | undefined;
      let boardError: unknown;
      // After Ctrl-C nothing new starts: the uploads stay in the library, off the board.
      if (boardTitle && uploaded.length && !io.signal?.aborted) {
        try {
          board = await placeOnBoard(client, boardTitle, uploaded, io.signal);
        } catch (error) {
          boardError = error;
        }
      }

      const doc = uploadDocument(outcomes, board);
      // What was uploaded is printed even when something failed, so a script still gets its asset ids.
      printer.result(doc, () => uploadText(doc));
      const missing = shortfall(doc, checked.length, { title: boardTitle, error: boardError });
      if (io.signal?.aborted) throw new CliError("interrupted", ["stopped.", ...missing].join("\n"));
      if (missing.length) throw new CliError("failed", missing.join("\n"));
    });
}

/** The board with this title (created if missing), with one card per uploaded asset, in the order given. */
async function placeOnBoard(
  client: Parameters<typeof boardForResults>[0],
  title: string,
  uploaded: readonly UploadOutcome[],
  signal: AbortSignal | undefined,
): Promise<BoardEntry> {
  const { board, created } = await boardForResults(client, title);
  const items = uploaded.flatMap((outcome) =>
    "result" in outcome && outcome.result.asset
      ? [{ assetType: outcome.result.asset.__typename.toLowerCase(), assetId: outcome.result.asset.id }]
      : [],
  );
  const cardIds = await addToBoard(client, board, items, signal ? { signal } : {});
  return { id: board.id, title: board.title ?? title, conversationId: board.conversationId, created, cardIds };
}

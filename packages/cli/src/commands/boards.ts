import { type Board, cardKindLabel, createBoard, listBoards, listCards } from "@studio-kit/core";
import type { Command } from "commander";
import { findBoard } from "../boards.js";
import type { RunContext } from "../context.js";
import { when } from "../dates.js";
import { table } from "../table.js";

const boardRow = (board: Board) => [
  board.title ?? "(untitled)",
  board.assetCount ?? 0,
  when(board.updatedAt),
  board.id,
];

/** `studio boards`, `studio board new "title"`, `studio board show "title"`. */
export function registerBoards(program: Command, run: RunContext): void {
  program
    .command("boards")
    .description("List the workspace's boards")
    .action(async (_options, command: Command) => {
      const { printer, session } = run.begin(command);
      const boards = await listBoards((await session()).client);
      printer.result({ boards }, () =>
        boards.length
          ? table(["TITLE", "ASSETS", "UPDATED", "ID"], boards.map(boardRow))
          : 'No boards yet: studio board new "title"',
      );
    });

  const board = program.command("board").description("Create a board, or show one's cards");
  board
    .command("new")
    .argument("<title...>", "the board's title")
    .description("Create a board")
    .action(async (words: string[], _options, command: Command) => {
      const { printer, session } = run.begin(command);
      const created = await createBoard((await session()).client, { title: words.join(" ") });
      printer.result({ board: created }, () => `Created board "${created.title ?? ""}" (${created.id}).`);
    });
  board
    .command("show")
    .argument("<title...>", "the board's title (or its id)")
    .description("Show a board's cards, their kinds in words")
    .action(async (words: string[], _options, command: Command) => {
      const { printer, session } = run.begin(command);
      const { client } = await session();
      const found = await findBoard(client, words.join(" "));
      const cards = await listCards(client, found);
      printer.result({ board: found, cards }, () => {
        const head = `${printer.style.bold(found.title ?? "(untitled)")} · ${cards.length} card${cards.length === 1 ? "" : "s"}`;
        if (!cards.length) return `${head}\nNo cards yet: studio image "..." --board "${found.title ?? ""}"`;
        // Kinds in the playground's words (@studio-kit/core cardKindLabel): "Note" and "Shape", not the API's
        // codes `sticky_note` and `element`.
        const rows = cards.map((card) => [
          cardKindLabel(card),
          card.asset && "id" in card.asset ? card.asset.id : card.assetId,
          card.text ?? name(card),
        ]);
        return `${head}\n${table(["KIND", "ASSET", "NAME"], rows)}`;
      });
    });
}

function name(card: Awaited<ReturnType<typeof listCards>>[number]): string | null {
  const asset = card.asset;
  if (!asset) return null;
  if ("displayName" in asset && asset.displayName) return asset.displayName;
  if ("name" in asset && asset.name) return asset.name;
  return null;
}

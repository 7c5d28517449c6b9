import { z } from "zod";
import type { StudioToolBackend } from "../backend.js";
import { MAX_BOARD_TITLE } from "./board-title.js";
import { addToBoardOutput, boardsOutput, cardsOutput, createBoardOutput } from "./output.js";
import { defineTool, READS } from "./register.js";
import { quoted } from "./result.js";

const named = (board: { id: string; title: string | null }) => quoted(board.title ?? board.id);
const boardInput = z.string().min(1).describe("the board's title (case ignored) or id, from list_boards");

/** The board tools: list, show cards, add assets, create. */
export const boardTools = (backend: StudioToolBackend) => [
  defineTool({
    name: "list_boards",
    title: "Boards",
    description: "The workspace's boards (canvases), by id and title.",
    input: {},
    output: boardsOutput,
    annotations: READS,
    async run(_input, context) {
      const boards = await backend.listBoards(context);
      const text = boards.length ? `Boards: ${boards.map(named).join(", ")}.` : "There are no boards yet.";
      return { text, data: { boards } };
    },
  }),
  defineTool({
    name: "board_cards",
    title: "A board's cards",
    description: "The cards on one board: what each holds (asset type and id) and where it is.",
    input: { board: boardInput },
    output: cardsOutput,
    annotations: READS,
    async run({ board }, context) {
      const found = await backend.boardCards({ board }, context);
      const count = found.cards.length;
      return {
        text: `${named(found.board)} has ${count} card${count === 1 ? "" : "s"}${count ? `: ${found.cards.map((c) => `${(c.assetType ?? "card").toLowerCase()} ${c.assetId ?? c.id}`).join(", ")}` : ""}.`,
        data: { board: found.board, cards: found.cards },
      };
    },
  }),
  defineTool({
    name: "add_to_board",
    title: "Add to a board",
    description: "Puts library assets (generated images, videos, audio) on a board as new cards. Spends no credits.",
    input: {
      board: boardInput,
      assets: z
        .array(z.object({ assetType: z.enum(["image", "video", "audio"]), assetId: z.string().min(1) }))
        .min(1)
        .describe("the assets, such as a generate_* result's records (kind and id)"),
    },
    output: addToBoardOutput,
    // Adds cards, removes none; a second call adds them again.
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    async run({ board, assets }, context) {
      const added = await backend.addToBoard({ board, assets }, context);
      const n = added.cardIds.length;
      return {
        text: `Added ${n} card${n === 1 ? "" : "s"} to ${named(added.board)}.`,
        data: { board: added.board, cardIds: added.cardIds },
      };
    },
  }),
  defineTool({
    name: "create_board",
    title: "Create a board",
    description: "Creates a new, empty board with this title. Spends no credits.",
    input: { title: z.string().trim().min(1).max(MAX_BOARD_TITLE).describe("the new board's title") },
    output: createBoardOutput,
    // Creates, never destroys; a second call makes a second board of the same title.
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    async run({ title }, context) {
      const board = await backend.createBoard({ title }, context);
      return { text: `Created board ${named(board)} (${board.id}).`, data: { board } };
    },
  }),
];

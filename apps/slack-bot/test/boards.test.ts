import type { Board } from "@studio-kit/core";
import { validateMessage, validateView } from "@studio-kit/slack-sim";
import { describe, expect, it } from "vitest";
import { boardChoice, findBoardByTitle } from "../src/flows/add-to-board.js";
import { editFailedMessage, editProgressMessage } from "../src/messages/actions.js";
import {
  actionNoteMessage,
  addedToBoardMessage,
  addToBoardModal,
  BOARD_MODAL,
  boardCreatedMessage,
  boardInUseMessage,
  boardNotFoundMessage,
} from "../src/messages/boards.js";

const board = (id: number, title: string | null = `Board ${id}`): Board =>
  ({ id: `b${id}`, conversationId: `c${id}`, title, assetCount: 0 }) as Board;
const ctx = { assetId: "img1", channel: "C1", threadTs: "1.0" };
const huge = `<!channel> ${"x".repeat(5000)}`;

describe("Add to board modal", () => {
  it("lists recent boards first in a static select, and a new-title input, within Slack's limits", () => {
    const view = addToBoardModal([board(2, "Newest"), board(1, "Older")], ctx);
    expect(validateView(view as Parameters<typeof validateView>[0])).toEqual({ ok: true });
    const select = view.blocks[0] as { element: { options: { value: string }[] } };
    expect(select.element.options.map((option) => option.value)).toEqual(["b2", "b1"]);
    expect(JSON.parse(String(view.private_metadata))).toEqual(ctx);
  });

  it("stays valid with no boards, 300 boards and huge titles", () => {
    for (const boards of [[], Array.from({ length: 300 }, (_, i) => board(i, i % 2 ? huge : null))]) {
      const view = addToBoardModal(boards, ctx);
      expect(validateView(view as Parameters<typeof validateView>[0])).toEqual({ ok: true });
    }
    expect(addToBoardModal([], ctx).blocks.some((b) => b.block_id === BOARD_MODAL.pickBlock)).toBe(false);
  });
});

describe("board notes", () => {
  it("every note passes validateMessage, even for huge or hostile titles", () => {
    for (const title of ["Spring", huge, ""]) {
      for (const message of [
        addedToBoardMessage(title, "U1"),
        boardCreatedMessage(title),
        boardInUseMessage(title),
        boardNotFoundMessage(title, [board(1, huge)]),
        actionNoteMessage(title || "note"),
        editProgressMessage("U1", "upscale", title),
        editFailedMessage("U1", "removeBackground", title),
      ]) {
        expect(validateMessage(message.blocks as never, message.text)).toEqual({ ok: true });
        expect(message.text).not.toContain("<!channel>");
      }
    }
    expect(addedToBoardMessage("Spring", "U1").text).toBe("Added to Spring");
  });
});

describe("board choice", () => {
  it("a typed title wins, then a picked board, else nothing", () => {
    const pick = { [BOARD_MODAL.pickBlock]: { [BOARD_MODAL.pickAction]: { selected_option: { value: "b1" } } } };
    const typed = { [BOARD_MODAL.newBlock]: { [BOARD_MODAL.newAction]: { value: "  New one " } } };
    expect(boardChoice({ ...pick, ...typed })).toEqual({ kind: "new", title: "New one" });
    expect(boardChoice(pick)).toEqual({ kind: "existing", boardId: "b1" });
    expect(boardChoice({ [BOARD_MODAL.newBlock]: { [BOARD_MODAL.newAction]: { value: "   " } } })).toEqual({
      kind: "none",
    });
  });

  it("finds a board by title ignoring case, the most recent first", () => {
    const boards = [board(3, "Moodboard"), board(2, "moodboard "), board(1, "Other")];
    expect(findBoardByTitle(boards, "MOODBOARD")?.id).toBe("b3");
    expect(findBoardByTitle(boards, "missing")).toBeUndefined();
  });
});

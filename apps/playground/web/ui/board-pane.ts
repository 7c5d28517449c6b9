// The board pane: pick a board (the most recently updated one until you pick), see its cards where they sit. It
// refreshes every 2 s while open and right after any click, and marks cards it had not seen, so "Add to board"
// is seen landing.

import type { BoardView, CardView } from "../../src/shared/api.js";
import type { Api } from "../api.js";
import { h, mount } from "../dom/vnode.js";
import { layoutCards, renderCards } from "../render/board.js";
import { errorText } from "./toast.js";

export interface BoardPane {
  /** Reads the boards and the shown board's cards now (coalesced with one in flight). */
  refresh(): Promise<void>;
  /** Starts the 2 s refresh. */
  start(): void;
  /** The board shown, if any (its web address is what "Share link" posts). */
  current(): BoardView | undefined;
}

export interface BoardElements {
  root: HTMLElement;
  select: HTMLSelectElement;
  canvas: HTMLElement;
  status: HTMLElement;
  toggle: HTMLButtonElement;
}

/**
 * The narrowest card's width on screen, in px, when the board is bigger than the pane: a card must stay readable
 * (a note's words, an image's subject), so the board scrolls rather than shrinking its cards below this.
 */
export const READABLE_CARD_PX = 120;

/** Space between the canvas' edge and the board's outermost cards, px. */
const PADDING = 12;

const boardLabel = (board: BoardView) => {
  const title = board.title?.trim() || "Untitled";
  return typeof board.assetCount === "number" ? `${title} (${board.assetCount})` : title;
};

export function createBoardPane(options: {
  doc: Document;
  api: Pick<Api, "boards" | "cards">;
  elements: BoardElements;
  intervalMs?: number;
}): BoardPane {
  const { doc, api, elements } = options;
  const { select, canvas, status } = elements;
  let boards: BoardView[] = [];
  let boardsKey = "";
  let chosen: string | undefined;
  let cards: CardView[] = [];
  let shownBoard: string | undefined;
  const seen = new Map<string, Set<string>>();
  const counts = new Map<string, number>();
  let running: Promise<void> | undefined;
  let again = false;
  let open = true;

  let drawnKey = "";
  let overflows = false;
  let counted = "";
  const showStatus = () => {
    status.textContent = overflows && counted ? `${counted} · scroll to see them all` : counted;
  };
  // Redraws only when the cards or the pane's size changed: a steady board keeps its nodes (no flicker).
  const draw = (markNew: boolean) => {
    const area = { width: canvas.clientWidth || 320, height: canvas.clientHeight || 400 };
    const key = JSON.stringify([shownBoard, area, cards]);
    if (key === drawnKey) return;
    drawnKey = key;
    const { placed } = layoutCards(cards, { ...area, minCardWidth: READABLE_CARD_PX, padding: PADDING });
    const known = (shownBoard && seen.get(shownBoard)) || new Set<string>();
    const nodes = renderCards(placed, known, !markNew);
    // A scrolled board keeps the same margin after its last card as before its first: absolutely placed cards
    // give the scroll area no padding of their own.
    const right = Math.max(0, ...placed.map((p) => p.left + p.width)) + PADDING;
    const bottom = Math.max(0, ...placed.map((p) => p.top + p.height)) + PADDING;
    overflows = right > area.width + 1 || bottom > area.height + 1;
    if (overflows) nodes.push(h("div", { class: "board-spacer", style: `left: ${right - 1}px; top: ${bottom - 1}px` }));
    canvas.replaceChildren(...nodes.map((node) => mount(node, doc)));
    showStatus();
    // A card that just landed is brought into view: on a board larger than the pane it may sit where the pane is
    // not scrolled to (the sandbox puts new cards to the right of everything), and "Add to board" must be seen.
    if (overflows) {
      const landed = [...canvas.querySelectorAll<HTMLElement>(".board-card-new")].at(-1);
      landed?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
    }
  };

  const fillSelect = () => {
    const key = JSON.stringify(boards.map((b) => [b.conversationId, boardLabel(b)]));
    if (key === boardsKey) return;
    boardsKey = key;
    const nodes = boards.length
      ? boards.map((board) =>
          h("option", { value: board.conversationId, "data-board-id": board.id }, boardLabel(board)),
        )
      : [h("option", { value: "" }, "No boards yet")];
    select.replaceChildren(...nodes.map((node) => mount(node, doc)));
  };

  // Says which board just grew when it is not the one shown (the reader chose another).
  const growthNote = (): string | undefined => {
    let note: string | undefined;
    for (const board of boards) {
      const before = counts.get(board.conversationId);
      const now = board.assetCount ?? undefined;
      if (typeof now === "number") counts.set(board.conversationId, now);
      if (before !== undefined && now !== undefined && now > before && board.conversationId !== shownBoard) {
        note = `“${board.title || "Untitled"}” got a new card.`;
      }
    }
    return note;
  };

  const load = async () => {
    boards = (await api.boards()).filter((board) => board.conversationId);
    fillSelect();
    const wanted = chosen && boards.some((b) => b.conversationId === chosen) ? chosen : boards[0]?.conversationId;
    select.value = wanted ?? "";
    select.disabled = boards.length === 0;
    if (!wanted) {
      shownBoard = undefined;
      cards = [];
      drawnKey = "";
      canvas.replaceChildren(
        mount(h("p", { class: "board-empty" }, 'No boards yet: /studio board new "title" makes one.'), doc),
      );
      counted = "";
      showStatus();
      return;
    }
    const switched = wanted !== shownBoard;
    const next = await api.cards(wanted);
    const firstLook = switched || !seen.has(wanted);
    shownBoard = wanted;
    cards = next;
    const note = growthNote();
    const count = next.length === 1 ? "1 card" : `${next.length} cards`;
    counted = note ? `${count} · ${note}` : count;
    draw(!firstLook);
    showStatus();
    seen.set(wanted, new Set(next.map((card) => card.id)));
  };

  const refresh = async (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await load();
        } catch (error) {
          status.textContent = `Boards unavailable: ${errorText(error)}`;
        }
      } while (again);
    })();
    try {
      await running;
    } finally {
      running = undefined;
    }
  };

  select.addEventListener("change", () => {
    chosen = select.value || undefined;
    void refresh();
  });
  elements.toggle.addEventListener("click", () => {
    open = !open;
    elements.root.hidden = !open;
    elements.toggle.setAttribute("aria-expanded", String(open));
    elements.toggle.textContent = open ? "Hide board" : "Show board";
    if (open) void refresh();
  });
  // The scale depends on the pane's size: redraw (marking nothing new) when it changes.
  if (typeof ResizeObserver === "function") new ResizeObserver(() => shownBoard && draw(false)).observe(canvas);

  return {
    refresh,
    current: () => boards.find((board) => board.conversationId === shownBoard),
    start() {
      void refresh();
      setInterval(() => {
        if (open && doc.visibilityState !== "hidden") void refresh();
      }, options.intervalMs ?? 2000);
    },
  };
}

// The board pane: pick a board (the most recently updated one until you pick), see its cards where they sit. It
// refreshes every 2 s while open and right after any click, and marks cards it had not seen, so "Add to board"
// is seen landing.

import type { BoardView, CardView } from "../../src/shared/api.js";
import type { Api } from "../api.js";
import { h, mount } from "../dom/vnode.js";
import { renderCards } from "../render/board.js";
import { type BoardZoom, boardViewport } from "../render/board-viewport.js";
import { errorText } from "./toast.js";

export interface BoardPane {
  /** Reads the boards and the shown board's cards now (coalesced with one in flight). */
  refresh(): Promise<void>;
  /** Starts the 2 s refresh. */
  start(): void;
  /** The board chosen in the select (shown, or its cards still loading), if any: what "Share link" posts. */
  current(): BoardView | undefined;
}

export interface BoardElements {
  root: HTMLElement;
  select: HTMLSelectElement;
  canvas: HTMLElement;
  status: HTMLElement;
  toggle: HTMLButtonElement;
  /** Switches between the readable zoom and the whole board ("Zoom in" / "Fit board"); hidden when both are one. */
  zoom?: HTMLButtonElement;
}

/**
 * The narrowest card's width on screen, in px, when the board is bigger than the pane: a card must stay readable
 * (a note's words, an image's subject), so the board scrolls rather than shrinking its cards below this.
 */
export const READABLE_CARD_PX = 120;

/**
 * The narrowest card's width on screen, px, when the board is zoomed out to show it whole: small, but a card still
 * shows what it is (an image's picture, a note's colour); a board that needs less scrolls at this zoom.
 */
export const OVERVIEW_CARD_PX = 40;

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
  // "readable" until a card lands on a board bigger than the pane; then "fit", until the person zooms in again or
  // picks another board (board-viewport.ts).
  let zoom: BoardZoom = "readable";
  let canZoom = false;
  let lastLanded: string | undefined;
  const showStatus = () => {
    const zoomed = zoom === "fit" && canZoom ? " · zoomed out to show the board" : "";
    const scroll = overflows && counted ? " · scroll to see them all" : "";
    status.textContent = counted ? `${counted}${zoomed}${scroll}` : "";
    const button = elements.zoom;
    if (!button) return;
    button.hidden = !canZoom || !counted;
    button.textContent = zoom === "fit" ? "Zoom in" : "Fit board";
    button.title =
      zoom === "fit" ? "Show the cards at a readable size (the board scrolls)" : "Zoom out until the whole board shows";
  };
  // Redraws only when the cards, the zoom or the pane's size changed: a steady board keeps its nodes (no flicker).
  const draw = (markNew: boolean) => {
    const area = { width: canvas.clientWidth || 320, height: canvas.clientHeight || 400 };
    const known = (shownBoard && seen.get(shownBoard)) || new Set<string>();
    // A card that just landed (Add to board) is shown among the board's other cards, as a canvas app shows what was
    // put on it: on a board bigger than the pane the pane zooms out to fit it, rather than scrolling to the new card
    // alone and leaving the rest off screen (issue 42).
    const landed = markNew ? cards.filter((card) => !known.has(card.id)) : [];
    const options = { padding: PADDING, readablePx: READABLE_CARD_PX, overviewPx: OVERVIEW_CARD_PX };
    if (landed.length > 0 && boardViewport(cards, area, { ...options, zoom: "readable" }).overflowsReadable) {
      zoom = "fit";
    }
    const key = JSON.stringify([shownBoard, area, cards, zoom]);
    if (key === drawnKey) return;
    drawnKey = key;
    const view = boardViewport(cards, area, { ...options, zoom });
    overflows = view.overflows;
    canZoom = view.overflowsReadable;
    const nodes = renderCards(view.placed, known, !markNew);
    const scaled = (size: number) => size * view.factor + PADDING;
    // The cards sit on one layer, shrunk as a whole at "fit" (text too). A scrolled board keeps the same margin
    // after its last card as before its first: absolutely placed cards give the scroll area no padding of their own.
    const layer = h(
      "div",
      {
        class: "board-layer",
        "data-testid": "board-layer",
        "data-zoom": zoom,
        style: [
          `left: ${PADDING}px`,
          `top: ${PADDING}px`,
          `width: ${view.width}px`,
          `height: ${view.height}px`,
          view.factor < 1 ? `transform: scale(${view.factor})` : "",
        ]
          .filter(Boolean)
          .join("; "),
      },
      view.placed.length ? nodes : [],
    );
    const shown = view.placed.length ? [layer] : nodes;
    if (overflows) {
      const [right, bottom] = [scaled(view.width) + PADDING, scaled(view.height) + PADDING];
      shown.push(h("div", { class: "board-spacer", style: `left: ${right - 1}px; top: ${bottom - 1}px` }));
    }
    canvas.replaceChildren(...shown.map((node) => mount(node, doc)));
    showStatus();
    if (landed.length === 0) return;
    lastLanded = landed.at(-1)?.id;
    // The whole board fits: show it from its corner. Too big even zoomed out: centre the new card, so its neighbours
    // show on either side of it.
    const last = [...canvas.querySelectorAll<HTMLElement>(".board-card-new")].at(-1);
    if (!overflows) canvas.scrollTo?.({ left: 0, top: 0 });
    else last?.scrollIntoView?.({ block: "center", inline: "center" });
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
    zoom = "readable";
    lastLanded = undefined;
    void refresh();
  });
  elements.toggle.addEventListener("click", () => {
    open = !open;
    elements.root.hidden = !open;
    elements.toggle.setAttribute("aria-expanded", String(open));
    elements.toggle.textContent = open ? "Hide board" : "Show board";
    if (open) void refresh();
  });
  elements.zoom?.addEventListener("click", () => {
    zoom = zoom === "fit" ? "readable" : "fit";
    if (!shownBoard) return;
    draw(false);
    // Zooming in keeps the card that last landed in view, as a canvas app zooms in on what is selected.
    const focus = lastLanded && canvas.querySelector<HTMLElement>(`[data-card-id="${CSS.escape(lastLanded)}"]`);
    if (zoom === "readable" && focus) focus.scrollIntoView?.({ block: "center", inline: "center" });
  });
  // The scale depends on the pane's size: redraw (marking nothing new) when it changes.
  if (typeof ResizeObserver === "function") new ResizeObserver(() => shownBoard && draw(false)).observe(canvas);

  return {
    refresh,
    // The board the person chose, even while its cards are still loading: "Share link" right after picking a board
    // shares that one, not the one drawn before it.
    current: () =>
      boards.find((board) => board.conversationId === chosen) ??
      boards.find((board) => board.conversationId === shownBoard),
    start() {
      void refresh();
      setInterval(() => {
        if (open && doc.visibilityState !== "hidden") void refresh();
      }, options.intervalMs ?? 2000);
    },
  };
}

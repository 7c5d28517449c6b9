// How much of a board the pane shows, and at what zoom. Two zooms, as a canvas app has: "readable" (every card at
// least READABLE_CARD_PX wide; a big board scrolls) and "fit" (the board zoomed out to fit the pane, as Figma's and
// Miro's "zoom to fit" do, so a card that just landed is seen among its neighbours). The cards are laid out once, at
// the readable scale, and "fit" shrinks that layout as a whole (text included), so zooming never reflows a note.

import type { CardView } from "../../src/shared/api.js";
import { layoutCards, type PlacedCard } from "./board.js";

/** The two zooms of the board pane. */
export type BoardZoom = "readable" | "fit";

export interface BoardViewport {
  /** The cards at the readable scale, relative to the board's top-left corner (padding not included). */
  placed: PlacedCard[];
  /** The readable layout's size, px, before `factor`. */
  width: number;
  height: number;
  /** What the layout is shrunk by on screen: 1 at "readable", at most 1 at "fit". */
  factor: number;
  /** Whether the board on screen (after `factor`, with its padding) is bigger than the pane: it scrolls. */
  overflows: boolean;
  /** Whether the board at the readable scale would be bigger than the pane (so "fit" would change something). */
  overflowsReadable: boolean;
}

/**
 * Lays out `cards` for a pane of `area` px: at the readable scale (the narrowest card at least `readablePx` wide),
 * and at `zoom` "fit" shrunk until the whole board fits, but never so far that the narrowest card is under
 * `overviewPx` (a card must still show what it is): a board too big even then scrolls at that zoom.
 */
export function boardViewport(
  cards: readonly CardView[],
  area: { width: number; height: number },
  options: { zoom: BoardZoom; padding: number; readablePx: number; overviewPx: number },
): BoardViewport {
  const { padding } = options;
  const inner = { width: area.width - padding * 2, height: area.height - padding * 2, padding: 0 };
  const readable = layoutCards(cards, { ...inner, minCardWidth: options.readablePx });
  const width = Math.max(0, ...readable.placed.map((p) => p.left + p.width));
  const height = Math.max(0, ...readable.placed.map((p) => p.top + p.height));
  const overview = layoutCards(cards, { ...inner, minCardWidth: options.overviewPx });
  const factor = options.zoom === "fit" && readable.scale > 0 ? Math.min(1, overview.scale / readable.scale) : 1;
  const bigger = (f: number) => width * f + padding * 2 > area.width + 1 || height * f + padding * 2 > area.height + 1;
  return { placed: readable.placed, width, height, factor, overflows: bigger(factor), overflowsReadable: bigger(1) };
}

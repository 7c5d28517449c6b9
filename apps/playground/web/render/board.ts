// A board's cards drawn at their stored positions, scaled so the whole board fits the pane: image cards show their
// preview, the others a labelled box. New cards (ids not seen before) are marked, so "Add to board" is seen landing.

import type { CardView } from "../../src/shared/api.js";
import { h, isSafeUrl, type VNode } from "../dom/vnode.js";

/** A card placed in the pane, in pixels. */
export interface PlacedCard {
  card: CardView;
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Cards thinner than this (board units) are lines and connectors, with nothing to read: they set no scale. */
const SLIVER = 60;

/**
 * The cards' layout: scaled (never above 1:1) so their bounding box fits `width` x `height` minus padding. With
 * `minCardWidth`, readability comes first: the narrowest card (lines and connectors aside) is drawn at least that
 * wide even when the board then overflows the area, which scrolls.
 */
export function layoutCards(
  cards: readonly CardView[],
  area: { width: number; height: number; padding?: number; minCardWidth?: number },
): { scale: number; placed: PlacedCard[] } {
  const padding = area.padding ?? 12;
  const finite = (value: number, fallback: number) => (Number.isFinite(value) ? value : fallback);
  const boxes = cards.map((card) => ({
    card,
    x: finite(card.x, 0),
    y: finite(card.y, 0),
    w: Math.max(1, finite(card.width, 200)),
    h: Math.max(1, finite(card.height, 200)),
  }));
  if (boxes.length === 0) return { scale: 1, placed: [] };
  const minX = Math.min(...boxes.map((b) => b.x));
  const minY = Math.min(...boxes.map((b) => b.y));
  const maxX = Math.max(...boxes.map((b) => b.x + b.w));
  const maxY = Math.max(...boxes.map((b) => b.y + b.h));
  const availableW = Math.max(1, area.width - padding * 2);
  const availableH = Math.max(1, area.height - padding * 2);
  const fit = Math.min(1, availableW / (maxX - minX), availableH / (maxY - minY));
  const readable = boxes.map((b) => b.w).filter((w) => w >= SLIVER);
  const narrowest = readable.length ? Math.min(...readable) : 0;
  const scale = area.minCardWidth && narrowest ? Math.max(fit, Math.min(1, area.minCardWidth / narrowest)) : fit;
  const placed = boxes.map((b) => ({
    card: b.card,
    left: padding + (b.x - minX) * scale,
    top: padding + (b.y - minY) * scale,
    width: b.w * scale,
    height: b.h * scale,
  }));
  return { scale, placed };
}

const px = (value: number) => `${Math.round(value * 10) / 10}px`;

function cardLabel(card: CardView): string {
  return (card.title || card.text || "").trim();
}

/** One card: absolutely positioned, rotated as stored; a card of text grows to show all of it. */
export function renderCard(placed: PlacedCard, fresh: boolean): VNode {
  const { card } = placed;
  const rotation = Number.isFinite(card.rotation) ? card.rotation : 0;
  const label = cardLabel(card);
  const kind = card.kindLabel;
  const preview = card.previewUrl && isSafeUrl(card.previewUrl) ? card.previewUrl : undefined;
  const style = [
    `left: ${px(placed.left)}`,
    `top: ${px(placed.top)}`,
    `width: ${px(placed.width)}`,
    // A note's text wraps and is never cut off: its card is at least its stored height, taller when the text needs.
    `${preview ? "height" : "min-height"}: ${px(placed.height)}`,
    rotation ? `transform: rotate(${rotation}deg)` : "",
  ]
    .filter(Boolean)
    .join("; ");
  return h(
    "div",
    {
      class: `board-card board-card-${(card.kind || "card").replace(/[^a-z0-9_-]/gi, "")}${fresh ? " board-card-new" : ""}`,
      "data-testid": "board-card",
      "data-card-id": card.id,
      "data-kind": card.kind,
      style,
      title: label ? `${kind}: ${label}` : kind,
    },
    preview
      ? [
          h("img", { src: preview, alt: label || kind, loading: "lazy", decoding: "async" }),
          // A video's or a creative's thumbnail looks like any image: its kind says what it is.
          card.kind === "image" ? null : h("span", { class: "board-card-badge" }, kind),
        ]
      : h("div", { class: "board-card-label" }, [
          h("span", { class: "board-card-kind" }, kind),
          label ? h("span", { class: "board-card-text" }, label) : null,
        ]),
  );
}

/** The canvas' content: the cards, or a line saying there are none. */
export function renderCards(placed: readonly PlacedCard[], seen: ReadonlySet<string>, firstLoad: boolean): VNode[] {
  if (placed.length === 0)
    return [h("p", { class: "board-empty" }, "No cards on this board yet. “Add to board” on a result puts one here.")];
  return placed.map((item) => renderCard(item, !firstLoad && !seen.has(item.card.id)));
}

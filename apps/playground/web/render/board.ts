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

/** The cards' layout: scaled (never above 1:1) so their bounding box fits `width` x `height` minus padding. */
export function layoutCards(
  cards: readonly CardView[],
  area: { width: number; height: number; padding?: number },
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
  const scale = Math.min(1, availableW / (maxX - minX), availableH / (maxY - minY));
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

/** One card: absolutely positioned, rotated as stored. */
export function renderCard(placed: PlacedCard, fresh: boolean): VNode {
  const { card } = placed;
  const rotation = Number.isFinite(card.rotation) ? card.rotation : 0;
  const style = [
    `left: ${px(placed.left)}`,
    `top: ${px(placed.top)}`,
    `width: ${px(placed.width)}`,
    `height: ${px(placed.height)}`,
    rotation ? `transform: rotate(${rotation}deg)` : "",
  ]
    .filter(Boolean)
    .join("; ");
  const label = cardLabel(card);
  const preview = card.previewUrl && isSafeUrl(card.previewUrl) ? card.previewUrl : undefined;
  return h(
    "div",
    {
      class: `board-card board-card-${(card.kind || "card").replace(/[^a-z0-9_-]/gi, "")}${fresh ? " board-card-new" : ""}`,
      "data-testid": "board-card",
      "data-card-id": card.id,
      "data-kind": card.kind,
      style,
      title: label ? `${card.kind}: ${label}` : card.kind,
    },
    preview
      ? h("img", { src: preview, alt: label || card.kind, loading: "lazy", decoding: "async" })
      : h("div", { class: "board-card-label" }, [
          h("span", { class: "board-card-kind" }, card.kind || "card"),
          label ? h("span", {}, label) : null,
        ]),
  );
}

/** The canvas' content: the cards, or a line saying there are none. */
export function renderCards(placed: readonly PlacedCard[], seen: ReadonlySet<string>, firstLoad: boolean): VNode[] {
  if (placed.length === 0)
    return [h("p", { class: "board-empty" }, "No cards on this board yet. “Add to board” on a result puts one here.")];
  return placed.map((item) => renderCard(item, !firstLoad && !seen.has(item.card.id)));
}

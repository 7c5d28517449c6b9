// The board view's cards as a person reads them: kinds in words, note text whole, cards at a readable size.
import { cardKindLabel } from "@studio-kit/core";
import { describe, expect, it } from "vitest";
import type { CardView } from "../src/shared/api.js";
import { textOf, type VNode } from "../web/dom/vnode.js";
import { layoutCards, renderCard } from "../web/render/board.js";
import { READABLE_CARD_PX } from "../web/ui/board-pane.js";

const card = (id: string, kind: string, x: number, width: number, extra: Partial<CardView> = {}): CardView => ({
  id,
  kind,
  kindLabel: cardKindLabel(kind),
  x,
  y: 0,
  width,
  height: 240,
  rotation: 0,
  ...extra,
});

describe("a card's kind", () => {
  // Which words each code reads as is core's cardKindLabel (packages/core/test/card-kind.test.ts); here, that the
  // card shows them.
  it("names a note and a shape in words on the card and in its tooltip, never by their codes", () => {
    const note = card("n", "sticky_note", 0, 240, { text: "Brief: calm mornings" });
    const shape = card("s", "element", 300, 400);
    const [drawnNote, drawnShape] = layoutCards([note, shape], { width: 2000, height: 2000 }).placed.map((placed) =>
      renderCard(placed, false),
    ) as [VNode, VNode];
    expect(textOf(drawnNote)).toBe("NoteBrief: calm mornings");
    expect(drawnNote.attrs.title).toBe("Note: Brief: calm mornings");
    expect(textOf(drawnShape)).toBe("Shape");
    expect(drawnShape.attrs.title).toBe("Shape");
  });

  it("badges a video's thumbnail with its kind, not an image's", () => {
    const video = card("v", "video", 0, 320, { previewUrl: "https://cdn.test/v.jpg", title: "Waves" });
    const image = card("i", "image", 400, 320, { previewUrl: "https://cdn.test/i.png", title: "Fox" });
    const [drawnVideo, drawnImage] = layoutCards([video, image], { width: 2000, height: 2000 }).placed.map((placed) =>
      renderCard(placed, false),
    ) as [VNode, VNode];
    expect(textOf(drawnVideo)).toBe("Video");
    expect(textOf(drawnImage)).toBe("");
  });
});

describe("note text", () => {
  it("keeps the whole text and lets the card grow to it: a minimum height, not a fixed one", () => {
    const text = "Shot list for Monday: ".repeat(20);
    const [placed] = layoutCards([card("n", "sticky_note", 0, 240, { text })], { width: 300, height: 300 }).placed;
    const drawn = renderCard(placed as NonNullable<typeof placed>, false);
    expect(textOf(drawn)).toContain(text.trim());
    expect(String(drawn.attrs.style)).toMatch(/min-height: [\d.]+px/);
    expect(String(drawn.attrs.style)).not.toMatch(/(^|; )height:/);
  });
});

describe("a readable scale", () => {
  // The sandbox's seeded board: an image 480 wide, a note 240 wide, a shape 400 wide, side by side.
  const seeded = [card("i", "image", 0, 480), card("n", "sticky_note", 520, 240), card("s", "element", 880, 400)];
  const pane = { width: 316, height: 780, minCardWidth: READABLE_CARD_PX };

  it("draws the narrowest card at least 120 px wide when fitting the board would shrink it, so the pane scrolls", () => {
    expect(layoutCards(seeded, { width: 316, height: 780 }).placed[1]?.width).toBeLessThan(READABLE_CARD_PX);
    const { placed } = layoutCards(seeded, pane);
    for (const item of placed) expect(item.width).toBeGreaterThanOrEqual(READABLE_CARD_PX);
    expect(Math.max(...placed.map((p) => p.left + p.width))).toBeGreaterThan(pane.width);
  });

  it("still fits the whole board when it fits at a readable size, and never enlarges past 1:1", () => {
    const small = [card("a", "image", 0, 200), card("b", "sticky_note", 220, 200)];
    const { scale, placed } = layoutCards(small, { width: 900, height: 600, minCardWidth: READABLE_CARD_PX });
    expect(scale).toBe(1);
    expect(Math.max(...placed.map((p) => p.left + p.width))).toBeLessThanOrEqual(900);
    const tiny = [card("a", "sticky_note", 0, 60), card("b", "sticky_note", 100, 80)];
    expect(layoutCards(tiny, { width: 50, height: 50, minCardWidth: READABLE_CARD_PX }).scale).toBe(1);
  });

  it("sets no scale from lines and connectors, which have nothing to read", () => {
    const withLine = [...seeded, card("l", "connector", 0, 4)];
    expect(layoutCards(withLine, pane).scale).toBeCloseTo(READABLE_CARD_PX / 240);
  });
});

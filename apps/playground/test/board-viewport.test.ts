// The board pane's two zooms (web/render/board-viewport.ts): readable, where a big board scrolls, and fit, where it is
// zoomed out to show whole, but never so far that a card no longer shows what it is.
import { cardKindLabel } from "@studio-kit/core";
import { describe, expect, it } from "vitest";
import type { CardView } from "../src/shared/api.js";
import { boardViewport } from "../web/render/board-viewport.js";

const card = (id: string, x: number, width: number): CardView => ({
  id,
  kind: "sticky_note",
  kindLabel: cardKindLabel("sticky_note"),
  x,
  y: 0,
  width,
  height: 240,
  rotation: 0,
});
const options = { padding: 12, readablePx: 120, overviewPx: 40 };
const pane = { width: 380, height: 780 };
const onScreen = (view: ReturnType<typeof boardViewport>) => view.width * view.factor + 24;

describe("the board pane's zoom", () => {
  // The seeded board and one card added to its right: wider than the pane at a readable size.
  const board = [card("a", 0, 480), card("b", 520, 240), card("c", 880, 400), card("d", 1320, 480)];

  it("at readable, draws the narrowest card 120 px wide and lets the board overflow the pane", () => {
    const view = boardViewport(board, pane, { ...options, zoom: "readable" });
    expect(view.factor).toBe(1);
    expect(Math.min(...view.placed.map((p) => p.width))).toBeCloseTo(120);
    expect(view.overflows).toBe(true);
  });

  it("at fit, shrinks the same layout until the whole board fits the pane", () => {
    const view = boardViewport(board, pane, { ...options, zoom: "fit" });
    expect(view.factor).toBeLessThan(1);
    expect(onScreen(view)).toBeLessThanOrEqual(pane.width + 1);
    expect(view.overflows).toBe(false);
    expect(view.overflowsReadable).toBe(true);
  });

  it("zooms out no further than the overview size: a board too big even then still scrolls", () => {
    const long = Array.from({ length: 30 }, (_, index) => card(`n${index}`, index * 300, 240));
    const view = boardViewport(long, pane, { ...options, zoom: "fit" });
    expect(Math.min(...view.placed.map((p) => p.width)) * view.factor).toBeCloseTo(40);
    expect(view.overflows).toBe(true);
  });

  it("changes nothing on a board that fits at a readable size", () => {
    const small = [card("a", 0, 200), card("b", 220, 120)];
    const view = boardViewport(small, pane, { ...options, zoom: "fit" });
    expect(view.factor).toBe(1);
    expect(view.overflowsReadable).toBe(false);
  });
});

// Server-side sizing and placement of canvas cards. The spec says only that the
// server "sizes and places" a card sent without width, height and position, and
// lays out a batch sent without any coordinate "as one block on clear canvas"
// (spec, Mutations: boards and cards). The numbers below are the sandbox's
// choice; they are pure functions so tests and resolvers share one rule.

export interface Size {
  width: number;
  height: number;
}

export interface Rect extends Size {
  positionX: number;
  positionY: number;
}

export interface Point {
  positionX: number;
  positionY: number;
}

/** Space left between placed cards and whatever is already on the canvas. */
export const GAP = 40;
/** Long side of a card sized from its asset's aspect ratio. */
export const LONG_SIDE = 320;

/** Sizes of cards whose asset has no aspect ratio, by card kind; anything else is square. */
const DEFAULT_SIZES: Record<string, Size> = {
  sticky_note: { width: 240, height: 240 },
  element: { width: 320, height: 240 },
  audio: { width: 320, height: 120 },
};
const SQUARE: Size = { width: LONG_SIDE, height: LONG_SIDE };

/** Width over height of a "16:9" ratio text, or null when it is not one. */
export function parseAspectRatio(text: string | null | undefined): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*[:x/]\s*(\d+(?:\.\d+)?)\s*$/.exec(text ?? "");
  const width = Number(match?.[1]);
  const height = Number(match?.[2]);
  return width > 0 && height > 0 ? width / height : null;
}

/** A card whose long side is LONG_SIDE and whose sides keep the ratio. */
export function sizeForRatio(ratio: number): Size {
  return ratio >= 1
    ? { width: LONG_SIDE, height: Math.round(LONG_SIDE / ratio) }
    : { width: Math.round(LONG_SIDE * ratio), height: LONG_SIDE };
}

/** The size for a card: from the asset's ratio when there is one, else the kind's default. */
export function naturalSize(assetType: string, ratio: number | null): Size {
  if (ratio !== null) return sizeForRatio(ratio);
  return DEFAULT_SIZES[assetType] ?? SQUARE;
}

/** The smallest rectangle holding every given one, or null for an empty canvas. */
export function boundingBox(rects: readonly Rect[]): Rect | null {
  if (rects.length === 0) return null;
  const minX = Math.min(...rects.map((rect) => rect.positionX));
  const minY = Math.min(...rects.map((rect) => rect.positionY));
  const maxX = Math.max(...rects.map((rect) => rect.positionX + rect.width));
  const maxY = Math.max(...rects.map((rect) => rect.positionY + rect.height));
  return { positionX: minX, positionY: minY, width: maxX - minX, height: maxY - minY };
}

/**
 * Where clear canvas starts: one gap to the right of everything occupied, level
 * with its top. Anything placed from there can not overlap what is there.
 */
export function clearOrigin(occupied: readonly Rect[]): Point {
  const box = boundingBox(occupied);
  if (!box) return { positionX: 0, positionY: 0 };
  return { positionX: box.positionX + box.width + GAP, positionY: box.positionY };
}

/** One card on clear canvas. */
export function placeOne(occupied: readonly Rect[], size: Size): Rect {
  return { ...clearOrigin(occupied), ...size };
}

/**
 * A batch as one block: a grid of near-square shape (ceil(sqrt(n)) columns) whose
 * cells fit the largest card, starting on clear canvas. Cards in the block do
 * not overlap one another or anything already occupied.
 */
export function placeBlock(occupied: readonly Rect[], sizes: readonly Size[]): Rect[] {
  const origin = clearOrigin(occupied);
  const columns = Math.max(1, Math.ceil(Math.sqrt(sizes.length)));
  const cellWidth = Math.max(0, ...sizes.map((size) => size.width));
  const cellHeight = Math.max(0, ...sizes.map((size) => size.height));
  return sizes.map((size, index) => ({
    positionX: origin.positionX + (index % columns) * (cellWidth + GAP),
    positionY: origin.positionY + Math.floor(index / columns) * (cellHeight + GAP),
    ...size,
  }));
}

import { PNG } from "pngjs";

// Brand-ish colours, so generated images differ by seed and look deliberate.
const PALETTE = [
  [47, 93, 58],
  [200, 100, 59],
  [217, 212, 204],
  [27, 31, 36],
  [242, 179, 61],
  [84, 130, 160],
] as const;

// Rendering and deflating a large PNG in JavaScript takes tens of milliseconds, and every download renders again
// (nothing is stored: render.ts). The picture depends only on the size and the seed's palette slot, so the last few
// are kept: a hundred downloads of generated images cost a handful of renders, not a hundred.
const RENDERED_KEPT = 16;
const rendered = new Map<string, Buffer>();

/** A real PNG of the given size: a diagonal gradient between two palette colours picked by `seed`. */
export function renderPng(width: number, height: number, seed: number): Buffer {
  const slot = ((seed % PALETTE.length) + PALETTE.length) % PALETTE.length;
  const key = `${width}x${height}:${slot}`;
  const kept = rendered.get(key);
  if (kept) {
    // Most recently used last, so the oldest is the first to go.
    rendered.delete(key);
    rendered.set(key, kept);
    return kept;
  }
  const bytes = drawPng(width, height, slot);
  rendered.set(key, bytes);
  if (rendered.size > RENDERED_KEPT) rendered.delete(rendered.keys().next().value as string);
  return bytes;
}

// pngjs's default filter tries all five PNG filters on every row and keeps the best: 4K renders took ~0.6 s, enough
// to time out a bot test on a busy CI machine. The Sub filter alone suits a smooth gradient (the file is 1.5 % larger)
// and writes about four times faster.
const SUB_FILTER = 1;

function drawPng(width: number, height: number, seed: number): Buffer {
  const png = new PNG({ width, height, filterType: SUB_FILTER });
  const from = PALETTE[seed % PALETTE.length] ?? PALETTE[0];
  const to = PALETTE[(seed + 2) % PALETTE.length] ?? PALETTE[1];
  const span = Math.max(1, width + height - 2);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const t = (x + y) / span;
      const offset = (y * width + x) * 4;
      png.data[offset] = Math.round(from[0] + (to[0] - from[0]) * t);
      png.data[offset + 1] = Math.round(from[1] + (to[1] - from[1]) * t);
      png.data[offset + 2] = Math.round(from[2] + (to[2] - from[2]) * t);
      png.data[offset + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

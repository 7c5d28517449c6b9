import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { renderPng } from "../src/media/png.js";

describe("generated PNGs", () => {
  it("decode to the asked size, a gradient from one palette colour to another", () => {
    const decoded = PNG.sync.read(renderPng(4096, 2304, 7));
    expect([decoded.width, decoded.height]).toEqual([4096, 2304]);
    const pixel = (x: number, y: number) => [...decoded.data.subarray((y * 4096 + x) * 4, (y * 4096 + x) * 4 + 4)];
    expect(pixel(0, 0)).toEqual([200, 100, 59, 255]);
    expect(pixel(4095, 2303)).toEqual([27, 31, 36, 255]);
  });

  it("give the same bytes for the same size and seed, and other colours for another seed", () => {
    expect(renderPng(64, 48, 3).equals(renderPng(64, 48, 3))).toBe(true);
    expect(renderPng(64, 48, 3).equals(renderPng(64, 48, 4))).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { parseRange } from "../src/server/range.js";

describe("byte ranges for media", () => {
  it("reads a start-end range, an open-ended one and a suffix", () => {
    expect(parseRange("bytes=0-3", 10)).toEqual({ start: 0, end: 3 });
    expect(parseRange("bytes=4-", 10)).toEqual({ start: 4, end: 9 });
    expect(parseRange("bytes=-3", 10)).toEqual({ start: 7, end: 9 });
    expect(parseRange("bytes=5-100", 10)).toEqual({ start: 5, end: 9 });
  });

  it("sends the whole file for no range, a malformed one or several ranges", () => {
    expect(parseRange(null, 10)).toBeUndefined();
    expect(parseRange("bytes=a-b", 10)).toBeUndefined();
    expect(parseRange("bytes=0-1,4-5", 10)).toBeUndefined();
  });

  it("refuses ranges outside the file", () => {
    expect(parseRange("bytes=10-", 10)).toBe("unsatisfiable");
    expect(parseRange("bytes=5-2", 10)).toBe("unsatisfiable");
    expect(parseRange("bytes=-0", 10)).toBe("unsatisfiable");
  });
});

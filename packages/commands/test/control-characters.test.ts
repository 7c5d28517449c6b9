import { describe, expect, it } from "vitest";
import { withoutControls } from "../src/index.js";

// Issue 42, point 3: one filter for what both apps show of a person's (or an API's) text.
describe("withoutControls", () => {
  it("drops escape sequences whole, C0/C1 controls and bidi overrides; keeps line breaks where asked", () => {
    expect(withoutControls("fox\u0000\u0007\u001b[31m\u202e\r\nred")).toBe("fox\nred");
    expect(withoutControls("fox\u0000\u0007\u001b[31m\u202e\r\nred", { newlines: false })).toBe("fox red");
    expect(withoutControls("title\u001b]0;pwned\u0007 here\u2066\u2069\u009b2J")).toBe("title here");
    expect(withoutControls("a\tb\u2028c")).toBe("a b\nc");
  });

  it("keeps what writers need: the direction marks, zero-width joiners, emoji, accents", () => {
    const text = "שלום\u200f abc \u200e مرحبا\u061c 👩‍👩‍👧 é";
    expect(withoutControls(text)).toBe(text);
  });
});

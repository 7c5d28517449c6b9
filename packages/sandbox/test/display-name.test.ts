import { describe, expect, it } from "vitest";
import { DISPLAY_NAME_MAX, displayNameOf } from "../src/generation/records.js";

// Issue 27, point 18: a generated asset's name (a board card's title) is its prompt, cut at a whole word.
describe("a generation's display name", () => {
  it("keeps a short prompt whole", () => {
    expect(displayNameOf("a red fox on snow", "Generated image")).toBe("a red fox on snow");
  });

  it("cuts a long prompt at the last whole word that fits, never mid-word, and says it was cut", () => {
    const prompt = "a lighthouse in fog at dawn, in the style of Acme Outdoor: plain-spoken, earthy colours";
    const name = displayNameOf(prompt, "Generated image");
    expect(name.length).toBeLessThanOrEqual(DISPLAY_NAME_MAX);
    expect(name).toBe("a lighthouse in fog at dawn, in the style of Acme Outdoor…");
    expect(prompt.startsWith(name.slice(0, -1))).toBe(true);
  });

  it("falls back when there is no prompt", () => {
    expect(displayNameOf("  ", "Generated image")).toBe("Generated image");
  });
});

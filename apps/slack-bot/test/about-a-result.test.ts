import { describe, expect, it } from "vitest";
import { readsAsAboutAResult } from "../src/intent/follow-up.js";
import { readText } from "../src/intent/read-text.js";
import { askMessage } from "../src/messages/ask.js";

// A message about an earlier result, written where its thread holds none (a new message in the bot's DM, which in
// the agent view roots a thread of its own), asks instead of drawing its own words: found trying the playground,
// where "put it on the Spring campaign board", "another one" and "make it better" in the DM each made (and charged
// for) an image of that sentence. Descriptions still generate.

const ABOUT_A_RESULT = [
  "put it on the Spring campaign board",
  "add this to Spring campaign",
  "another one",
  "one more",
  "again",
  "4 more",
  "animate it",
  "make it better",
  "make it more blue",
  "more blue",
  "without the boat",
  "at night",
  "darker",
  "can you make them wider?",
];

const DESCRIPTIONS = [
  "a red fox jumping over a frozen river at dawn",
  "in the style of Monet, a harbour at dawn with boats",
  "add a red kite in the sky over green hills",
  "a lighthouse at dusk, watercolour",
  "something cool",
  "blue",
  "a cat",
];

describe("a message about an earlier result where there is none", () => {
  it.each(ABOUT_A_RESULT)("reads %j as about an earlier result", (text) => {
    expect(readsAsAboutAResult(text)).toBe(true);
  });

  it.each(DESCRIPTIONS)("reads %j as a description, as before", (text) => {
    expect(readsAsAboutAResult(text)).toBe(false);
  });

  it("asks about it in a message, and never in /studio, which runs what was typed", () => {
    expect(readText("put it on the Spring campaign board", "mention", { noResultHere: true })).toMatchObject({
      kind: "ask",
      intent: { reason: "no-result" },
      text: "put it on the Spring campaign board",
    });
    expect(readText("<@U0SIMBOT1> another one", "mention", { noResultHere: true })).toMatchObject({
      kind: "ask",
      intent: { reason: "no-result" },
    });
    expect(readText("another one", "command", { noResultHere: true }).kind).toBe("command");
    // Files shared with the text (flows/references.ts) are read as before.
    expect(readText("another one", "mention").kind).toBe("command");
    expect(readText("a red fox jumping over a frozen river at dawn", "mention", { noResultHere: true }).kind).toBe(
      "command",
    );
  });

  it("says where to say it, offers the image of the words as a button, and no help page", () => {
    const reading = readText("make it <b>better</b>", "mention", { noResultHere: true });
    if (reading.kind !== "ask") throw new Error("expected an ask");
    const asked = askMessage({
      user: "U0ALICE",
      intent: reading.intent,
      text: reading.text,
      generate: { label: "Generate an image of 'make it better'", value: "{}" },
    });
    const json = JSON.stringify(asked.blocks);
    expect(json).toContain("reads as being about an earlier result, and there is none in this thread");
    expect(json).toContain("in the result's thread");
    // The person's text escaped, as everywhere.
    expect(json).toContain("make it &lt;b&gt;better&lt;/b&gt;");
    expect(json).not.toContain("<b>");
    expect(asked.blocks.filter((block) => block.type === "divider")).toEqual([]);
    expect(asked.text).toBe("Nothing was generated: say it in the result's thread, or describe a new image.");
  });
});

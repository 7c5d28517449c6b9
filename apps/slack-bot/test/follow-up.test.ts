import { describe, expect, it } from "vitest";
import { changedPrompt, type FollowUp, type ResultKind, readFollowUp } from "../src/intent/follow-up.js";

// Issue 39: a message in a result's thread is read against that result. One row per phrasing: what it reads as in
// the thread of an image (and, where it differs, of a video). docs/decisions/0025-a-thread-is-a-conversation.md
// says why each is read so.

const IMAGE_ROWS: [string, FollowUp][] = [
  // Changes: a new image from this one, its prompt changed by what was asked.
  ["make it more blue", { kind: "change", change: "more blue" }],
  ["Make it more blue please", { kind: "change", change: "more blue" }],
  ["can you make the sky darker?", { kind: "change", change: "darker" }],
  ["make them wider", { kind: "change", change: "wider" }],
  ["more blue", { kind: "change", change: "more blue" }],
  ["a bit less busy", { kind: "change", change: "a bit less busy" }],
  ["at night", { kind: "change", change: "at night" }],
  ["in the rain", { kind: "change", change: "in the rain" }],
  ["in the style of Hokusai", { kind: "change", change: "in the style of Hokusai" }],
  ["as a watercolor", { kind: "change", change: "as a watercolor" }],
  ["wider", { kind: "change", change: "wider" }],
  ["much darker", { kind: "change", change: "much darker" }],
  ["black and white", { kind: "change", change: "black and white" }],
  ["without the boat", { kind: "change", change: "without the boat" }],
  ["remove the boat", { kind: "change", change: "remove the boat" }],
  ["add a red kite in the sky", { kind: "change", change: "add a red kite in the sky" }],
  ["with a full moon", { kind: "change", change: "with a full moon" }],
  ["no people", { kind: "change", change: "no people" }],
  ["but warmer colors", { kind: "change", change: "warmer colors" }],
  ["now at sunset", { kind: "change", change: "at sunset" }],
  // Again: the same request, the same settings.
  ["again", { kind: "again" }],
  ["Again!", { kind: "again" }],
  ["another one", { kind: "again" }],
  ["one more", { kind: "again" }],
  ["more like this", { kind: "again" }],
  ["re-roll", { kind: "again" }],
  ["4 more", { kind: "again", count: 4 }],
  ["two more please", { kind: "again", count: 2 }],
  ["another 3", { kind: "again", count: 3 }],
  // Animate, a board, start over.
  ["animate it", { kind: "animate" }],
  ["as a video", { kind: "animate" }],
  ["turn it into a video", { kind: "animate" }],
  ["put it on Spring campaign", { kind: "board", title: "Spring campaign" }],
  ["add this to the Spring campaign board", { kind: "board", title: "Spring campaign" }],
  ['save it to "Q3 ideas"', { kind: "board", title: "Q3 ideas" }],
  ["start over with a red fox", { kind: "start-over", prompt: "a red fox" }],
  ["start over", { kind: "start-over" }],
  // Questions about it: answered from its record, nothing spent.
  ["what model made this?", { kind: "question", about: "model" }],
  ["which model was it", { kind: "question", about: "model" }],
  ["what did it cost?", { kind: "question", about: "cost" }],
  ["how many credits was that?", { kind: "question", about: "cost" }],
  ["what was the prompt?", { kind: "question", about: "prompt" }],
  ["what ratio is it?", { kind: "question", about: "settings" }],
  ["when was this made?", { kind: "question", about: "when" }],
  ["who made this?", { kind: "question", about: "who" }],
  ["what's the id?", { kind: "question", about: "id" }],
  ["what is this?", { kind: "question", about: "any" }],
  // NOT a change: a new, unrelated request runs as it would anywhere (a description, a command).
  ["a red fox jumping over a frozen river at dawn", { kind: "new" }],
  ["a tiger in a misty bamboo forest", { kind: "new" }],
  ["image a red fox on snow --count 2", { kind: "new" }],
  ["video waves on a rocky shore", { kind: "new" }],
  ["credits", { kind: "new" }],
  ["how do I make a video?", { kind: "new" }],
  ["the river at dawn with a heron", { kind: "new" }],
  ["", { kind: "new" }],
  // Could be either: asked with buttons, nothing spent.
  ["blue", { kind: "unclear", text: "blue" }],
  ["a cat", { kind: "unclear", text: "a cat" }],
  ["a paper boat", { kind: "unclear", text: "a paper boat" }],
  // Not words: read as anywhere else (an emoji alone asks there; nothing is offered as a change of the image).
  ["🙂", { kind: "new" }],
  ["<script>alert(1)</script>", { kind: "new" }],
];

const VIDEO_ROWS: [string, FollowUp][] = [
  // A video is not changed from its pixels, nor animated again: those texts are not read as such.
  ["make it more blue", { kind: "new" }],
  ["animate it", { kind: "unclear", text: "animate it" }],
  ["again", { kind: "again" }],
  ["what model made this?", { kind: "question", about: "model" }],
  ["put it on Spring campaign", { kind: "board", title: "Spring campaign" }],
];

describe("readFollowUp: a message in the thread of an image", () => {
  it.each(IMAGE_ROWS)("%j", (text, reading) => {
    expect(readFollowUp(text, "image")).toEqual(reading);
  });
});

describe("readFollowUp: a message in the thread of a video", () => {
  it.each(VIDEO_ROWS)("%j", (text, reading) => {
    expect(readFollowUp(text, "video" satisfies ResultKind)).toEqual(reading);
  });
});

describe("readFollowUp on odd text", () => {
  it("never throws and never reads a change from Slack markup alone", () => {
    for (const text of ["<@U0X>", "&lt;script&gt;", "🦊", "?", "make it", "more", "x".repeat(50_000), "\u0000"]) {
      expect(() => readFollowUp(text, "image")).not.toThrow();
    }
    expect(readFollowUp("make it", "image").kind).not.toBe("change");
  });
});

describe("changedPrompt", () => {
  it("says the change after the result's prompt, as it was asked", () => {
    expect(changedPrompt("a lighthouse at dusk", "more blue")).toBe("a lighthouse at dusk, more blue");
    expect(changedPrompt("a lighthouse at dusk.", "at night")).toBe("a lighthouse at dusk, at night");
    expect(changedPrompt("", "a fox")).toBe("a fox");
  });
});

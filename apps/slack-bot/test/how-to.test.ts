import { describe, expect, it } from "vitest";
import { emptyRequestTopic, howToTopic } from "../src/intent/how-to.js";
import { howToMessage } from "../src/messages/how-to.js";

// Issue 39: "how do I make a video?" gets that command and one example; "make an image" (nothing said of what) is
// asked what to make. One row per phrasing, the texts that are neither among them.

describe("howToTopic", () => {
  it.each([
    ["how do I make a video?", "video"],
    ["How can I make music for a demo", "music"],
    ["how to generate an image", "image"],
    ["how do we make a voiceover?", "voice"],
    ["how can I check my credits?", "credits"],
    ["how do I create a new board", "board"],
    ["how do I make a talking head?", "avatar"],
    ["is there a way to lip sync a video?", "lipsync"],
    ["how do I see my history?", "history"],
  ] as const)("%j is about %s", (text, word) => {
    expect(howToTopic(text)).toBe(word);
  });

  it.each([
    "can you make a video of a fox?",
    "a video of waves on a rocky shore",
    "what model made this?",
    "how are you?",
    "",
  ])("%j is not a how-to question", (text) => {
    expect(howToTopic(text)).toBeUndefined();
  });
});

describe("emptyRequestTopic", () => {
  it.each([
    ["make an image", "image"],
    ["Make a video!", "video"],
    ["create a song please", "music"],
    ["generate a picture", "image"],
    ["can you make a voiceover?", "voice"],
  ] as const)("%j names %s and nothing to make", (text, word) => {
    expect(emptyRequestTopic(text)).toBe(word);
  });

  it.each(["make an image of a red fox", "a video", "image", "make it more blue", "video waves on a shore"])(
    "%j says more (or is something else)",
    (text) => {
      expect(emptyRequestTopic(text)).toBeUndefined();
    },
  );
});

describe("howToMessage", () => {
  it("is a few lines: the command's usage, one example, where to read more", () => {
    const { blocks, text } = howToMessage("video");
    expect(text).toContain("/studio video waves on a rocky shore --duration 5");
    expect(blocks).toHaveLength(2);
    expect(JSON.stringify(blocks)).not.toContain("/studio music");
    expect(JSON.stringify(howToMessage("image", { ask: true }).blocks)).toContain("What should the image show?");
  });
});

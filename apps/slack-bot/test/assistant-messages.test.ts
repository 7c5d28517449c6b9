import { describe, expect, it } from "vitest";
import { readText } from "../src/intent/read-text.js";
import { parseCommand } from "../src/intent/slack-grammar.js";
import {
  assistantGreeting,
  assistantStatus,
  assistantTitle,
  SUGGESTED_PROMPTS,
  TITLE_MAX,
} from "../src/messages/assistant.js";
import type { JobRequest } from "../src/store/types.js";
import { expectValidMessage } from "./support/slack.js";

// What the bot says in the assistant view: prompts it understands as typed, titles and status lines within bounds.

const image = (text: string): JobRequest => {
  const parsed = parseCommand(`image ${text}`);
  if (!parsed.ok || parsed.command.kind !== "image") throw new Error(`not an image: ${text}`);
  return { kind: "image", command: parsed.command, pushTo: null, defaultBoard: null };
};

describe("the suggested prompts", () => {
  it("are at most four, and each runs what its title says when the bot reads it as typed", () => {
    expect(SUGGESTED_PROMPTS.length).toBeLessThanOrEqual(4);
    const kinds = SUGGESTED_PROMPTS.map((prompt) => {
      const reading = readText(prompt.message, "mention");
      if (reading.kind !== "command" || !reading.result.ok) throw new Error(`not a command: ${prompt.message}`);
      return reading.result.command.kind;
    });
    expect(kinds).toEqual(["image", "video", "credits", "boards"]);
  });
});

describe("the greeting", () => {
  it("is one valid message that names what to type", () => {
    const greeting = assistantGreeting("U0ALICE");
    expectValidMessage(greeting);
    expect(greeting.text).toContain("`video`");
    expect(assistantGreeting("<!channel>").text).not.toContain("<!channel>");
  });
});

describe("the thread's title", () => {
  it("starts as the result does and is cut short, on one line", () => {
    expect(assistantTitle(image("a lighthouse at dusk, watercolour"))).toBe("Image: a lighthouse at dusk, watercolour");
    expect(assistantTitle(image("a fox --count 2"))).toBe("Images: a fox");
    const long = assistantTitle(image(`a very\n\nlong ${"prompt ".repeat(40)}`));
    expect(long.length).toBe(TITLE_MAX);
    expect(long.endsWith("…")).toBe(true);
    expect(long).not.toContain("\n");
    expect(
      assistantTitle({
        kind: "image-edit",
        edit: "upscale",
        source: { id: "img_1", prompt: "a red fox", ratio: "1:1" },
        defaultBoard: null,
      }),
    ).toBe("Upscaled ×2 of a red fox");
    expect(
      assistantTitle({ kind: "video-format", videoId: "vid_1", ratio: "9:16", prompt: "waves", defaultBoard: null }),
    ).toBe("Vertical 9:16 version of waves");
  });
});

describe("a job's status line", () => {
  it("says the phase, and a whole percentage only once the studio reports one", () => {
    const request = image("a fox --count 2");
    expect(assistantStatus(request, "sending")).toBe("is sending your request for 2 images…");
    expect(assistantStatus(request, "queued")).toBe("is generating 2 images… (queued at the studio)");
    expect(assistantStatus(request, "running", 0)).toBe("is generating 2 images…");
    expect(assistantStatus(request, "running", 41.6)).toBe("is generating 2 images… 42%");
    expect(assistantStatus(request, "running", 250)).toBe("is generating 2 images… 100%");
    expect(assistantStatus(request, "running", Number.NaN)).toBe("is generating 2 images…");
  });
});

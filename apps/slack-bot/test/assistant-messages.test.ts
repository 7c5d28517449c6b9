import { describe, expect, it } from "vitest";
import { encodeChoice } from "../src/flows/ask-choice.js";
import { readText } from "../src/intent/read-text.js";
import { parseCommand } from "../src/intent/slack-grammar.js";
import {
  assistantGreeting,
  assistantStatus,
  assistantTitle,
  SUGGESTED_PROMPTS,
  TITLE_MAX,
} from "../src/messages/assistant.js";
import { PROMPT_QUESTIONS, promptQuestionMessage, promptQuestionOf } from "../src/messages/prompt-questions.js";
import type { JobRequest } from "../src/store/types.js";
import { expectValidMessage } from "./support/slack.js";

// What the bot says in the assistant view: prompts it understands as typed, titles and status lines within bounds.

const image = (text: string): JobRequest => {
  const parsed = parseCommand(`image ${text}`);
  if (!parsed.ok || parsed.command.kind !== "image") throw new Error(`not an image: ${text}`);
  return { kind: "image", command: parsed.command, pushTo: null, defaultBoard: null };
};

describe("the suggested prompts", () => {
  it("are at most four, and none spends: the two that make something ask, the others are only read", () => {
    expect(SUGGESTED_PROMPTS.length).toBeLessThanOrEqual(4);
    const answers = SUGGESTED_PROMPTS.map((prompt) => {
      const question = promptQuestionOf(prompt.message);
      if (question) return `asks: ${question.what}`;
      const reading = readText(prompt.message, "mention");
      if (reading.kind !== "command" || !reading.result.ok) throw new Error(`not a command: ${prompt.message}`);
      return reading.result.command.kind;
    });
    expect(answers).toEqual(["asks: image", "asks: video", "credits", "boards"]);
  });

  it("are matched as a person could type them too, and nothing else is", () => {
    expect(promptQuestionOf("  make a VIDEO! ")?.what).toBe("video");
    expect(promptQuestionOf("Make an image.")?.what).toBe("image");
    expect(promptQuestionOf("make an image of a fox")).toBeUndefined();
    expect(promptQuestionOf("video waves on a rocky shore --duration 5")).toBeUndefined();
  });

  it("ask with an example that is the generation its button makes, which fits a button from any thread", () => {
    for (const question of PROMPT_QUESTIONS) {
      const parsed = parseCommand(question.command);
      if (!parsed.ok) throw new Error(`not a command: ${question.command}`);
      expect(parsed.command.kind).toBe(question.what);
      // As typed in the thread, the example reads as the same command.
      const typed = readText(question.example, "mention");
      expect(typed.kind === "command" && typed.result.ok && typed.result.command).toEqual(parsed.command);
      const value = encodeChoice({
        user: "U0ALICE",
        origin: "assistant",
        threadTs: "1782000000.123456",
        text: question.command,
      });
      expect(value).toBeDefined();
      const answer = promptQuestionMessage(question, { cost: 20, value: value ?? "" });
      expectValidMessage(answer);
      expect(answer.text.startsWith(question.question)).toBe(true);
      expect(JSON.stringify(answer.blocks)).toContain(`(20 credits)`);
      expectValidMessage(promptQuestionMessage(question, { cost: null, value: value ?? "" }));
    }
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

describe("the thread's title of a prompt with markup", () => {
  it("is escaped after it is cut, so no entity is cut in half", () => {
    // Found in the playground: "Image: a &lt;b&gt;bold&lt;/b&gt; *fox* _in_ ~snow~ `code` &…" (an entity cut).
    const prompt = "a <b>bold</b> *fox* _in_ ~snow~ `code` <https://evil.example|click me> & friends";
    const title = assistantTitle(image(prompt));
    expect(title).toBe("Image: a &lt;b&gt;bold&lt;/b&gt; *fox* _in_ ~snow~ `code` &lt;https://evil…");
    // Every `&` starts one of Slack's three entities; nothing of the markup is left to act.
    expect(title).not.toMatch(/&(?!(?:lt|gt|amp);)/);
    expect(title).not.toMatch(/[<>]/);
    expect(assistantTitle(image("<!channel> a poster for the party"))).toBe(
      "Image: &lt;!channel&gt; a poster for the party",
    );
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

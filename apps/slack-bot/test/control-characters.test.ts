import { describe, expect, it } from "vitest";
import { escapeText, image, quote, slackImage } from "../src/messages/blocks.js";
import { textInput } from "../src/messages/modal-parts.js";

// Issue 42, point 3: the prompt of the probe, and what each field that escapes a person's text makes of it.
const PROMPT = "fox\u0000\u0007\u001b[31m\u202e\r\nred";
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const FORBIDDEN = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;

describe("a person's text with control characters and bidi overrides", () => {
  it("loses them in mrkdwn, keeping its line break", () => {
    expect(escapeText(PROMPT)).toBe("fox\nred");
  });

  it("loses them, and its line breaks, in a one-line quote", () => {
    expect(quote(`${PROMPT}\u0085and\u2028blue\tsky`, 100)).toBe("fox red and blue sky");
  });

  it("loses every bidi embedding, override and isolate, and C1 controls, but keeps the right-to-left mark", () => {
    const marks = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u0080\u009f\u007f";
    expect(escapeText(`a${marks}b`)).toBe("ab");
    // U+200F orders the neutral characters of Hebrew or Arabic text: ordinary writing, and it reverses nothing.
    expect(escapeText("שלום\u200f!")).toBe("שלום\u200f!");
  });

  it("drops a terminal's sequences whole: colours, cursor moves and an OSC title or link", () => {
    expect(escapeText("a\u001b[1;31mb\u001b[2Kc\u001b]0;owned\u0007d\u001b]8;;https://x.example\u001b\\e")).toBe(
      "abcde",
    );
  });

  it("loses them in an image's alt text and title, which stay one line", () => {
    for (const block of [image("https://x.example/a.png", PROMPT, PROMPT), slackImage("F1", PROMPT, PROMPT)]) {
      expect(block.alt_text).toBe("fox red");
      expect((block.title as { text: string }).text).toBe("fox red");
      expect(JSON.stringify(block)).not.toMatch(/\\u00|\\u20/);
      expect(FORBIDDEN.test(String(block.alt_text))).toBe(false);
    }
  });

  it("keeps what was escaped before: mentions stay inert", () => {
    expect(escapeText("<!channel> & <@U1>\u202e")).toBe("&lt;!channel&gt; &amp; &lt;@U1&gt;");
  });

  it("loses them in a modal's text input that gives the prompt back to edit, keeping its line break", () => {
    const input = textInput({ block: "prompt", label: "Prompt", initial: PROMPT });
    expect((input.element as { initial_value?: string }).initial_value).toBe("fox\nred");
  });
});

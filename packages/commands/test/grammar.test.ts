import { describe, expect, it } from "vitest";
import {
  COMMAND_WORDS,
  DESCRIPTIONS,
  description,
  emptyPromptError,
  FLAGS,
  generationCommand,
  parseCommand,
  readNumber,
  usage,
} from "../src/index.js";

describe("usage", () => {
  it("lists every flag of a generation command after the invocation", () => {
    expect(usage("image", "/studio")).toBe(
      '/studio image <prompt> [--ratio W:H] [--count 1-4] [--model id] [--quality q] [--resolution res] [--preset slug]… [--board "title"] [--ref id]… [--from image-id] [--brand]',
    );
    expect(usage("music", "studio")).toBe(
      'studio music <prompt> [--instrumental] [--lyrics "..."] [--min-duration seconds] [--max-duration seconds]',
    );
  });

  it("names the invocation in every line of a command with two forms", () => {
    expect(usage("board", "studio")).toBe('studio board new "title"  ·  studio board use "title"');
  });

  it("starts with the caller's invocation for every command word", () => {
    for (const word of COMMAND_WORDS) {
      expect(usage(word, "studio").startsWith(`studio ${word}`)).toBe(true);
      expect(usage(word, "/studio").startsWith(`/studio ${word}`)).toBe(true);
    }
  });
});

describe("descriptions", () => {
  it("name no app, so a terminal can show them as they are", () => {
    for (const word of COMMAND_WORDS) expect(DESCRIPTIONS[word]).not.toMatch(/studio/);
  });

  it("add the image default with the invocation for apps that read whole texts", () => {
    expect(description("image", "/studio")).toBe(
      "Generate images (the default: `/studio a lighthouse at dusk` works too)",
    );
    expect(description("video", "/studio")).toBe(DESCRIPTIONS.video);
  });
});

describe("readNumber", () => {
  it.each([
    ["duration", "5", 5],
    ["duration", "5s", 5],
    ["duration", " 12S ", 12],
    ["count", "007", 7],
  ])("reads --%s %j as %i", (flag, text, expected) => {
    expect(readNumber(flag, text)).toBe(expected);
  });

  it.each([
    ["count", "two", "`--count` takes a whole number, such as `--count 2` (got `two`)."],
    ["duration", "-1", "`--duration` takes a whole number, such as `--duration 10` (got `-1`)."],
    ["duration", "2.5", "`--duration` takes a whole number, such as `--duration 10` (got `2.5`)."],
  ])("refuses --%s %j with the parser's words", (flag, text, message) => {
    expect(readNumber(flag, text)).toBe(message);
    const command = flag === "count" ? "image a fox" : "video waves";
    const parsed = parseCommand(`${command} --${flag} ${text}`, { invocation: "studio" });
    expect(parsed).toMatchObject({ ok: false, code: "not_a_number", message });
  });

  it("quotes a long value back cut short", () => {
    const message = readNumber("count", "9".repeat(30) + "x".repeat(5000));
    expect(typeof message).toBe("string");
    expect(String(message).length).toBeLessThan(120);
  });
});

describe("generationCommand", () => {
  it("builds the command the parser builds from the same values", () => {
    const values = { ratio: ["16:9"], count: ["2"], preset: ["golden-hour", "film-grain-35mm"], board: ["Launch"] };
    const built = generationCommand("image", "a fox", values);
    expect(built).toEqual({
      kind: "image",
      prompt: "a fox",
      ratio: "16:9",
      count: 2,
      presets: ["golden-hour", "film-grain-35mm"],
      board: "Launch",
    });
    const text = 'image a fox --ratio 16:9 --count 2 --preset golden-hour --preset film-grain-35mm --board "Launch"';
    expect(parseCommand(text, { invocation: "studio" })).toEqual({ ok: true, command: built });
  });

  it("turns a switch on when present and leaves it off when absent", () => {
    expect(generationCommand("video", "waves", { audio: ["true"], duration: ["5"] })).toEqual({
      kind: "video",
      prompt: "waves",
      duration: 5,
      audio: true,
      presets: [],
    });
    expect(generationCommand("music", "folk", { "min-duration": ["10"] })).toEqual({
      kind: "music",
      prompt: "folk",
      instrumental: false,
      minDuration: 10,
    });
  });

  it("puts a voice command's prompt in its script", () => {
    expect(generationCommand("voice", "Hello there.", { voice: ["voice-narrate-1"] })).toEqual({
      kind: "voice",
      script: "Hello there.",
      voice: "voice-narrate-1",
    });
  });

  it("reads every flag of FLAGS into the command", () => {
    // A flag added to the table but not to the builder would be accepted and then silently dropped.
    for (const kind of ["image", "video", "music", "voice"] as const) {
      const values = Object.fromEntries(
        Object.entries(FLAGS[kind]).map(([name, spec]) => [name, [spec.kind === "text" ? `v-${name}` : "7"]]),
      );
      const built = generationCommand(kind, "p", values);
      const set = Object.values(built).filter((value) => value !== false && value !== undefined);
      // kind, prompt/script, and one value per flag (a repeatable flag's list counts once).
      expect(set.length, kind).toBe(2 + Object.keys(FLAGS[kind]).length);
    }
  });
});

describe("emptyPromptError", () => {
  it("gives the parser's error with an example named as the app is invoked", () => {
    const error = emptyPromptError("voice", { invocation: "studio" });
    expect(error).toEqual(parseCommand("voice", { invocation: "studio" }));
    expect(error.message).toBe(
      "`voice` needs a script to read, such as `studio voice Welcome to the spring collection.`.",
    );
  });
});

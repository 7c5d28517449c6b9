import { describe, expect, it } from "vitest";
import { parseCommand } from "../src/index.js";

// A terminal's invocation: every text that says what to type must name it, never the bot's `/studio`.
const invocation = "studio";

const command = (text: string) => {
  const result = parseCommand(text, { invocation });
  if (!result.ok) throw new Error(`expected a command, got ${result.code}: ${result.message}`);
  return result.command;
};
const error = (text: string) => {
  const result = parseCommand(text, { invocation });
  if (result.ok) throw new Error(`expected an error, got ${JSON.stringify(result.command)}`);
  return result;
};

describe("parseCommand: image", () => {
  it("reads text that does not start with a command word as an image prompt", () => {
    expect(command("a lighthouse at dusk")).toEqual({ kind: "image", prompt: "a lighthouse at dusk", presets: [] });
  });

  it("reads every image flag, anywhere in the text", () => {
    expect(
      command(
        'image --ratio 16:9 a fox --count 2 --model img-prism-xl --quality high --resolution 2K --preset golden-hour --preset film-grain-35mm --board "Spring campaign"',
      ),
    ).toEqual({
      kind: "image",
      prompt: "a fox",
      ratio: "16:9",
      count: 2,
      model: "img-prism-xl",
      quality: "high",
      resolution: "2K",
      presets: ["golden-hour", "film-grain-35mm"],
      board: "Spring campaign",
    });
  });

  it("accepts --flag=value, also quoted", () => {
    expect(command('image a fox --count=3 --board="Trail boot launch"')).toMatchObject({
      count: 3,
      board: "Trail boot launch",
    });
  });

  it("reads the command word in any case", () => {
    expect(command("IMAGE a fox")).toMatchObject({ kind: "image", prompt: "a fox" });
  });

  it("keeps a quoted first word as prompt text, so a prompt may start with a command word", () => {
    expect(command('"video" of a cat')).toEqual({ kind: "image", prompt: "video of a cat", presets: [] });
  });
});

describe("parseCommand: quoting", () => {
  it.each([
    ['--board "Spring campaign"', "Spring campaign"],
    ["--board 'Spring campaign'", "Spring campaign"],
    ["--board “Spring campaign”", "Spring campaign"],
    ["--board ‘Spring campaign’", "Spring campaign"],
    ['--board "it\'s mine"', "it's mine"],
  ])("reads %s", (flag, title) => {
    expect(command(`image a fox ${flag}`)).toMatchObject({ board: title });
  });

  it("keeps apostrophes inside words", () => {
    expect(command("don't panic it's fine")).toMatchObject({ prompt: "don't panic it's fine" });
  });

  it("runs an unclosed quote to the end of the text", () => {
    expect(command('image a fox --board "Spring camp')).toMatchObject({ board: "Spring camp" });
  });

  it("reads a quoted --word as prompt text, not a flag", () => {
    expect(command('image "--ratio" sign')).toMatchObject({ prompt: "--ratio sign" });
  });

  it("reads an em dash from smart punctuation as --", () => {
    expect(command("image a fox —ratio 1:1 –count 2")).toMatchObject({ ratio: "1:1", count: 2 });
  });

  it("reads the text as typed, leaving unescaping to the app whose platform escapes it", () => {
    expect(command("image salt & pepper <3 &amp;")).toMatchObject({ prompt: "salt & pepper <3 &amp;" });
  });
});

describe("parseCommand: video, music, voice", () => {
  it("reads video flags, with --audio as a switch and 5s as 5 seconds", () => {
    expect(
      command(
        "video waves --ratio 9:16 --duration 5s --model vid-tide-1 --resolution 720p --audio --preset drone-orbit --board Launch",
      ),
    ).toEqual({
      kind: "video",
      prompt: "waves",
      ratio: "9:16",
      duration: 5,
      model: "vid-tide-1",
      resolution: "720p",
      audio: true,
      presets: ["drone-orbit"],
      board: "Launch",
    });
  });

  it("defaults video audio to off", () => {
    expect(command("video waves")).toEqual({ kind: "video", prompt: "waves", audio: false, presets: [] });
  });

  it("reads music flags", () => {
    expect(command('music upbeat folk --lyrics "la la la" --min-duration 10 --max-duration 30')).toEqual({
      kind: "music",
      prompt: "upbeat folk",
      instrumental: false,
      lyrics: "la la la",
      minDuration: 10,
      maxDuration: 30,
    });
    expect(command("music calm piano --instrumental")).toMatchObject({ instrumental: true });
  });

  it("reads a voice script with its voice and language", () => {
    expect(command("voice Welcome to spring. --voice voice-narrate-1 --language en")).toEqual({
      kind: "voice",
      script: "Welcome to spring.",
      voice: "voice-narrate-1",
      language: "en",
    });
  });
});

describe("parseCommand: other commands", () => {
  it.each([
    ["credits", { kind: "credits" }],
    ["boards", { kind: "boards" }],
    ['board new "Spring campaign"', { kind: "board-new", title: "Spring campaign" }],
    ["board use Trail boot launch", { kind: "board-use", title: "Trail boot launch" }],
    ["assets red tent", { kind: "assets", term: "red tent" }],
    ["models", { kind: "models" }],
    ["models Video", { kind: "models", role: "video" }],
    ["presets", { kind: "presets" }],
    ["presets light", { kind: "presets", query: "light" }],
    ["help", { kind: "help" }],
    ["help video", { kind: "help", topic: "video" }],
    ["show img_3f9a", { kind: "show", id: "img_3f9a" }],
    ["show  job-2c1e.7  ", { kind: "show", id: "job-2c1e.7" }],
    ["", { kind: "help" }],
    ["   ", { kind: "help" }],
  ])("reads %j", (text, expected) => {
    expect(command(text)).toEqual(expected);
  });
});

describe("parseCommand: errors say what to type instead", () => {
  it.each([
    ["image a fox --colour red", "unknown_flag", "--ratio"],
    ["image a fox --ratio", "missing_value", "--ratio W:H"],
    ["image a fox --ratio --count 2", "missing_value", "--ratio"],
    ["image a fox --board ''", "missing_value", "--board"],
    ["image a fox --count 1 --count 2", "repeated_flag", "once"],
    ["video waves --audio --audio", "repeated_flag", "once"],
    ["video waves --audio=yes", "flag_takes_no_value", "switch"],
    ["image a fox --count two", "not_a_number", "--count 2"],
    ["image a fox --count -1", "not_a_number", "whole number"],
    ["image", "empty_prompt", "`studio image a lighthouse at dusk --ratio 16:9`"],
    ["image --ratio 1:1", "empty_prompt", "prompt"],
    ["voice --voice voice-lumen-2", "empty_prompt", "script"],
    ["credits please", "unexpected_argument", "type `studio credits`"],
    ["board", "missing_argument", "new"],
    ["board rename x", "unexpected_argument", "type `studio boards`"],
    ["board new", "missing_argument", '`studio board new "Spring campaign"`'],
    ["assets", "missing_argument", "`studio assets tent`"],
    ["models spaceships", "unexpected_argument", "image, video"],
    ["assets tent --type image", "unknown_flag", "no options"],
    ["show", "missing_argument", "`studio show img_3f9a`"],
    ["show img_1 img_2", "unexpected_argument", "takes one id"],
    ["show me a fox on a hill", "unexpected_argument", "For an image, type `studio image show me a fox on a hill`"],
    ["show img_1 --count 2", "unknown_flag", "no options"],
  ])("%j → %s", (text, code, hint) => {
    const result = error(text);
    expect(result.code).toBe(code);
    expect(result.message).toContain(hint);
    expect(result.usage.startsWith(`${invocation} `)).toBe(true);
    expect(result.usage).not.toContain("/studio");
  });

  it("attaches the command's usage", () => {
    expect(error("video waves --count 2").usage).toContain("--duration");
  });

  it("cuts long user text short when quoting it back", () => {
    expect(error(`image a fox --${"x".repeat(5000)}`).message.length).toBeLessThan(300);
  });

  // Issue 42: mrkdwn has no escape for a backtick inside a code span, so one the person typed closed the span the
  // message quotes it in, and the rest of their words (and of the message) read as formatting.
  it.each([
    ["show ```x```", "(got `ˋˋˋxˋˋˋ`)"],
    ["show a`b", "(got `aˋb`)"],
    ["credits `now`", "(got `ˋnowˋ`)"],
    ["image a fox --`x` 2", "no option `--ˋxˋ`"],
  ])("quotes %j back with its backticks inert, every code span closed where the message closes it", (text, shown) => {
    const { message } = error(text);
    expect(message).toContain(shown);
    // The message's own backticks pair up around non-empty spans: none is left over, none is doubled.
    expect(message.replace(/`[^`]+`/g, "")).not.toContain("`");
  });
});

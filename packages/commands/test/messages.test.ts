// Every message the grammar and the checks can show, scanned for a sentence that ends twice ("settings..."): the
// messages interpolate text that may already end with a full stop (a prompt, a flag's value, a preset's slug, a
// brand's name), so each is made here with such text in every place a person's words can go.

import { loadStudioData, type StudioData } from "@studio-kit/test-support";
import { beforeAll, describe, expect, it } from "vitest";
import {
  brandProblemText,
  COMMAND_WORDS,
  checkOptions,
  checkRatio,
  emptyPromptError,
  GENERATION_WORDS,
  parseCommand,
  readNumber,
  usage,
} from "../src/index.js";

/** A full stop doubled (`..`), not an ellipsis (`...`). */
const DOUBLED_STOP = /(?<!\.)\.\.(?!\.)/;

let studio: StudioData;
beforeAll(async () => {
  studio = await loadStudioData();
});

// A person's words in every place the parser and the checks quote them, each ending with a full stop.
const TEXTS = [
  ...COMMAND_WORDS.flatMap((word) => [`${word}`, `${word} x.`, `${word} new.`, `${word} --bogus.`]),
  "board new.",
  "board use.",
  "history 99.",
  "models sculpture.",
  "image a fox.",
  "image a fox --count two.",
  "image a fox --count 9.",
  "image a fox --count 99999999999999999999",
  "image a fox --count",
  "image a fox --ratio 9:1.",
  "image a fox --ratio 99:1",
  "image a fox --ratio 64:36",
  "image a fox --model nope.",
  "image a fox --model img-prism-xl --quality best.",
  "image a fox --resolution 9K.",
  "image a fox --preset nope.",
  "image a fox --preset slow-shutter",
  "image a fox --preset golden-hour --preset neon-night --preset film.",
  "image a fox --ref a. --ref b. --ref c. --ref d. --ref e. --ref f. --ref g.",
  "image a fox --brand=yes.",
  "image a fox --count 2 --count 3",
  "video waves. --duration 7",
  "video waves --duration 7s.",
  "video waves --duration 9999",
  "video waves --model nope.",
  "video waves --from a. --end b. --model vid-tide-1",
  "video waves --preset golden-hour",
  "music piano. --min-duration 500 --max-duration 501",
  "music piano --min-duration 0",
  "music piano --lyrics la. --instrumental",
  "voice Hello there. --voice nope.",
  "voice Hello there. --language xx.",
  "avatar Hello. --image img. --voice nope.",
  "lipsync Hello. --audio aud.",
  "lipsync --video vid.",
  "lipsync Hello. --video vid. --voice nope.",
];

describe("no message ends a sentence twice", () => {
  it("parse errors and their usage, for every command and text above", () => {
    const seen: string[] = [];
    for (const text of TEXTS) {
      const parsed = parseCommand(text, { invocation: "/studio" });
      if (parsed.ok) continue;
      seen.push(parsed.message, parsed.usage);
    }
    expect(seen.length).toBeGreaterThan(20);
    expect(seen.filter((message) => DOUBLED_STOP.test(message))).toEqual([]);
  });

  it("option problems against the catalog, for every text above that parses", () => {
    const seen: string[] = [];
    for (const text of TEXTS) {
      const parsed = parseCommand(text, { invocation: "studio" });
      if (!parsed.ok) continue;
      const checked = checkOptions(parsed.command, studio.catalog, studio.presets, { invocation: "studio" });
      if (checked.ok) continue;
      for (const problem of checked.problems) {
        seen.push(
          problem.message,
          problem.help ?? "",
          `${problem.validIntro ?? "Valid:"} ${problem.valid.join(", ")}.`,
        );
      }
    }
    expect(seen.length).toBeGreaterThan(10);
    expect(seen.filter((message) => DOUBLED_STOP.test(message))).toEqual([]);
  });

  it("the other texts: usage lines, empty prompts, numbers, ratios and the brand's refusals", () => {
    const seen = [
      ...COMMAND_WORDS.map((word) => usage(word, "studio")),
      ...GENERATION_WORDS.map((word) => emptyPromptError(word, { invocation: "studio" }).message),
      ...["two.", "5.", "1e3", "99999999999999999999"].map((text) => String(readNumber("count", text))),
      ...["1:1.", "9:1.", "64:36.", "0:1."].map((text) => {
        const checked = checkRatio(text);
        return checked.ok ? "" : checked.reason;
      }),
      ...(["missing", "not-configured", "empty"] as const).map((problem) =>
        brandProblemText(
          { ok: false, problem, profile: { name: "Acme Inc.", tone: "Plain.", status: "DRAFT" } } as never,
          { invocation: "studio" },
        ),
      ),
    ];
    expect(seen.filter((message) => DOUBLED_STOP.test(message))).toEqual([]);
  });
});

describe("a number too large to hold", () => {
  it("is refused as typed, not echoed rounded (99999999999999999999 is not 100000000000000000000)", () => {
    const read = readNumber("count", "99999999999999999999");
    expect(read).toBe(
      "`--count 99999999999999999999` is too large: `--count` takes a whole number, such as `--count 2`.",
    );
    const parsed = parseCommand("image a fox --count 99999999999999999999", { invocation: "/studio" });
    expect(parsed).toMatchObject({ ok: false, code: "not_a_number" });
    expect(parsed.ok ? "" : parsed.message).not.toContain("100000000000000000000");
  });

  it("reads the largest whole number a double holds exactly, and checkOptions echoes it as typed", () => {
    expect(readNumber("count", "9007199254740991")).toBe(9007199254740991);
    expect(readNumber("duration", "9007199254740992s")).toContain("`--duration 9007199254740992s` is too large");
    const parsed = parseCommand("image a fox --count 9007199254740991", { invocation: "studio" });
    if (!parsed.ok) throw new Error(parsed.message);
    const checked = checkOptions(parsed.command, studio.catalog, studio.presets, { invocation: "studio" });
    expect(checked.ok ? [] : checked.problems.map((problem) => problem.message)).toContain(
      "`--count` is from 1 to 4 images per request (got 9007199254740991).",
    );
  });
});

import { COMMAND_WORDS } from "@studio-kit/commands";
import { describe, expect, it } from "vitest";
import { decideIntent, parseCommand, readText } from "../src/index.js";
import { prng } from "./support/prng.js";

// The intent rule's done-when: 10,000 seeded random texts built from what people type (command words and their
// typos, greetings, question words, prompt words, flags, punctuation, emoji, scripts, Slack markup, very long
// runs). For each one, the decision is ONE value (generate, or ask with one reason), the same every time; an ask
// offers only what was asked about; and "Generate an image of ..." runs exactly the image the bare prompt would
// have run. No generation can happen on an ask: the flow (flows/ask.ts) posts no progress; fuzz-dispatch.test.ts
// checks that through the whole dispatch.

const SEED = 20260216;
const TEXTS = 10_000;

const COMMANDS = COMMAND_WORDS;
const TALK = ["hi", "hello", "hey", "there", "thanks", "thank", "you", "good", "morning", "ok", "studio", "please"];
const QUESTION = ["what", "how", "why", "who's", "can", "could", "do", "is", "are", "me", "i", "much", "a", "?"];
const PROMPT = [
  "a",
  "red",
  "fox",
  "on",
  "snow",
  "card",
  "of",
  "the",
  "sea",
  "box",
  "game",
  "ship",
  "boat",
  "new",
  "use",
];
const MARKS = ["!", ":", ",", "?", "?!", ".", "/", "¿", "…", "'", '"', "“", "”", "-", "--"];
const FLAGS = [
  "--count",
  "2",
  "--ratio",
  "16:9",
  "--audio",
  "--instrumental",
  "--board",
  '"Launch"',
  "--x",
  "--count=3",
];
const UNICODE = ["🦊", "🙏", "猫", "日本語", "שלום", "é", "\u0301", "\u200b", "\u200d", "\ufe0f", "\ud83d", "\t", "\n"];
const SLACK = ["<@U0SIMBOT1>", "<!channel>", "&lt;", "&gt;", "&amp;", "<https://x.test|x>", "`", "*"];

/** A command word with one random edit (a swap, a missing, an extra or a wrong letter), or its start. */
function typo(random: () => number, word: string): string {
  const at = Math.floor(random() * word.length);
  const letter = String.fromCharCode(97 + Math.floor(random() * 26));
  switch (Math.floor(random() * 5)) {
    case 0:
      return at + 1 < word.length ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2) : word;
    case 1:
      return word.slice(0, at) + word.slice(at + 1);
    case 2:
      return word.slice(0, at) + letter + word.slice(at);
    case 3:
      return word.slice(0, at) + letter + word.slice(at + 1);
    default:
      return word.slice(0, Math.max(3, at));
  }
}

function randomText(random: () => number): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const roll = random();
  if (roll < 0.02) return "";
  // Now and then a long text: a pasted brief, or one enormous run (the test below takes the longest ones).
  if (roll < 0.025) return ` ${pick(UNICODE)} `.repeat(1 + Math.floor(random() * 3000));
  if (roll < 0.03)
    return `${pick([...TALK, ...QUESTION, ...PROMPT])}${pick(MARKS).repeat(1 + Math.floor(random() * 3000))}`;
  const parts: string[] = [];
  const first = random();
  if (first < 0.35) parts.push(typo(random, pick(COMMANDS)));
  else if (first < 0.45) parts.push(pick(COMMANDS).toUpperCase() + (random() < 0.5 ? pick(MARKS) : ""));
  else if (first < 0.6) parts.push(pick(TALK));
  else if (first < 0.75) parts.push(pick(QUESTION));
  const count = Math.floor(random() * 8);
  for (let i = 0; i < count; i++) {
    const kind = random();
    if (kind < 0.4) parts.push(pick(PROMPT));
    else if (kind < 0.55) parts.push(pick([...TALK, ...QUESTION]));
    else if (kind < 0.7) parts.push(pick(FLAGS));
    else if (kind < 0.8) parts.push(pick(MARKS));
    else if (kind < 0.88) parts.push(pick(UNICODE));
    else if (kind < 0.94) parts.push(pick(SLACK));
    else parts.push(String.fromCharCode(Math.floor(random() * 0xffff)));
  }
  return parts.join(random() < 0.15 ? "" : " ");
}

const REASONS = new Set(["command", "question", "greeting", "too-short", "slash"]);
const MATCHES = new Set(["exact", "typo", "prefix", "mentioned"]);

describe(`fuzz: ${TEXTS.toLocaleString("en")} random texts through the intent rule (seed ${SEED})`, () => {
  it("gives one decision per text, the same every time; an ask never carries a generation", () => {
    const random = prng(SEED);
    const counts: Record<string, number> = {};
    for (let i = 0; i < TEXTS; i++) {
      const text = randomText(random);
      const context = `text #${i}: ${JSON.stringify(text.slice(0, 200))}`;
      const intent = decideIntent(text);
      expect(decideIntent(text), context).toEqual(intent);
      if (intent.action === "generate") {
        // Nothing else rides along: a generate decision carries no reason and no command to offer.
        expect(Object.keys(intent), context).toEqual(["action"]);
      } else {
        expect(intent.action, context).toBe("ask");
        expect(REASONS.has(intent.reason), context).toBe(true);
        if (intent.likely) {
          expect(MATCHES.has(intent.likely.match), context).toBe(true);
          // The command itself, its usage ("help image": nothing to generate from), or the list of boards.
          const { word, text: runs } = intent.likely;
          const [head, topic] = runs.split(" ");
          expect(head === word || (head === "help" && topic === word) || runs === `${word}s`, context).toBe(true);
        }
        // Only a text's first word names a likely command, unless a question mentions one.
        if (intent.reason !== "command" && intent.reason !== "question") expect(intent.likely, context).toBeUndefined();
      }
      counts[intent.action === "ask" ? intent.reason : "generate"] =
        (counts[intent.action === "ask" ? intent.reason : "generate"] ?? 0) + 1;

      const reading = readText(text);
      const parsed = parseCommand(text);
      if (reading.kind === "ask") {
        // Asked only about a bare image prompt the rule asks about, and never at the same time as a command.
        expect(intent.action, context).toBe("ask");
        expect(parsed.ok && parsed.command.kind, context).toBe("image");
        // "Generate an image of ..." runs exactly what the bare prompt would have run.
        expect(parseCommand(`image ${reading.text}`), context).toEqual(parsed);
      } else {
        expect(reading.result, context).toEqual(parsed);
      }
    }
    console.info("intent fuzz decisions", counts);
    // Every side of the rule was exercised.
    for (const side of ["generate", "command", "question", "greeting", "too-short"]) {
      expect(counts[side] ?? 0, side).toBeGreaterThan(100);
    }
  });

  it("decides a 40,000-character text quickly (no regex goes quadratic on long runs)", () => {
    for (const text of [
      `a${" ".repeat(40_000)}b?`,
      `what${"!".repeat(40_000)}`,
      `${"'".repeat(40_000)}x`,
      `imgae ${"🦊".repeat(20_000)}`,
      "hi ".repeat(13_000),
    ]) {
      const started = performance.now();
      decideIntent(text);
      readText(text);
      expect(performance.now() - started, JSON.stringify(text.slice(0, 20))).toBeLessThan(500);
    }
  });
});

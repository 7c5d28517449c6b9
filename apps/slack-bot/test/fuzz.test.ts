import { loadStudioData, type StudioData } from "@studio-kit/test-support";
import { beforeAll, describe, expect, it } from "vitest";
import { checkOptions, invalidOptionsMessage, parseCommand, parseMention, replyFor } from "../src/index.js";
import { prng } from "./support/prng.js";
import { expectValidMessage } from "./support/slack.js";

const WORDS = ["image", "video", "music", "voice", "credits", "boards", "board", "new", "use", "assets", "models"];
const MORE = ["presets", "help", "a", "lighthouse", "fox", "IMAGE", "Video", "don't", "it's", "16:9", "2", "-1", "0"];
const FLAGS = ["--ratio", "--count", "--model", "--quality", "--resolution", "--preset", "--board", "--duration"];
const MORE_FLAGS = ["--audio", "--instrumental", "--lyrics", "--min-duration", "--max-duration", "--voice"];
const ODD = ["--language", "--", "---", "--x", "—ratio", "–count", "--count=", "--board=", "--audio=1", "-", "="];
const QUOTES = ['"', "'", "“", "”", "‘", "’", "„", "«", "»"];
const UNICODE = ["🦊", "👩‍👩‍👧", "\u0301", "שלום", "日本語", "\u200b", "\ud83d", "\udca9", "\u0000", "\t", "\n", "🏳️‍🌈"];
const SLACK = ["<@U0SIMBOT1>", "<!channel>", "<!here>", "&amp;", "&lt;", "&gt;", "<https://x.test|x>", "*bold*", "`c`"];
const PIECES = [...WORDS, ...MORE, ...FLAGS, ...MORE_FLAGS, ...ODD, ...QUOTES, ...UNICODE, ...SLACK];

function randomText(random: () => number): string {
  const roll = random();
  if (roll < 0.02) return "";
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  // Now and then a very long text: a pasted brief, or one enormous word.
  if (roll < 0.05) return `${pick(WORDS)} ${pick(PIECES).repeat(1 + Math.floor(random() * 3000))}`;
  if (roll < 0.08) return Array.from({ length: 400 }, () => pick(PIECES)).join(" ");
  const count = Math.floor(random() * 12);
  let text = "";
  for (let i = 0; i < count; i++) {
    const piece = random() < 0.1 ? String.fromCharCode(Math.floor(random() * 0xffff)) : pick(PIECES);
    text += random() < 0.15 ? piece : ` ${piece}`;
  }
  return text;
}

let studio: StudioData;
beforeAll(async () => {
  studio = await loadStudioData();
});

describe("fuzz: 10,000 random command texts (seed 20260107)", () => {
  it("never throw, always give a command or a user message, and every reply fits Slack's limits", () => {
    const random = prng(20260107);
    const counts = { commands: 0, errors: 0 };
    for (let i = 0; i < 10_000; i++) {
      const text = randomText(random);
      const context = `text #${i}: ${JSON.stringify(text.slice(0, 200))}`;
      const result = i % 2 ? parseCommand(text) : parseMention(`<@U0SIMBOT1> ${text}`);
      if (result.ok) {
        counts.commands++;
        expect(result.command.kind, context).toBeTypeOf("string");
        const checked = checkOptions(result.command, studio.catalog, studio.presets);
        if (!checked.ok) expectValidMessage(invalidOptionsMessage(checked.problems));
      } else {
        counts.errors++;
        // "unreadable" only comes from the parser's safety net: reaching it means something threw inside.
        expect(result.code, context).not.toBe("unreadable");
        expect(result.message.trim().length, context).toBeGreaterThan(0);
        expect(result.usage.length, context).toBeGreaterThan(0);
      }
      expectValidMessage(replyFor(result, "U0ALICE"));
    }
    // Both paths were exercised, not just one.
    expect(counts.commands).toBeGreaterThan(1000);
    expect(counts.errors).toBeGreaterThan(1000);
  });
});

// Issue 27, point 14: every emoji shortcode the bot can send renders as an emoji in the page, not as `:name:`.
// The shortcodes are found by scanning the bot's source (apps/slack-bot/src), so one added there later fails this
// test until web/render/emoji.ts knows it.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { textOf, type VNode } from "../web/dom/vnode.js";
import type { TextContext } from "../web/render/context.js";
import { emojiFor } from "../web/render/emoji.js";
import { plainText, renderMrkdwn } from "../web/render/mrkdwn.js";

const BOT_SOURCE = fileURLToPath(new URL("../../slack-bot/src/", import.meta.url));

// `:name:` as Slack's shortcodes are written: not glued to a word, a template's `${…}` or another colon on either
// side, so keys such as `click:history:${id}` and times such as 12:30:00 are not taken for emoji.
const SHORTCODE = /(?<![\w}$:]):([a-z0-9_+-]+):(?![\w{$:])/g;
// Colon-wrapped words in the bot's source that are not emoji, and why.
const NOT_EMOJI: Record<string, string> = {
  memory: "SQLite's in-memory database name (STUDIO_BOT_DB=:memory:)",
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|json)$/.test(entry.name) ? [path] : [];
  });
}

/** Every shortcode in the bot's source, with the files it is in. */
function botShortcodes(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of sourceFiles(BOT_SOURCE)) {
    for (const match of readFileSync(file, "utf8").matchAll(SHORTCODE)) {
      const name = match[1] ?? "";
      if (Object.hasOwn(NOT_EMOJI, name)) continue;
      found.set(name, [...new Set([...(found.get(name) ?? []), relative(BOT_SOURCE, file)])]);
    }
  }
  return found;
}

const ctx: TextContext = { userName: () => undefined, channelName: () => undefined, dates: () => ({ now: 0 }) };

describe("the bot's emoji in the page", () => {
  const shortcodes = botShortcodes();

  it("finds the bot's shortcodes (the scan itself works)", () => {
    // The ones the issue saw raw, and a few long-standing ones: the scan must see them all.
    for (const name of ["thinking_face", "large_green_square", "black_large_square", "repeat", "warning", "x"]) {
      expect([...shortcodes.keys()], name).toContain(name);
    }
    expect(shortcodes.size).toBeGreaterThan(20);
  });

  it("renders every shortcode the bot can send as an emoji, in mrkdwn and in plain_text", () => {
    const raw = [...shortcodes].filter(([name]) => emojiFor(name) === undefined);
    // Each missing one named with where the bot uses it.
    expect(raw.map(([name, files]) => `:${name}: (${files.join(", ")})`)).toEqual([]);
    for (const name of shortcodes.keys()) {
      const [node] = renderMrkdwn(`:${name}:`, ctx) as VNode[];
      expect(node?.attrs.class, name).toBe("emoji");
      expect(textOf(node ?? ""), name).toBe(emojiFor(name));
      expect(plainText(`:${name}:`), name).toBe(emojiFor(name));
    }
  });

  it("leaves a shortcode nobody knows as its text, as Slack does", () => {
    expect(textOf(renderMrkdwn(":no_such_emoji_here:", ctx))).toBe(":no_such_emoji_here:");
  });
});

// The shared grammar of @studio-kit/commands bound to Slack: texts name the command `/studio`, Slack's escaping
// of `&`, `<` and `>` is undone before reading, and a leading mention of the bot is dropped. Everything else
// (flags, checks, messages) is the package's, word for word the same as the CLI's.

import {
  type Catalog,
  type CheckResult,
  COMMAND_WORDS,
  type Command,
  type CommandWord,
  checkOptions as checkOptionsFor,
  description,
  type ParseResult,
  type Preset,
  parseCommand as parseCommandFor,
  usage,
} from "@studio-kit/commands";

/** How the bot is invoked: the slash command every help text and error names. */
export const INVOCATION = "/studio";

/** Slack escapes `&`, `<` and `>` in command text (https://api.slack.com/reference/surfaces/formatting#escaping). */
export function unescapeSlack(text: string): string {
  return text.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
}

const byWord = (line: (word: CommandWord) => string) =>
  Object.fromEntries(COMMAND_WORDS.map((word) => [word, line(word)])) as Record<CommandWord, string>;

/** Usage per command word, as shown in help and in parse errors (`/studio image <prompt> [--ratio W:H] ...`). */
export const USAGE: Readonly<Record<CommandWord, string>> = byWord((word) => usage(word, INVOCATION));

/** One-line descriptions for help and Home, in the order they are listed; `image` says any text is a prompt. */
export const DESCRIPTIONS: Readonly<Record<CommandWord, string>> = byWord((word) => description(word, INVOCATION));

/**
 * Reads the text of a `/studio` command as Slack sends it: unescaped, then read by the shared grammar with
 * `/studio` in every text that says what to type. Never throws.
 *
 * @example parseCommand("image salt &amp; pepper") // { ok: true, command: { kind: "image", prompt: "salt & pepper", presets: [] } }
 */
export function parseCommand(input: string): ParseResult {
  return parseCommandFor(unescapeSlack(typeof input === "string" ? input : ""), { invocation: INVOCATION });
}

/** Checks a command's options against the catalog and presets; each problem's help names `/studio ...`. */
export function checkOptions(command: Command, catalog: Catalog, presets: Preset[]): CheckResult {
  return checkOptionsFor(command, catalog, presets, { invocation: INVOCATION });
}

// A mention may be `<@U123>` or `<@U123|studio>`, followed by punctuation people type after a name.
const LEADING_MENTION = /^\s*<@[A-Z0-9]+(?:\|[^>]*)?>[\s:,]*/i;

// "Slash Commands cannot be used in message threads" (https://docs.slack.dev/interactivity/implementing-slash-commands,
// Limitations on use), nor in the assistant pane, whose threads they are: there Slack sends `/studio credits` as a
// plain message. Typed anywhere the bot reads messages, it is that command, not an image prompt of "/studio credits".
const LEADING_INVOCATION = /^\s*\/studio(?:\s+|$)/i;

/**
 * The text of an `@Studio ...` mention or a message to the bot without the leading mention of the bot, and without
 * a leading `/studio` typed where slash commands do not run: what `/studio` would have got.
 *
 * @example stripMention("<@U0BOT> /studio credits") // "credits"
 */
export function stripMention(text: string): string {
  return (typeof text === "string" ? text : "").replace(LEADING_MENTION, "").replace(LEADING_INVOCATION, "");
}

/**
 * Reads the text of an `@Studio ...` mention: strips the leading mention of the bot and reads the rest as
 * {@link parseCommand} does, so `@Studio a lighthouse` is an image command and `@Studio video ...` a video one.
 */
export function parseMention(text: string): ParseResult {
  return parseCommand(stripMention(text));
}

// Credits are money: a text that does not start with a command word becomes an image prompt (documented, liked),
// so a typo of a command ("imgae a red fox", "credit"), a question ("what can you do?") or a greeting ("hi")
// would be paid for. Before a bare prompt generates, this rule decides whether it reads as a description
// (generate) or as something said to the bot (ask: the bot offers the likely command and "Generate an image of
// ..." as buttons, and spends only on a click). It is one plain function with one answer, so that no text can
// both generate and ask; the why of each rule is next to it. docs/decisions/0007-intent-before-spend.md has
// the reasoning, test/intent.test.ts the table of texts on both sides.

import {
  COMMAND_WORDS,
  type CommandWord,
  FLAGS,
  type GenerationKind,
  type Token,
  tokenize,
} from "@studio-kit/commands";
import { editDistance } from "./edit-distance.js";
import { unescapeSlack } from "./slack-grammar.js";
import { isQuestion, isSmallTalk, plainWords } from "./small-talk.js";

/** Why a text was not generated at once. */
export type AskReason =
  /** The first word is a command word with a mark, a typo of one, or its start ("Credits!", "imgae", "cred"). */
  | "command"
  /** A question or a request to the bot ("what can you do?", "can you help"). */
  | "question"
  /** A greeting, thanks or a one-word acknowledgement alone ("hi", "thank you!", "ok"). */
  | "greeting"
  /** Fewer than three letters or digits: nothing to describe ("x", "🙂"). */
  | "too-short"
  /**
   * Another slash command typed where Slack does not run slash commands (a thread, the assistant pane): Slack sent
   * it as a message ("/giphy a fox", "/remind me at 5"). `/studio` itself is read as the command before this rule.
   */
  | "slash"
  /**
   * A text about an earlier result ("put it on the Spring campaign board", "another one", "make it better") where
   * the thread has no result: in a result's thread it acts on that result (flows/follow-up.ts); anywhere else it
   * would draw its own words (intent/follow-up.ts `readsAsAboutAResult`).
   */
  | "no-result";

/** The command the asker most likely meant. */
export interface LikelyCommand {
  /** The command word it is about. */
  word: CommandWord;
  /**
   * How it was found: the first word is the command word with a mark (`Credits!`, `Video:`, `/help`, `HELP`
   * alone), a typo of it, the start of it (`cred`), or a question mentions it ("how many credits are left?").
   */
  match: "exact" | "typo" | "prefix" | "mentioned";
  /** The word as typed (for "`imgae` looks like `image`"). */
  typed: string;
  /**
   * The command text to run instead, as typed after `/studio` (still Slack-escaped, flags kept): "image a red fox
   * --count 2", "credits", "help music" (a generation word with nothing after it: its usage, not an error).
   */
  text: string;
}

/** The decision: one value, so a text can never both generate and ask. */
export type Intent = { action: "generate" } | { action: "ask"; reason: AskReason; likely?: LikelyCommand };

const GENERATE: Intent = { action: "generate" };
const GENERATION_WORDS: readonly string[] = ["image", "video", "music", "voice"] satisfies GenerationKind[];
const isCommandWord = (word: string): word is CommandWord => (COMMAND_WORDS as readonly string[]).includes(word);

// English words within one edit of a generation command that start real prompts: followed by more words, they are
// a description ("images of the sea in a frame", "vice city at night", "mage casting a spell"). Alone they still
// ask. Only generation commands need this list: the other commands take (almost) nothing after them, so "credit
// card on a table" or "model of a sailing ship" already generate because the rest does not fit the command.
// "boat" needs no entry (two edits from "board"), nor does "imagine" (two edits from a five-letter word).
const PROMPT_WORDS = new Set([
  "images",
  "imaged",
  "imago",
  "mage",
  "videos",
  "vireo",
  "vice",
  "voile",
  "voiced",
  "voices",
  "musics",
  "avatars",
  "present",
  "presents",
]);

// Flags that take no value: the word after them is part of the description. Every other flag takes the next word
// (unless written --flag=value), which is not part of the description either.
const SWITCHES = new Set(
  Object.values(FLAGS).flatMap((specs) =>
    Object.entries(specs)
      .filter(([, spec]) => spec.kind === "switch")
      .map(([name]) => name),
  ),
);
const isFlag = (token: Token) => !token.quoted && token.value.startsWith("--") && token.value.length > 2;

/** The words of the description: every token but the flags and their values. */
function descriptionTokens(tokens: readonly Token[]): Token[] {
  const words: Token[] = [];
  let skipValue = false;
  for (const token of tokens) {
    if (skipValue) {
      skipValue = false;
      if (!isFlag(token)) continue;
    }
    if (isFlag(token)) {
      skipValue = token.inlineValue === undefined && !SWITCHES.has(token.value.slice(2).toLowerCase());
      continue;
    }
    words.push(token);
  }
  return words;
}

/** How many edits a word may be from a command word and still read as a typo of it. */
function maxEdits(typed: string, command: string): number {
  // One for short words: two edits turn "boat" into "board" and "imagine" into "image". Two only when both words
  // have six letters or more ("credtis", "modles"), and then only with the same first letter, which typos rarely
  // change and which keeps "modern", "police" and "towards" away from "models", "voice" and "boards".
  if (Math.min(typed.length, command.length) <= 5) return 1;
  return typed[0] === command[0] ? 2 : 1;
}

/**
 * Whether what follows the first word fits the command, so that the command is a likely reading. The reading
 * commands take nothing or one word: "credit card on a table" cannot be `credits`, "model of a sailing ship"
 * cannot be `models`. A generation command takes any prompt.
 */
function restFits(command: CommandWord, rest: readonly string[]): boolean {
  switch (command) {
    case "image":
    case "video":
    case "music":
    case "voice":
    case "avatar":
    case "lipsync":
      return true;
    case "credits":
    case "boards":
    case "brand":
      return rest.length === 0;
    case "history":
      return rest.length === 0 || (rest.length === 1 && /^\d+$/.test(rest[0] ?? ""));
    case "show":
      // One id after it ("shwo img_3f9a"); "show me a fox" is a prompt, not a typo of this command.
      return rest.length === 1 && /^[a-z0-9]+[_-][\w.-]+$/i.test(rest[0] ?? "");
    case "models":
      return rest.length === 0 || (rest.length === 1 && GENERATION_WORDS.includes(rest[0] ?? ""));
    case "help":
      return rest.length === 0 || (rest.length === 1 && isCommandWord(rest[0] ?? ""));
    case "board":
      return rest.length === 0 || rest[0] === "new" || rest[0] === "use";
    case "presets":
    case "assets":
      return rest.length <= 1;
  }
}

/** The command text to run for `command`, given the raw text after the typed word. */
function commandText(command: CommandWord, rawRest: string): string {
  const withRest = rawRest ? `${command} ${rawRest}` : command;
  switch (command) {
    case "image":
    case "video":
    case "music":
    case "voice":
    case "avatar":
    case "lipsync":
      // Nothing to generate from: the command's usage rather than its "needs a prompt" error.
      return rawRest ? withRest : `help ${command}`;
    case "credits":
    case "boards":
    case "brand":
      return command;
    case "board":
      return rawRest ? withRest : "boards";
    case "assets":
      return rawRest ? withRest : "help assets";
    default:
      return withRest;
  }
}

/** The first word folded for comparing with command words: case and accents gone, punctuation around it cut. */
function foldWord(typed: string): string {
  // No command word is anywhere near this long: skip the work (a pasted 40,000-character word).
  if (typed.length > 40) return "";
  return typed
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
}

/** The command the first word most likely stands for, when it is close to one and what follows fits it. */
function likelyFromFirstWord(first: Token, rest: readonly string[], rawRest: string): LikelyCommand | undefined {
  const typed = first.value;
  const word = foldWord(typed);
  // Only plain letters: "hi-fi", "3d", "año" folded to letters and digits elsewhere are descriptions.
  if (!/^[a-z]{3,}$/.test(word)) return undefined;
  // A colon after it or a slash before it is how people type commands ("Video: waves", "/credits").
  const marked = /:$/.test(typed) || /^\//.test(typed);
  if (isCommandWord(word)) {
    // The parser already read the exact lowercase word; here it came with other casing or punctuation. Alone it
    // is the command ("Credits!", "HELP"); with words after it only when marked ("music box on a shelf" is a
    // description, "Music: calm piano" a command).
    if (rest.length > 0 && !(marked && restFits(word, rest))) return undefined;
    return { word, match: "exact", typed, text: commandText(word, rawRest) };
  }
  if (rest.length > 0 && PROMPT_WORDS.has(word) && !marked) return undefined;
  const near = COMMAND_WORDS.map((command) => ({
    command,
    distance: editDistance(word, command),
    prefix: command.startsWith(word),
  }))
    .filter(({ command, distance, prefix }) => prefix || distance <= maxEdits(word, command))
    .filter(({ command }) => restFits(command, rest))
    // The closest first; on a tie, the order of COMMAND_WORDS (generation commands first).
    .sort((a, b) => a.distance - b.distance);
  const best = near[0];
  if (!best) return undefined;
  // "boar" is one edit from "board" and its start: the start reads better ("looks like the start of `board`").
  const match = best.prefix ? "prefix" : "typo";
  return { word: best.command, match, typed, text: commandText(best.command, rawRest) };
}

// A question that names one of these is most likely about it ("how many credits are left?"). Generation words are
// left out: "can you make a video of a fox?" is not a request for `/studio video` with that text.
const MENTIONABLE: Record<string, CommandWord> = {
  credits: "credits",
  credit: "credits",
  balance: "credits",
  boards: "boards",
  board: "boards",
  models: "models",
  model: "models",
  presets: "presets",
  preset: "presets",
  styles: "presets",
};

function mentionedCommand(words: readonly string[]): LikelyCommand | undefined {
  for (const word of words) {
    const command = MENTIONABLE[word];
    if (command) return { word: command, match: "mentioned", typed: word, text: command };
  }
  return undefined;
}

// How a slash command starts: a slash and a name (Slack's command names are lowercase letters, digits, - and _).
// "/" alone, "//", a path ("/usr/bin") or "1/2" are not one.
const SLASH_COMMAND = /^\/[a-z][\w-]*$/i;

// Han, kana and hangul characters each carry a word's meaning: "猫" is a whole prompt.
const IDEOGRAPHIC = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** Letters and digits, an ideograph counting as three: below three there is nothing to describe. */
function weight(text: string): number {
  let total = 0;
  for (const char of text) {
    if (IDEOGRAPHIC.test(char)) total += 3;
    else if (/[\p{L}\p{N}]/u.test(char)) total += 1;
    if (total >= 3) break;
  }
  return total;
}

/**
 * Decides whether a text that would become a bare image prompt (what follows `/studio` or `@Studio`, its first
 * word not a command word) is a description to generate, or something said to the bot that must not cost a
 * credit. In this order:
 * 1. only a greeting, thanks or a one-word acknowledgement ("hi", "hey there", "thank you!", "ok") asks;
 * 2. a first word close to a command word asks, with the command: the word itself with other casing or a mark
 *    ("Credits!", "HELP", "Video: waves"), a typo (Damerau-Levenshtein distance 1, or 2 when both words have six
 *    letters or more and the same first letter: "imgae", "credtis") or a start of three letters or more ("cred",
 *    "mod"). Not when what follows does not fit that command ("credit card on a table", "model of a ship"), nor
 *    for an English word that starts prompts followed by more words ("images of the sea"). A quoted first word or
 *    a flag is never a command word, as in the parser;
 *    Another slash command ("/giphy a fox": Slack runs none in threads or the assistant pane) asks too;
 * 3. fewer than three letters or digits asks (an emoji alone too: "🦊" may be a fox, but a click is cheaper than
 *    a wrong image);
 * 4. a question or a request to the bot asks ("what can you do?", "can you draw", "help me"), with a command when
 *    it names one ("how many credits are left?");
 * 5. anything else generates.
 * Never throws, for any string.
 *
 * @param text the text as Slack sent it (Slack-escaped), mention already removed
 * @example decideIntent("imgae a red fox")
 * // { action: "ask", reason: "command", likely: { word: "image", match: "typo", typed: "imgae", text: "image a red fox" } }
 * @example decideIntent("credit card on a table") // { action: "generate" }
 */
export function decideIntent(text: string): Intent {
  const raw = typeof text === "string" ? text.trim() : "";
  const tokens = tokenize(unescapeSlack(raw));
  const description = descriptionTokens(tokens);
  const sentence = description.map((token) => token.value).join(" ");
  const words = plainWords(sentence);
  if (isSmallTalk(words)) return { action: "ask", reason: "greeting" };

  const first = tokens[0];
  if (first && first === description[0] && !first.quoted) {
    const rest = plainWords(
      description
        .slice(1)
        .map((token) => token.value)
        .join(" "),
    );
    const rawRest = raw.replace(/^\S+\s*/u, "");
    const likely = likelyFromFirstWord(first, rest, rawRest);
    if (likely) return { action: "ask", reason: "command", likely };
    if (SLASH_COMMAND.test(first.value)) return { action: "ask", reason: "slash" };
  }

  if (weight(sentence) < 3) return { action: "ask", reason: "too-short" };
  if (isQuestion(sentence, words)) {
    const likely = mentionedCommand(words);
    return { action: "ask", reason: "question", ...(likely ? { likely } : {}) };
  }
  return GENERATE;
}

// The typed commands the parser produces. Numbers are parsed here (a word where a number belongs is a parse
// error); bounds and catalog values are checked later by `checkOptions`, which knows the catalog.

/** A command that generates media and so may spend credits. */
export type GenerationKind = "image" | "video" | "music" | "voice";

/** `image <prompt>`: also what any text that does not start with a command word means. */
export interface ImageCommand {
  kind: "image";
  prompt: string;
  ratio?: string;
  count?: number;
  model?: string;
  quality?: string;
  resolution?: string;
  presets: string[];
  board?: string;
}

/** `video <prompt>`. */
export interface VideoCommand {
  kind: "video";
  prompt: string;
  ratio?: string;
  duration?: number;
  model?: string;
  resolution?: string;
  audio: boolean;
  presets: string[];
  board?: string;
}

/** `music <prompt>`. */
export interface MusicCommand {
  kind: "music";
  prompt: string;
  instrumental: boolean;
  lyrics?: string;
  minDuration?: number;
  maxDuration?: number;
}

/** `voice <script>`: `voice` is a voice model id from the catalog (the API's `voiceId`). */
export interface VoiceCommand {
  kind: "voice";
  script: string;
  voice?: string;
  language?: string;
}

/** Commands that read or organise rather than generate. */
export type InfoCommand =
  | { kind: "credits" }
  | { kind: "boards" }
  | { kind: "board-new"; title: string }
  | { kind: "board-use"; title: string }
  | { kind: "assets"; term: string }
  | { kind: "models"; role?: GenerationKind }
  | { kind: "presets"; query?: string }
  | { kind: "help"; topic?: CommandWord };

/** Every command the grammar reads. */
export type Command = ImageCommand | VideoCommand | MusicCommand | VoiceCommand | InfoCommand;

/** A command that generates media. */
export type GenerationCommand = ImageCommand | VideoCommand | MusicCommand | VoiceCommand;

/** The words that start a command (`board` takes `new` or `use` next). */
export const COMMAND_WORDS = [
  "image",
  "video",
  "music",
  "voice",
  "credits",
  "boards",
  "board",
  "assets",
  "models",
  "presets",
  "help",
] as const;

/** One of {@link COMMAND_WORDS}. */
export type CommandWord = (typeof COMMAND_WORDS)[number];

/** Why a text could not be read as a command. */
export type ParseErrorCode =
  | "unknown_flag"
  | "missing_value"
  | "repeated_flag"
  | "flag_takes_no_value"
  | "not_a_number"
  | "empty_prompt"
  | "unexpected_argument"
  | "missing_argument"
  | "unreadable";

/** A text the parser could not read: what went wrong, in words for the person who typed it, and the usage. */
export interface ParseError {
  ok: false;
  code: ParseErrorCode;
  /** One or two sentences for the user: what was wrong and what to type instead. */
  message: string;
  /** The command's usage line(s), for the reply. */
  usage: string;
  /** The command the text was read as, when it got that far. */
  command?: CommandWord;
}

/** The parser's answer: a command, or a {@link ParseError}. It never throws. */
export type ParseResult = { ok: true; command: Command } | ParseError;

/**
 * How the app is invoked, for every text that tells the user what to type (usage lines, examples, "`/studio
 * models image` lists ..."). Required everywhere: no app's name is the default.
 */
export interface InvocationOptions {
  /** The command as the user types it: `"/studio"` in Slack, `"studio"` in a terminal. */
  invocation: string;
}

/** True when a command generates media. */
export function isGeneration(command: Command): command is GenerationCommand {
  return command.kind === "image" || command.kind === "video" || command.kind === "music" || command.kind === "voice";
}

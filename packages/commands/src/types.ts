// The typed commands the parser produces. Numbers are parsed here (a word where a number belongs is a parse
// error); bounds and catalog values are checked later by `checkOptions`, which knows the catalog.

/**
 * A catalog role a command generates in: each has its own models (`models <role>` lists them) and its own
 * command. `avatar` and `lipsync` also generate, but through other roles' models: see {@link SpeakingKind}.
 */
export type GenerationKind = "image" | "video" | "music" | "voice";

/**
 * The commands that make a speaking video: a voiceover first (unless `lipsync` is given `--audio`), then the
 * catalog's speaking-avatar or lip-sync model. They take no `--model`: the catalog's default model of the role is
 * used, so their checks and estimate read `speakingAvatarModels` and `lipSyncModels` by their defaults.
 */
export type SpeakingKind = "avatar" | "lipsync";

/** Every command word that generates media, and so has a row in `FLAGS`. */
export type GenerationWord = GenerationKind | SpeakingKind;

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
  /** `--ref`: ids of earlier results or library images to use as reference images, in the order given. */
  references?: string[];
  /**
   * `--from`: the id of an image this one is made from (the API's `parentImageId`): the new image starts from it, as
   * Variations do, with the prompt saying what changes.
   */
  parent?: string;
  /** `--brand`: steer the prompt with what is known of the workspace's brand. */
  brand?: boolean;
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
  /** `--from`: the id of an image to start the video from (the API's `firstFrame`). */
  firstFrame?: string;
  /** `--end`: the id of an image to end the video on (the API's `endImage`). */
  endImage?: string;
  /** `--ref`: ids of earlier results or library images to use as reference images, in the order given. */
  references?: string[];
  /** `--brand`: steer the prompt with what is known of the workspace's brand. */
  brand?: boolean;
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

/**
 * `avatar <script>`: the script read aloud (`generateVoiceover`), then a speaking character from an image
 * (`generateSpeakingCharacter`) with the catalog's default speaking-avatar model.
 */
export interface AvatarCommand {
  kind: "avatar";
  script: string;
  /** `--image`: the id of the image (an earlier result or a library image) that speaks. */
  image?: string;
  /** `--voice`: a voice model id from the catalog, as for `voice`. */
  voice?: string;
  language?: string;
}

/**
 * `lipsync [<script>]`: a video lip-synced (`generateLipsync`, the catalog's default lip-sync model) to an audio
 * result (`--audio`) or to the script, read aloud first (`generateVoiceover`). Exactly one of the two is given.
 */
export interface LipsyncCommand {
  kind: "lipsync";
  /** The text to read aloud first; absent when `audio` is given. */
  script?: string;
  /** `--video`: the id of the video (an earlier result or a library video) whose lips move. */
  video?: string;
  /** `--audio`: the id of an audio result to lip-sync to, instead of a script. */
  audio?: string;
  /** `--voice`: a voice model id from the catalog for the script. */
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
  | { kind: "brand" }
  | { kind: "history"; count?: number }
  /** `show <id>`: an earlier result again, by its job's id or one of its assets' ids. */
  | { kind: "show"; id: string }
  | { kind: "help"; topic?: CommandWord };

/** A command that generates media. */
export type GenerationCommand =
  | ImageCommand
  | VideoCommand
  | MusicCommand
  | VoiceCommand
  | AvatarCommand
  | LipsyncCommand;

/** Every command the grammar reads. */
export type Command = GenerationCommand | InfoCommand;

/** The words that start a command (`board` takes `new` or `use` next). */
export const COMMAND_WORDS = [
  "image",
  "video",
  "music",
  "voice",
  "avatar",
  "lipsync",
  "credits",
  "boards",
  "board",
  "assets",
  "models",
  "presets",
  "brand",
  "history",
  "show",
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
  return (GENERATION_WORDS as readonly string[]).includes(command.kind);
}

/** The command words that generate media, in the order of {@link COMMAND_WORDS}. */
export const GENERATION_WORDS = [
  "image",
  "video",
  "music",
  "voice",
  "avatar",
  "lipsync",
] as const satisfies readonly GenerationWord[];

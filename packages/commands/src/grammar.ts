import type { CommandWord, GenerationWord } from "./types.js";

// The grammar in one table: which flags each command takes, what kind of value, and the usage shown with
// every parse error. The parser, the help of every app and the CLI's options all read it, so they cannot drift
// apart. Nothing here names the app: texts that tell the user what to type take the caller's invocation.

/** What a flag takes: a word or phrase, a whole number, or nothing (a switch). */
export type FlagKind = "text" | "number" | "switch";

/** One flag of a command. */
export interface FlagSpec {
  kind: FlagKind;
  /** May be given more than once (values are collected in order). */
  repeatable?: boolean;
  /** A short hint shown in usage, such as `W:H`. */
  hint?: string;
}

/**
 * The flags of each generation command, by name (without `--`): the one table both apps read. The bot's parser
 * reads command text against it; the CLI declares its options from it.
 */
export const FLAGS: Record<GenerationWord, Record<string, FlagSpec>> = {
  image: {
    ratio: { kind: "text", hint: "W:H" },
    count: { kind: "number", hint: "1-4" },
    model: { kind: "text", hint: "id" },
    quality: { kind: "text", hint: "q" },
    resolution: { kind: "text", hint: "res" },
    preset: { kind: "text", repeatable: true, hint: "slug" },
    board: { kind: "text", hint: '"title"' },
    ref: { kind: "text", repeatable: true, hint: "id" },
    from: { kind: "text", hint: "image-id" },
    brand: { kind: "switch" },
  },
  video: {
    ratio: { kind: "text", hint: "W:H" },
    duration: { kind: "number", hint: "seconds" },
    model: { kind: "text", hint: "id" },
    resolution: { kind: "text", hint: "res" },
    audio: { kind: "switch" },
    preset: { kind: "text", repeatable: true, hint: "slug" },
    board: { kind: "text", hint: '"title"' },
    from: { kind: "text", hint: "image-id" },
    end: { kind: "text", hint: "image-id" },
    ref: { kind: "text", repeatable: true, hint: "id" },
    brand: { kind: "switch" },
  },
  music: {
    instrumental: { kind: "switch" },
    lyrics: { kind: "text", hint: '"..."' },
    "min-duration": { kind: "number", hint: "seconds" },
    "max-duration": { kind: "number", hint: "seconds" },
  },
  voice: {
    voice: { kind: "text", hint: "id" },
    language: { kind: "text", hint: "code" },
  },
  avatar: {
    image: { kind: "text", hint: "image-id" },
    voice: { kind: "text", hint: "id" },
    language: { kind: "text", hint: "code" },
  },
  lipsync: {
    video: { kind: "text", hint: "video-id" },
    audio: { kind: "text", hint: "audio-id" },
    voice: { kind: "text", hint: "id" },
    language: { kind: "text", hint: "code" },
  },
};

/** The usage line(s) of each command that takes no flags, after the invocation (`/studio`, `studio`). */
const PLAIN_USAGE: Record<Exclude<CommandWord, GenerationWord>, string[]> = {
  credits: ["credits"],
  boards: ["boards"],
  board: ['board new "title"', 'board use "title"'],
  assets: ["assets <search term>"],
  models: ["models [image|video|music|voice]"],
  presets: ["presets [search]"],
  brand: ["brand"],
  history: ["history [number]"],
  show: ["show <job or result id>"],
  help: ["help [command]"],
};

const HEADS: Record<GenerationWord, string> = {
  image: "image <prompt>",
  video: "video <prompt>",
  music: "music <prompt>",
  voice: "voice <script>",
  avatar: "avatar <script>",
  lipsync: "lipsync [<script>]",
};

const isGenerationWord = (word: CommandWord): word is GenerationWord => Object.hasOwn(FLAGS, word);

/**
 * The usage of a command, as shown in help and with every parse error, naming the command as the caller's app
 * is invoked: `/studio` in Slack, `studio` in a terminal. Generation commands list every flag of {@link FLAGS}.
 *
 * @example
 * usage("image", "/studio"); // "/studio image <prompt> [--ratio W:H] [--count 1-4] ... [--board \"title\"]"
 * usage("board", "studio"); // 'studio board new "title"  ·  studio board use "title"'
 */
export function usage(word: CommandWord, invocation: string): string {
  if (isGenerationWord(word)) return `${invocation} ${HEADS[word]} ${flagList(word)}`;
  return PLAIN_USAGE[word].map((line) => `${invocation} ${line}`).join("  ·  ");
}

/**
 * One-line descriptions for help, in the order help lists them. They name no command, so every app can show
 * them as they are; {@link description} adds what depends on how the app is invoked.
 */
export const DESCRIPTIONS: Readonly<Record<CommandWord, string>> = {
  image: "Generate images",
  video: "Generate a video clip",
  music: "Generate a music track",
  voice: "Read a script aloud",
  avatar: "Make a character speak a script, from an image",
  lipsync: "Lip-sync a video to an audio clip or to a script read aloud",
  credits: "Show the workspace's credits",
  boards: "List recent boards",
  board: "Create a board, or choose this channel's default board",
  assets: "Search the asset library",
  models: "List the models and the values they accept",
  presets: "List style presets",
  brand: "Show what is known of the workspace's brand",
  history: "List your recent jobs",
  show: "Bring back an earlier result, with its buttons",
  help: "Show this help",
};

/**
 * A command's description for an app that reads whole command texts with {@link parseCommand}: as
 * {@link DESCRIPTIONS}, and for `image` the reminder that text with no command word is an image prompt, naming
 * the invocation.
 *
 * @example description("image", "/studio") // "Generate images (the default: `/studio a lighthouse at dusk` works too)"
 */
export function description(word: CommandWord, invocation: string): string {
  const text = DESCRIPTIONS[word];
  return word === "image" ? `${text} (the default: \`${invocation} a lighthouse at dusk\` works too)` : text;
}

function flagList(kind: GenerationWord): string {
  const flags = Object.entries(FLAGS[kind]).map(([name, spec]) => {
    const value = spec.kind === "switch" ? "" : ` ${spec.hint ?? "value"}`;
    return `[--${name}${value}]${spec.repeatable ? "…" : ""}`;
  });
  return flags.join(" ");
}

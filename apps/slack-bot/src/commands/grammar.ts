import type { CommandWord } from "./types.js";

// The grammar in one table: which flags each command takes, what kind of value, and the usage shown with
// every parse error. The parser and the help message both read it, so they cannot drift apart.

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

/** Flags per generation command. */
export const FLAGS: Record<"image" | "video" | "music" | "voice", Record<string, FlagSpec>> = {
  image: {
    ratio: { kind: "text", hint: "W:H" },
    count: { kind: "number", hint: "1-4" },
    model: { kind: "text", hint: "id" },
    quality: { kind: "text", hint: "q" },
    resolution: { kind: "text", hint: "res" },
    preset: { kind: "text", repeatable: true, hint: "slug" },
    board: { kind: "text", hint: '"title"' },
  },
  video: {
    ratio: { kind: "text", hint: "W:H" },
    duration: { kind: "number", hint: "seconds" },
    model: { kind: "text", hint: "id" },
    resolution: { kind: "text", hint: "res" },
    audio: { kind: "switch" },
    preset: { kind: "text", repeatable: true, hint: "slug" },
    board: { kind: "text", hint: '"title"' },
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
};

/** Usage per command word, as shown in help and in parse errors. */
export const USAGE: Record<CommandWord, string> = {
  image: usageLine("image <prompt>", "image"),
  video: usageLine("video <prompt>", "video"),
  music: usageLine("music <prompt>", "music"),
  voice: usageLine("voice <script>", "voice"),
  credits: "/studio credits",
  boards: "/studio boards",
  board: '/studio board new "title"  ·  /studio board use "title"',
  assets: "/studio assets <search term>",
  models: "/studio models [image|video|music|voice]",
  presets: "/studio presets [search]",
  help: "/studio help [command]",
};

/** One-line descriptions for help, in the order help lists them. */
export const DESCRIPTIONS: Record<CommandWord, string> = {
  image: "Generate images (the default: `/studio a lighthouse at dusk` works too)",
  video: "Generate a video clip",
  music: "Generate a music track",
  voice: "Read a script aloud",
  credits: "Show the workspace's credits",
  boards: "List recent boards",
  board: "Create a board, or choose this channel's default board",
  assets: "Search the asset library",
  models: "List the models and the values they accept",
  presets: "List style presets",
  help: "Show this help",
};

function usageLine(head: string, kind: keyof typeof FLAGS): string {
  const flags = Object.entries(FLAGS[kind]).map(([name, spec]) => {
    const value = spec.kind === "switch" ? "" : ` ${spec.hint ?? "value"}`;
    return `[--${name}${value}]${spec.repeatable ? "…" : ""}`;
  });
  return `/studio ${head} ${flags.join(" ")}`;
}

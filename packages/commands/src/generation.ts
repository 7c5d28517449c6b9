import type {
  AvatarCommand,
  GenerationCommand,
  GenerationWord,
  ImageCommand,
  LipsyncCommand,
  MusicCommand,
  VideoCommand,
  VoiceCommand,
} from "./types.js";

/**
 * The flag values of one generation command, by flag name without `--` (as in `FLAGS`): every value given, in
 * order. A switch that is on is `["true"]`; a flag not given is absent. Number flags hold whole numbers in
 * digits, as `readNumber` reads them.
 */
export type FlagValues = Readonly<Record<string, readonly string[] | undefined>>;

/** The command type each generation kind builds. */
export interface GenerationCommands {
  image: ImageCommand;
  video: VideoCommand;
  music: MusicCommand;
  voice: VoiceCommand;
  avatar: AvatarCommand;
  lipsync: LipsyncCommand;
}

// Optional fields are left out rather than set to undefined, so results compare cleanly and serialise small.
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/**
 * Builds the typed command from a prompt and the flag values read for it: what the parser does once the words
 * and flags of a text are read, and what the CLI does with the values its argument parser read. The first value
 * of a single flag counts; repeatable flags (`--preset`, `--ref`) keep every value. Values are not checked here: number
 * flags go through `readNumber` first, and `checkOptions` checks values against the catalog.
 *
 * @example
 * generationCommand("video", "waves at night", { duration: ["5"], audio: ["true"] });
 * // { kind: "video", prompt: "waves at night", duration: 5, audio: true, presets: [] }
 */
export function generationCommand<K extends GenerationWord>(
  kind: K,
  prompt: string,
  values: FlagValues,
): GenerationCommands[K];
export function generationCommand(kind: GenerationWord, prompt: string, values: FlagValues): GenerationCommand {
  const one = (name: string) => values[name]?.[0];
  const num = (name: string) => {
    const value = one(name);
    return value === undefined ? undefined : Number(value);
  };
  const on = (name: string) => values[name] !== undefined;
  const presets = [...(values.preset ?? [])];
  // Left out when not given, so a command without them reads (and serialises) as it did before these flags.
  const references = values.ref?.length ? [...values.ref] : undefined;
  const brand = on("brand") || undefined;
  switch (kind) {
    case "image":
      return defined<ImageCommand>({
        kind,
        prompt,
        ratio: one("ratio"),
        count: num("count"),
        model: one("model"),
        quality: one("quality"),
        resolution: one("resolution"),
        presets,
        board: one("board"),
        references,
        parent: one("from"),
        brand,
      });
    case "video":
      return defined<VideoCommand>({
        kind,
        prompt,
        ratio: one("ratio"),
        duration: num("duration"),
        model: one("model"),
        resolution: one("resolution"),
        audio: on("audio"),
        presets,
        board: one("board"),
        firstFrame: one("from"),
        endImage: one("end"),
        references,
        brand,
      });
    case "music":
      return defined<MusicCommand>({
        kind,
        prompt,
        instrumental: on("instrumental"),
        lyrics: one("lyrics"),
        minDuration: num("min-duration"),
        maxDuration: num("max-duration"),
      });
    case "voice":
      return defined<VoiceCommand>({ kind, script: prompt, voice: one("voice"), language: one("language") });
    case "avatar":
      return defined<AvatarCommand>({
        kind,
        script: prompt,
        image: one("image"),
        voice: one("voice"),
        language: one("language"),
      });
    case "lipsync":
      return defined<LipsyncCommand>({
        kind,
        script: prompt || undefined,
        video: one("video"),
        audio: one("audio"),
        voice: one("voice"),
        language: one("language"),
      });
  }
}

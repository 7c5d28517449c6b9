import {
  DESCRIPTIONS,
  emptyPromptError,
  type FlagValues,
  type GenerationKind,
  generationCommand,
  MAX_COUNT,
  MUSIC_SECONDS,
  readNumber,
} from "@studio-kit/commands";
import { z } from "zod";
import type { GenerationRequest } from "../backend.js";
import { StudioToolRefusal } from "../errors.js";
import { MAX_BOARD_TITLE } from "./board-title.js";

// The generation tools' inputs are the grammar's flags (FLAGS in @studio-kit/commands) as JSON properties. The
// schemas only type them: every bound and value is checked by the grammar's own functions (readNumber here,
// checkOptions in the backend), so an agent reads the same message as a person in Slack or a terminal. A bound in
// the schema would have the SDK refuse first, with zod's words instead.

const number = (flag: string) =>
  z.number().describe(`a whole number (the \`--${flag}\` option); bounds are checked and explained if wrong`);

/** What every generation tool takes besides the command's own options. */
const spending = {
  wait: z
    .boolean()
    .optional()
    .describe(
      "wait for the results (progress is reported while it polls) instead of returning the queued job; a video or " +
        "music can take minutes, longer than some clients wait for a call: without wait, job_status follows the job",
    ),
  confirmCredits: z
    .number()
    .optional()
    .describe(
      "the estimated cost the person agreed to spend, when a refusal (confirmation_required) asked for it; " +
        "never set it without asking them",
    ),
};

const shared = {
  ratio: z.string().optional().describe("width:height, such as 16:9 (`--ratio`)"),
  model: z.string().optional().describe("a model id from list_models (`--model`); default: the catalog's default"),
  resolution: z.string().optional().describe("one of the model's resolutions (`--resolution`)"),
  presets: z.array(z.string()).optional().describe("preset slugs from list_presets (`--preset`)"),
  // The bounds create_board has: a board put to this title is made with it when missing, so an empty or
  // over-long title is refused before anything is generated (an empty one would make an untitled board).
  board: z
    .string()
    .trim()
    .min(1)
    .max(MAX_BOARD_TITLE)
    .optional()
    .describe('put the results on this board, by title, created if missing (`--board "title"`); implies wait'),
  references: z.array(z.string()).optional().describe("reference image ids from the library (`--ref`)"),
  brand: z.boolean().optional().describe("steer the prompt with the workspace's brand (`--brand`)"),
};

/** The input shape of each generation tool (a zod raw shape, as `registerTool` takes it). */
export const GENERATION_INPUTS = {
  image: {
    prompt: z.string().describe("what to make"),
    ...shared,
    count: number("count").optional().describe(`how many images, 1 to ${MAX_COUNT} (\`--count\`)`),
    quality: z.string().optional().describe("one of the model's qualities (`--quality`)"),
    from: z.string().optional().describe("an image id to vary (`--from`)"),
    ...spending,
  },
  video: {
    prompt: z.string().describe("what to film"),
    ...shared,
    duration: number("duration").optional().describe("seconds, one of the model's durations (`--duration`)"),
    audio: z.boolean().optional().describe("with sound (`--audio`)"),
    from: z.string().optional().describe("an image id for the first frame (`--from`)"),
    end: z.string().optional().describe("an image id for the last frame (`--end`)"),
    ...spending,
  },
  music: {
    prompt: z.string().describe("the music to make"),
    instrumental: z.boolean().optional().describe("no vocals (`--instrumental`)"),
    lyrics: z.string().optional().describe("words to sing (`--lyrics`)"),
    minDuration: number("min-duration")
      .optional()
      .describe(`shortest length in seconds, ${MUSIC_SECONDS.min}-${MUSIC_SECONDS.max} (\`--min-duration\`)`),
    maxDuration: number("max-duration")
      .optional()
      .describe(`longest length in seconds, ${MUSIC_SECONDS.min}-${MUSIC_SECONDS.max} (\`--max-duration\`)`),
    ...spending,
  },
  voice: {
    script: z.string().describe("the text to read aloud"),
    voice: z.string().optional().describe("a voice id from list_models with role voice (`--voice`)"),
    language: z.string().optional().describe("a language code such as en (`--language`)"),
    ...spending,
  },
} as const;

/** Each generation tool's description: the grammar's words, and what the tool does with credits. */
export function generationDescription(kind: GenerationKind): string {
  return (
    `${DESCRIPTIONS[kind]}. Spends credits: the result states the estimated cost; above the confirmation threshold ` +
    "the person is asked first (or the call is refused with the cost, to be confirmed with confirmCredits). " +
    "Returns the queued job, or with wait: true its results."
  );
}

/** A generation tool's parsed input (any kind). */
export type GenerationInput = { wait?: boolean; confirmCredits?: number } & Record<string, unknown>;

const FLAG_OF: Record<string, string> = {
  presets: "preset",
  references: "ref",
  minDuration: "min-duration",
  maxDuration: "max-duration",
};
const NOT_FLAGS = new Set(["prompt", "script", "wait", "confirmCredits"]);

/**
 * Reads a generation tool's input into the grammar's typed command, as the CLI reads its arguments: the values go
 * through `generationCommand` and number values through `readNumber`, so messages match the bot's and the CLI's.
 * Throws `invalid_input` naming the problem.
 */
export function requestFrom(kind: GenerationKind, input: GenerationInput, invocation: string): GenerationRequest {
  const prompt = String((kind === "voice" ? input.script : input.prompt) ?? "").trim();
  if (!prompt) throw new StudioToolRefusal("invalid_input", emptyPromptError(kind, { invocation }).message);
  const values: Record<string, readonly string[]> = {};
  const problems: string[] = [];
  for (const [key, value] of Object.entries(input)) {
    if (NOT_FLAGS.has(key) || value === undefined) continue;
    const flag = FLAG_OF[key] ?? key;
    if (typeof value === "boolean") {
      if (value) values[flag] = ["true"];
    } else if (typeof value === "number") {
      const read = readNumber(flag, String(value));
      if (typeof read === "string") problems.push(read);
      else values[flag] = [String(read)];
    } else if (Array.isArray(value)) {
      if (value.length) values[flag] = value.map(String);
    } else values[flag] = [String(value)];
  }
  if (problems.length) throw new StudioToolRefusal("invalid_input", problems.join(" "), { problems });
  return generationCommand(kind, prompt, values satisfies FlagValues);
}

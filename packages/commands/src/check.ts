import type { Catalog, CatalogModel, Preset } from "./catalog.js";
import { checkAvatar, checkLipsync, checkReferences, checkVideoModel } from "./check-media.js";
import { checkModel, checkValue, modelsHelp, type OptionProblem } from "./check-problems.js";
import { echo } from "./flags.js";
import { checkRatio as checkRatioText, SUGGESTED_RATIO_VALUES } from "./ratio.js";
import type {
  Command,
  GenerationKind,
  ImageCommand,
  InvocationOptions,
  MusicCommand,
  VideoCommand,
  VoiceCommand,
} from "./types.js";

export type { OptionProblem } from "./check-problems.js";

// Checks a parsed command against the catalog and presets before anything is generated, so a wrong value costs
// the user a second try, not credits. The rules follow the API's generation rules as the sandbox implements
// them (packages/sandbox/src/generation/validate.ts): values come from the chosen model, presets must exist,
// fit the output and a non-stackable one must be used alone.

/** Images per request (the API's bound for `count`). */
export const MAX_COUNT = 4;
/** Music duration bounds the API accepts, in seconds. */
export const MUSIC_SECONDS = { min: 1, max: 600 } as const;

/** The outcome of {@link checkOptions}: the model the command will use, or every problem found. */
export type CheckResult = { ok: true; model: CatalogModel | undefined } | { ok: false; problems: OptionProblem[] };

const PRESET_FORMAT: Partial<Record<GenerationKind, string>> = { image: "IMAGE", video: "VIDEO" };
const presetsHelp = (invocation: string) => `\`${invocation} presets\` lists the presets.`;

// One rule for images and videos (ratio.ts says why).
function checkRatio(problems: OptionProblem[], ratio: string | undefined): void {
  if (ratio === undefined) return;
  const checked = checkRatioText(ratio);
  if (checked.ok) return;
  problems.push({
    option: "--ratio",
    message: checked.reason,
    valid: [...SUGGESTED_RATIO_VALUES],
    validIntro: "`--ratio` takes width:height, e.g.",
  });
}

function checkPresets(
  problems: OptionProblem[],
  slugs: string[],
  role: GenerationKind,
  presets: Preset[],
  invocation: string,
): void {
  if (!slugs.length) return;
  const format = PRESET_FORMAT[role];
  const fitting = presets.filter((preset) => !format || !preset.outputFormat || preset.outputFormat === format);
  const valid = fitting.map((preset) => preset.slug);
  const found: Preset[] = [];
  for (const slug of slugs) {
    const preset = presets.find((candidate) => candidate.slug === slug);
    const help = presetsHelp(invocation);
    if (!preset) problems.push({ option: "--preset", message: `There is no preset \`${echo(slug)}\`.`, valid, help });
    else if (!fitting.includes(preset)) {
      const kind = (preset.outputFormat ?? "").toLowerCase();
      problems.push({
        option: "--preset",
        message: `\`${slug}\` is ${/^[aeiou]/.test(kind) ? "an" : "a"} ${kind} preset, not for ${role}.`,
        valid,
        help,
      });
    } else found.push(preset);
  }
  const alone = found.find((preset) => preset.stackable === false);
  if (alone && slugs.length > 1) {
    problems.push({
      option: "--preset",
      message: `\`${alone.slug}\` cannot be combined with other presets: use it on its own.`,
      valid: fitting.filter((preset) => preset.stackable !== false).map((preset) => preset.slug),
      help: presetsHelp(invocation),
    });
  }
}

function checkImage(
  problems: OptionProblem[],
  command: ImageCommand,
  catalog: Catalog,
  presets: Preset[],
  invocation: string,
) {
  checkRatio(problems, command.ratio);
  if (command.count !== undefined && (command.count < 1 || command.count > MAX_COUNT)) {
    problems.push({
      option: "--count",
      message: `\`--count\` is from 1 to ${MAX_COUNT} images per request (got ${command.count}).`,
      valid: Array.from({ length: MAX_COUNT }, (_, i) => String(i + 1)),
    });
  }
  const model = checkModel(problems, catalog, "image", command.model, invocation);
  if (model) {
    checkValue(problems, "--quality", command.quality, model.supportedQualities, model, "image", invocation);
    checkValue(problems, "--resolution", command.resolution, model.supportedResolutions, model, "image", invocation);
    checkReferences(problems, command.references, model, catalog.imageModels ?? [], "image", invocation);
  }
  checkPresets(problems, command.presets, "image", presets, invocation);
  return model;
}

function checkVideo(
  problems: OptionProblem[],
  command: VideoCommand,
  catalog: Catalog,
  presets: Preset[],
  invocation: string,
) {
  checkRatio(problems, command.ratio);
  const withReferences = (command.references?.length ?? 0) > 0;
  const model = withReferences
    ? checkVideoModel(problems, catalog, command.model, invocation)
    : checkModel(problems, catalog, "video", command.model, invocation);
  if (model) {
    checkValue(problems, "--duration", command.duration, model.supportedDurations, model, "video", invocation);
    checkValue(problems, "--resolution", command.resolution, model.supportedResolutions, model, "video", invocation);
    const candidates = [...(catalog.videoModels ?? []), ...(catalog.referenceToVideoModels ?? [])];
    checkReferences(problems, command.references, model, candidates, "video", invocation);
  }
  // `--end` (endImage) is not judged per model: the catalog has no field saying which models take an end image,
  // and the API (as the sandbox implements it) accepts one with every video model.
  checkPresets(problems, command.presets, "video", presets, invocation);
  return model;
}

function checkMusic(problems: OptionProblem[], command: MusicCommand, catalog: Catalog, invocation: string) {
  const { minDuration: min, maxDuration: max } = command;
  if (command.instrumental && command.lyrics !== undefined) {
    problems.push({
      option: "--lyrics",
      message: "An instrumental track has no lyrics: drop one of the two.",
      valid: [],
    });
  }
  for (const [option, value] of [
    ["--min-duration", min],
    ["--max-duration", max],
  ] as const) {
    if (value !== undefined && (value < MUSIC_SECONDS.min || value > MUSIC_SECONDS.max)) {
      problems.push({ option, message: `\`${option}\` is from 1 to 600 seconds.`, valid: [] });
    }
  }
  const model = checkModel(problems, catalog, "music", undefined, invocation);
  if (min !== undefined && max !== undefined && min > max) {
    problems.push({ option: "--min-duration", message: "`--min-duration` is more than `--max-duration`.", valid: [] });
  } else if (model && (min !== undefined || max !== undefined)) {
    // The API picks one of the model's lengths inside the bounds; none inside means a refusal.
    const lengths = model.supportedDurations ?? [];
    const fits = lengths.some((seconds) => seconds >= (min ?? 0) && seconds <= (max ?? Number.POSITIVE_INFINITY));
    if (!fits) {
      problems.push({
        option: "--min-duration",
        message: `${model.id} makes tracks of ${lengths.join(", ")} seconds; none is within your bounds.`,
        valid: lengths.map(String),
        help: modelsHelp("music", invocation),
      });
    }
  }
  return model;
}

const checkVoice = (problems: OptionProblem[], command: VoiceCommand, catalog: Catalog, invocation: string) =>
  checkModel(problems, catalog, "voice", command.voice, invocation, "--voice");

/**
 * Checks a command's options against the model catalog (`availableGenerationModels`) and the presets
 * (`studioPresetsPage` items) before any credit is spent. Commands that generate nothing always pass. A
 * problem's `help` names the command to type with the caller's `invocation`. The model returned is the one that
 * makes the result: for `avatar` the speaking-avatar model and for `lipsync` the lip-sync model (the voiceover's
 * voice is checked too); for a video with `--ref`, the reference-to-video default unless `--model` names one.
 *
 * @example
 * const checked = checkOptions(command, catalog, presets, { invocation: "studio" });
 * if (!checked.ok) for (const problem of checked.problems) console.error(problem.message, problem.help ?? "");
 */
export function checkOptions(
  command: Command,
  catalog: Catalog,
  presets: Preset[],
  { invocation }: InvocationOptions,
): CheckResult {
  const problems: OptionProblem[] = [];
  let model: CatalogModel | undefined;
  if (command.kind === "image") model = checkImage(problems, command, catalog, presets, invocation);
  else if (command.kind === "video") model = checkVideo(problems, command, catalog, presets, invocation);
  else if (command.kind === "music") model = checkMusic(problems, command, catalog, invocation);
  else if (command.kind === "voice") model = checkVoice(problems, command, catalog, invocation);
  else if (command.kind === "avatar") model = checkAvatar(problems, command, catalog, invocation);
  else if (command.kind === "lipsync") model = checkLipsync(problems, command, catalog, invocation);
  return problems.length ? { ok: false, problems } : { ok: true, model };
}

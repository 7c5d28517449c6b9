// The Remix modal: a result's request (its prompt and every option) as inputs to change before generating again.
// Options are selects filled from the model catalog and the presets, so a person picks rather than types; only what
// fits the kind is shown. Its submission is read in remix-form.ts and runs through the command's own flow.

import {
  type Catalog,
  type ImageCommand,
  MAX_COUNT,
  type MusicCommand,
  modelsFor,
  type Preset,
  type VideoCommand,
  type VoiceCommand,
} from "@studio-kit/commands";
import { DEFAULT_RATIO, DEFAULT_VIDEO_RATIO } from "../intent/defaults.js";
import { type Block, context } from "./blocks.js";
import type { ModalView } from "./boards.js";
import {
  MAX_INPUT_TEXT,
  type ModalPlace,
  modalMetadata,
  multiSelectInput,
  plain,
  selectInput,
  textInput,
} from "./modal-parts.js";
import { MODEL_DEFAULT, modelChoices, optionChoices, presetChoices, ratioChoices } from "./remix-choices.js";

/** What Remix can remix: the commands made from a prompt and settings. */
export type RemixCommand = ImageCommand | VideoCommand | MusicCommand | VoiceCommand;

/** The kinds of {@link RemixCommand}. */
export type RemixKind = RemixCommand["kind"];

/** The Remix modal's `callback_id` and the `block_id` of each input (also where a field's error is shown). */
export const REMIX_MODAL = {
  callbackId: "studio_remix_modal",
  prompt: "studio_remix_prompt",
  model: "studio_remix_model",
  ratio: "studio_remix_ratio",
  count: "studio_remix_count",
  quality: "studio_remix_quality",
  resolution: "studio_remix_resolution",
  duration: "studio_remix_duration",
  audio: "studio_remix_audio",
  presets: "studio_remix_presets",
  lyrics: "studio_remix_lyrics",
  instrumental: "studio_remix_instrumental",
  minDuration: "studio_remix_min_duration",
  maxDuration: "studio_remix_max_duration",
  voice: "studio_remix_voice",
  language: "studio_remix_language",
} as const;

export { MODEL_DEFAULT } from "./remix-choices.js";

/** The values of the video's Sound and the music's Vocals selects. */
export const SOUND = {
  with: "with-sound",
  without: "no-sound",
  vocals: "vocals",
  instrumental: "instrumental",
} as const;

/** Where a Remix modal answers, and the job (and kind) it remixes. */
export interface RemixModalContext extends ModalPlace {
  kind: RemixKind;
  jobId?: string | undefined;
}

/** What the modal offers: the catalog's models and the presets. */
export interface RemixData {
  catalog: Catalog;
  presets: Preset[];
}

const TITLE: Record<RemixKind, string> = {
  image: "Remix image",
  video: "Remix video",
  music: "Remix music",
  voice: "Remix voiceover",
};

function presetsInput(presets: Preset[], format: "IMAGE" | "VIDEO", initial: string[]): Block[] {
  const choices = presetChoices(presets, format);
  if (!choices.length) return [];
  return [multiSelectInput({ block: REMIX_MODAL.presets, label: "Presets", optional: true, choices, initial })];
}

const promptInput = (label: string, initial: string) =>
  textInput({ block: REMIX_MODAL.prompt, label, initial, multiline: true, maxLength: MAX_INPUT_TEXT });

/** The model select (the voice select for a voiceover): the chosen one, else the role's default, else the first. */
function modelSelect(
  { models, defaultId }: ReturnType<typeof modelsFor>,
  chosen: string | undefined,
  { block, label }: { block: string; label: string } = { block: REMIX_MODAL.model, label: "Model" },
): Block {
  return selectInput({
    block,
    label,
    choices: modelChoices(models, chosen),
    initial: chosen ?? defaultId ?? models[0]?.id,
  });
}

/** The ratio select, on the command's ratio or the kind's default. */
const ratioSelect = (ratio: string) =>
  selectInput({ block: REMIX_MODAL.ratio, label: "Ratio", choices: ratioChoices(ratio), initial: ratio });

/** The resolution select: every resolution the kind's models offer, the model's default first. */
const resolutionSelect = (models: ReturnType<typeof modelsFor>["models"], chosen: string | undefined) =>
  selectInput({
    block: REMIX_MODAL.resolution,
    label: "Resolution",
    choices: optionChoices(models, (model) => model.supportedResolutions, chosen),
    initial: chosen ?? MODEL_DEFAULT,
  });

function imageBlocks(command: ImageCommand, data: RemixData): Block[] {
  const role = modelsFor(data.catalog, "image");
  const { models } = role;
  return [
    promptInput("Prompt", command.prompt),
    modelSelect(role, command.model),
    ratioSelect(command.ratio ?? DEFAULT_RATIO),
    selectInput({
      block: REMIX_MODAL.count,
      label: "How many",
      choices: Array.from({ length: MAX_COUNT }, (_, i) => ({
        value: String(i + 1),
        label: i === 0 ? "1 image" : `${i + 1} images`,
      })),
      initial: String(command.count ?? 1),
    }),
    selectInput({
      block: REMIX_MODAL.quality,
      label: "Quality",
      choices: optionChoices(models, (model) => model.supportedQualities, command.quality),
      initial: command.quality ?? MODEL_DEFAULT,
    }),
    resolutionSelect(models, command.resolution),
    ...presetsInput(data.presets, "IMAGE", command.presets),
  ];
}

function videoBlocks(command: VideoCommand, data: RemixData): Block[] {
  const role = modelsFor(data.catalog, "video");
  const { models } = role;
  return [
    promptInput("Prompt", command.prompt),
    modelSelect(role, command.model),
    ratioSelect(command.ratio ?? DEFAULT_VIDEO_RATIO),
    selectInput({
      block: REMIX_MODAL.duration,
      label: "Duration",
      choices: optionChoices(models, (model) => model.supportedDurations, command.duration, " s"),
      initial: command.duration === undefined ? MODEL_DEFAULT : String(command.duration),
    }),
    resolutionSelect(models, command.resolution),
    selectInput({
      block: REMIX_MODAL.audio,
      label: "Sound",
      choices: [
        { value: SOUND.with, label: "Generate sound with the video" },
        { value: SOUND.without, label: "No sound" },
      ],
      initial: command.audio ? SOUND.with : SOUND.without,
    }),
    ...presetsInput(data.presets, "VIDEO", command.presets),
  ];
}

function musicBlocks(command: MusicCommand): Block[] {
  const seconds = (value: number | undefined) => (value === undefined ? undefined : String(value));
  return [
    promptInput("Prompt", command.prompt),
    textInput({ block: REMIX_MODAL.lyrics, label: "Lyrics", optional: true, multiline: true, initial: command.lyrics }),
    selectInput({
      block: REMIX_MODAL.instrumental,
      label: "Vocals",
      choices: [
        { value: SOUND.vocals, label: "With vocals" },
        { value: SOUND.instrumental, label: "Instrumental (no vocals)" },
      ],
      initial: command.instrumental ? SOUND.instrumental : SOUND.vocals,
    }),
    textInput({
      block: REMIX_MODAL.minDuration,
      label: "Shortest length (seconds)",
      optional: true,
      maxLength: 3,
      initial: seconds(command.minDuration),
    }),
    textInput({
      block: REMIX_MODAL.maxDuration,
      label: "Longest length (seconds)",
      optional: true,
      maxLength: 3,
      initial: seconds(command.maxDuration),
    }),
  ];
}

function voiceBlocks(command: VoiceCommand, data: RemixData): Block[] {
  return [
    promptInput("Script", command.script),
    modelSelect(modelsFor(data.catalog, "voice"), command.voice, { block: REMIX_MODAL.voice, label: "Voice" }),
    textInput({
      block: REMIX_MODAL.language,
      label: "Language",
      optional: true,
      maxLength: 35,
      initial: command.language,
      placeholder: "en, fr, de…",
    }),
  ];
}

function blocksFor(command: RemixCommand, data: RemixData): Block[] {
  switch (command.kind) {
    case "image":
      return imageBlocks(command, data);
    case "video":
      return videoBlocks(command, data);
    case "music":
      return musicBlocks(command);
    case "voice":
      return voiceBlocks(command, data);
  }
}

/**
 * The Remix modal for a command: its inputs prefilled with the command's values (a value the command left out
 * shows as "The model's default" or the flow's default ratio), a `note` first when the settings could not all be
 * read (a pruned job), and a line saying where the result goes and what is checked first.
 */
export function remixModal(command: RemixCommand, data: RemixData, ctx: RemixModalContext, note?: string): ModalView {
  return {
    type: "modal",
    callback_id: REMIX_MODAL.callbackId,
    private_metadata: modalMetadata({ ...ctx }),
    title: plain(TITLE[command.kind], 24),
    submit: plain("Generate", 24),
    close: plain("Cancel", 24),
    blocks: [
      ...(note ? [context(note)] : []),
      ...blocksFor(command, data),
      context(
        "A new job starts in the result's thread with these settings. The usual checks apply first: access, options, quotas and credits.",
      ),
    ],
  };
}

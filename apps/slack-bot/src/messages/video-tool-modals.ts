// The small modals of a video result's Subtitles and Colour look buttons, and the reading of their submissions.
// Reading is a plain function (no Slack): the submission listener turns its errors into `response_action: "errors"`
// and its tool into the video-tool flow. A modal, not a select in the message: a select in a message starts the
// job the moment it is picked (a slip costs a job), and keeps showing the pick to the clicker afterwards. The looks
// are a select whose labels say what each does ("Warm: golden light and warmer skin tones").

import { context } from "./blocks.js";
import type { ModalView } from "./boards.js";
import {
  COLOUR_LOOKS,
  COLOUR_STRENGTHS,
  type ColourLookName,
  type ColourStrength,
  colourAdjustments,
  colourLook,
} from "./colour-looks.js";
import { chosenValue, type ModalPlace, type ModalValues, modalMetadata, plain, selectInput } from "./modal-parts.js";
import { DEFAULT_SUBTITLE_LANGUAGE, SUBTITLE_LANGUAGES, type VideoTool } from "./video-tools.js";

/** The Subtitles modal's `callback_id` and `block_id`s. */
export const SUBTITLES_MODAL = {
  callbackId: "studio_subtitles_modal",
  languageBlock: "studio_subtitles_language",
} as const;

/** The Colour look modal's `callback_id` and `block_id`s. */
export const COLOUR_MODAL = {
  callbackId: "studio_colour_look_modal",
  lookBlock: "studio_colour_look",
  strengthBlock: "studio_colour_strength",
} as const;

/** Where a tool modal answers, and the video (and job) it acts on. */
export interface ToolModalContext extends ModalPlace {
  videoId: string;
  jobId?: string | undefined;
}

const NOTE =
  "The result arrives in the thread as a new video; the original stays as it is. Access and quotas apply first.";

/** The Subtitles modal: one language (English first), then Add subtitles. */
export function subtitlesModal(ctx: ToolModalContext): ModalView {
  return {
    type: "modal",
    callback_id: SUBTITLES_MODAL.callbackId,
    private_metadata: modalMetadata({ ...ctx }),
    title: plain("Subtitles", 24),
    submit: plain("Add subtitles", 24),
    close: plain("Cancel", 24),
    blocks: [
      selectInput({
        block: SUBTITLES_MODAL.languageBlock,
        label: "Language of the subtitles",
        choices: SUBTITLE_LANGUAGES.map((language) => ({ value: language.code, label: language.name })),
        initial: DEFAULT_SUBTITLE_LANGUAGE,
      }),
      context(NOTE),
    ],
  };
}

/** The Colour look modal: a named look (each with a line saying what it does) and how strongly to apply it. */
export function colourLookModal(ctx: ToolModalContext): ModalView {
  return {
    type: "modal",
    callback_id: COLOUR_MODAL.callbackId,
    private_metadata: modalMetadata({ ...ctx }),
    title: plain("Colour look", 24),
    submit: plain("Apply", 24),
    close: plain("Cancel", 24),
    blocks: [
      selectInput({
        block: COLOUR_MODAL.lookBlock,
        label: "Look",
        choices: COLOUR_LOOKS.map((look) => ({ value: look.name, label: `${look.label}: ${look.description}` })),
      }),
      selectInput({
        block: COLOUR_MODAL.strengthBlock,
        label: "Strength",
        choices: COLOUR_STRENGTHS.map((strength) => ({ value: strength.name, label: strength.label })),
        initial: "normal",
      }),
      context(NOTE),
    ],
  };
}

/** What a tool modal's submission asks for, or the errors to show under its inputs (keyed by `block_id`). */
export type ToolForm = { ok: true; tool: VideoTool } | { ok: false; errors: Record<string, string> };

/**
 * Reads the Subtitles modal's submission. The payload is checked as Slack sent it, not as the modal promised: a
 * select's value can be forged.
 */
export function readSubtitlesForm(values: ModalValues): ToolForm {
  const language = chosenValue(values, SUBTITLES_MODAL.languageBlock);
  if (!language || !SUBTITLE_LANGUAGES.some((known) => known.code === language)) {
    return { ok: false, errors: { [SUBTITLES_MODAL.languageBlock]: "Pick one of the listed languages." } };
  }
  return { ok: true, tool: { name: "subtitles", language } };
}

/** Reads the Colour look modal's submission into the look's seven values at the chosen strength. */
export function readColourForm(values: ModalValues): ToolForm {
  const errors: Record<string, string> = {};
  const lookName = chosenValue(values, COLOUR_MODAL.lookBlock);
  const look = lookName ? colourLook(lookName) : undefined;
  if (!look) errors[COLOUR_MODAL.lookBlock] = "Pick one of the looks.";
  const strength = chosenValue(values, COLOUR_MODAL.strengthBlock) ?? "normal";
  if (!COLOUR_STRENGTHS.some((known) => known.name === strength)) {
    errors[COLOUR_MODAL.strengthBlock] = "Pick Subtle, Normal or Strong.";
  }
  if (!look || Object.keys(errors).length) return { ok: false, errors };
  const name: ColourLookName = look.name;
  return {
    ok: true,
    tool: { name: "colour", look: name, adjustments: colourAdjustments(name, strength as ColourStrength) },
  };
}

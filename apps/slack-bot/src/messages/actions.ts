import type { ImageEditKind, VideoFormatRatio } from "../store/job-requests.js";
import { context, escapeText, message, quote, type SlackMessage, section } from "./blocks.js";

export type { ImageEditKind, VideoFormatRatio } from "../store/job-requests.js";

const DOING: Record<ImageEditKind, string> = {
  variations: "variations of an image",
  upscale: "an upscaled (2x) image",
  removeBackground: "an image without its background",
};

/** The progress of a button's work, posted in the result's thread and replaced by the new result. */
export function editProgressMessage(user: string, kind: ImageEditKind, prompt: string): SlackMessage {
  const line = `<@${escapeText(user)}> asked for ${DOING[kind]}: “${quote(prompt, 300)}” `;
  return message(line, [section(`:hourglass_flowing_sand: ${line}`)]);
}

/** The note when the work a button asked for failed: what happened, in words, and what to do. */
export function editFailedMessage(user: string, kind: ImageEditKind, errorMessage?: string | null): SlackMessage {
  const text = `<@${escapeText(user)}>, ${DOING[kind]} could not be made`;
  const why = errorMessage ? ` The studio said: “${quote(errorMessage, 300)}”.` : "";
  return message(`${text}.`, [section(`:x: ${text}.${why}`), context("Try the button again, or a new prompt.")]);
}

const FORMAT_NAME: Record<VideoFormatRatio, string> = { "9:16": "a vertical (9:16)", "1:1": "a square (1:1)" };

/** The progress of a Vertical / Square click, posted in the result's thread and replaced by the new video. */
export function videoFormatProgressMessage(user: string, ratio: VideoFormatRatio, prompt: string): SlackMessage {
  const about = prompt ? `: “${quote(prompt, 300)}”` : "";
  const line = `<@${escapeText(user)}> asked for ${FORMAT_NAME[ratio]} version of a video${about}`;
  return message(line, [section(`:hourglass_flowing_sand: ${line}`)]);
}

/** The note when a format variant could not be made (a FAILED generation or a refusal), in words. */
export function videoFormatFailedMessage(
  user: string,
  ratio: VideoFormatRatio,
  errorMessage?: string | null,
): SlackMessage {
  const text = `<@${escapeText(user)}>, ${FORMAT_NAME[ratio]} version of the video could not be made`;
  const why = errorMessage ? ` The studio said: “${quote(errorMessage, 300)}”.` : "";
  return message(`${text}.`, [section(`:x: ${text}.${why}`), context("Try the button again later.")]);
}

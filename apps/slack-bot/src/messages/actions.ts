import { context, escapeText, message, quote, type SlackMessage, section } from "./blocks.js";

/** What a result button does to an image, in the words the progress and notes use. */
export type ImageEditKind = "variations" | "upscale" | "removeBackground";

const DOING: Record<ImageEditKind, string> = {
  variations: "variations of an image",
  upscale: "an upscaled (2x) image",
  removeBackground: "an image without its background",
};

/** The progress of a button's work, posted in the result's thread and replaced by the new result. */
export function editProgressMessage(user: string, kind: ImageEditKind, prompt: string): SlackMessage {
  const line = `<@${escapeText(user)}> asked for ${DOING[kind]}: “${quote(prompt, 300)}” — working on it …`;
  return message(line, [section(`:hourglass_flowing_sand: ${line}`)]);
}

/** The note when the work a button asked for failed: what happened, in words, and what to do. */
export function editFailedMessage(user: string, kind: ImageEditKind, errorMessage?: string | null): SlackMessage {
  const text = `<@${escapeText(user)}>, ${DOING[kind]} could not be made`;
  const why = errorMessage ? ` The studio said: “${quote(errorMessage, 300)}”.` : "";
  return message(`${text}.`, [section(`:x: ${text}.${why}`), context("Try the button again, or a new prompt.")]);
}

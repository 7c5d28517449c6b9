// The video tools on a video result (issue 20): Add sound, Subtitles, Upscale and Colour look. What each is, and the
// words its progress, result and failure use, so that a thread reads as a history ("Subtitled (English): …").
// The job kind that runs them is jobs/video-tool-kind.ts; the values sent are chosen here and in colour-looks.ts.

import type { VideoTool } from "../store/job-requests.js";
import { context, escapeText, message, quote, type SlackMessage, section } from "./blocks.js";
import { colourLookLabel } from "./colour-looks.js";

export type { VideoTool } from "../store/job-requests.js";

/**
 * The languages the Subtitles modal offers, as the `language` codes sent to `addSubtitles`. The spec gives the
 * field as a free `String` and no list (spec, Gaps: "value ranges of ... subtitle ... parameters: not shown"); the
 * bot sends ISO 639-1 codes, as it does for a voiceover's `--language`, and offers the languages people here ask
 * for most. The sandbox takes any text.
 */
export const SUBTITLE_LANGUAGES = [
  { code: "en", name: "English" },
  { code: "es", name: "Spanish" },
  { code: "fr", name: "French" },
  { code: "de", name: "German" },
  { code: "it", name: "Italian" },
  { code: "pt", name: "Portuguese" },
  { code: "nl", name: "Dutch" },
  { code: "pl", name: "Polish" },
  { code: "sv", name: "Swedish" },
  { code: "ja", name: "Japanese" },
  { code: "ko", name: "Korean" },
  { code: "zh", name: "Chinese" },
  { code: "hi", name: "Hindi" },
  { code: "ar", name: "Arabic" },
] as const satisfies readonly { code: string; name: string }[];

/** The language the Subtitles modal starts on. */
export const DEFAULT_SUBTITLE_LANGUAGE = "en";

/** A language's name for the words of a result ("Subtitled (French):"); the code itself when it is not listed. */
export function languageName(code: string): string {
  return SUBTITLE_LANGUAGES.find((language) => language.code === code)?.name ?? code;
}

/**
 * The scale the Upscale button sends to `updateVideo`. The sandbox takes "2x" and "4x" (the spec shows no values);
 * ×2 is what the image Upscale does, so one word means one thing on both kinds of result.
 */
export const VIDEO_UPSCALE_SCALE = "2x";

/** The first words of a tool's result: "Sound for", "Subtitled (English):", "Upscaled ×2:", "Colour look (Warm):". */
export function videoToolWhat(tool: VideoTool): string {
  switch (tool.name) {
    case "sound":
      return "Sound for";
    case "subtitles":
      return `Subtitled (${languageName(tool.language)}):`;
    case "upscale":
      return `Upscaled ×${tool.scale.replace(/x$/i, "")}:`;
    case "colour":
      return `Colour look (${colourLookLabel(tool.look)}):`;
  }
}

/** What a tool makes, in words for a sentence: "sound for a video", "a subtitled video (English)". */
export function videoToolAsked(tool: VideoTool): string {
  switch (tool.name) {
    case "sound":
      return "sound for a video";
    case "subtitles":
      return `a subtitled video (${languageName(tool.language)})`;
    case "upscale":
      return `an upscaled (×${tool.scale.replace(/x$/i, "")}) video`;
    case "colour":
      return `a video with the ${colourLookLabel(tool.look)} colour look`;
  }
}

/** The progress of a tool's job, posted in the result's thread and replaced by its result. */
export function videoToolProgressMessage(user: string, tool: VideoTool, prompt: string): SlackMessage {
  const about = prompt ? `: “${quote(prompt, 300)}”` : "";
  const line = `<@${escapeText(user)}> asked for ${videoToolAsked(tool)}${about}`;
  return message(line, [section(`:hourglass_flowing_sand: ${line}`)]);
}

/** The note when a tool's result could not be made (a FAILED job or a refusal), in words; the original is as it was. */
export function videoToolFailedMessage(user: string, tool: VideoTool, errorMessage?: string | null): SlackMessage {
  const text = `<@${escapeText(user)}>, ${videoToolAsked(tool)} could not be made`;
  const why = errorMessage ? ` The studio said: “${quote(errorMessage, 300)}”.` : "";
  return message(`${text}.`, [
    section(`:x: ${text}.${why}`),
    context("The original video is unchanged. Try the button again later."),
  ]);
}

/** The note when the video to upscale could not be copied: nothing was edited (decision 0008). */
export function videoCopyFailedMessage(user: string): SlackMessage {
  const text = `<@${escapeText(user)}>, the video could not be copied to upscale it, so nothing was edited`;
  return message(`${text}.`, [section(`:x: ${text}.`), context("The original is unchanged. Try the button again.")]);
}

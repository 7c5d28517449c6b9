// What help says beyond the usage lines: what the grammar cannot show. The buttons under a result, images
// attached to a mention, and where the ids that `--ref`, `--from`, `--image`, `--video` and `--audio` take come from.
// Without these a person sees `[--ref id]` and has no way to find an id, and never learns that Animate or Remix
// exist until a result happens to show them.

import type { CommandWord } from "@studio-kit/commands";
import { INVOCATION } from "../intent/slack-grammar.js";
import { escapeText } from "./blocks.js";

const code = (text: string) => `\`${escapeText(text)}\``;

/** The buttons under each kind of result, as their labels read (messages/result-buttons.ts). */
export const RESULT_BUTTONS_TEXT =
  "*Buttons under a result* (each click is a new job, answered in the result's thread)\n" +
  "• An image: *Variations*, *Upscale*, *Remove background*, *Animate* (a video that starts on the image), " +
  "*Add to board*\n" +
  "• A video: *Vertical 9:16*, *Square 1:1*, and its tools: *Add sound*, *Subtitles* (pick a language), " +
  "*Upscale*, *Colour look* (pick a look and a strength)\n" +
  "• Every result: *Regenerate* (the same request again) and, where it has options to change, *Remix* (its prompt " +
  "and options in a form, to change before it runs)";

/** Images shared with a mention or in the DM: references, an avatar's photo, or the library. */
export const ATTACHED_IMAGES_TEXT =
  "*Images attached to a mention* (or sent in the DM with the text)\n" +
  `• ${code("@Studio image <prompt>")} or ${code("@Studio video <prompt>")} with images attached: they are ` +
  "reference images, as many as the model takes\n" +
  `• ${code("@Studio avatar <script>")} with a photo attached: the photo speaks the script\n` +
  "• A bare prompt with images asks first (one button generates with them); images alone go to the library";

/** Where ids come from, for the flags that name an earlier result. */
export const IDS_TEXT =
  "*Ids for* `--ref`, `--from`, `--end`, `--image`, `--video`, `--audio`: every result shows its id in the grey " +
  `line under it (such as ${code("img_…")}); copy it from there. ${code(`${INVOCATION} history`)} links to your ` +
  "earlier results.";

/**
 * What `/studio help <command>` adds under the usage of a command whose flags name other results or whose words
 * need saying: references and attachments, a video's first and last frame, an avatar's photo, lip sync's sources.
 */
export const TOPIC_NOTES: Partial<Record<CommandWord, readonly string[]>> = {
  image: [
    `${code("--ref <id>")} (repeatable) uses an earlier image as a reference image; so do images attached to ` +
      `${code("@Studio image <prompt>")}. At most the model's limit: ${code(`${INVOCATION} models image`)} says it.`,
    `${code("--brand")} adds the workspace's brand to the prompt (${code(`${INVOCATION} brand`)} shows what).`,
    RESULT_BUTTONS_TEXT,
    IDS_TEXT,
  ],
  video: [
    `${code("--from <image id>")} starts the video on that image (the *Animate* button under an image does the ` +
      `same); ${code("--end <image id>")} ends it on another, where the model allows.`,
    `${code("--ref <id>")} and images attached to ${code("@Studio video <prompt>")} are reference images, where the ` +
      `model takes them. ${code("--brand")} adds the workspace's brand to the prompt.`,
    RESULT_BUTTONS_TEXT,
    IDS_TEXT,
  ],
  avatar: [
    `Attach a photo to ${code("@Studio avatar <script>")} (in a channel or the DM), or name an image result with ` +
      `${code("--image <id>")}. The script is read aloud first, then the photo speaks it; the cost of both steps ` +
      "is checked before anything is spent.",
    IDS_TEXT,
  ],
  lipsync: [
    `${code("--video <id>")} is the video to sync, to ${code("--audio <id>")} (an audio result) or to the script ` +
      `read aloud: ${code(`${INVOCATION} lipsync --video <id> Hello and welcome`)}.`,
    IDS_TEXT,
  ],
  brand: [`${code("--brand")} on ${code("image")} or ${code("video")} adds this summary of the brand to the prompt.`],
  history: [
    "Your own jobs only, newest first (10 unless you give a number, at most 25), each with a link to its message " +
      "and *Run again*.",
  ],
  help: [RESULT_BUTTONS_TEXT, ATTACHED_IMAGES_TEXT, IDS_TEXT],
};

/** The sections the whole help shows after the commands. */
export const GUIDE_SECTIONS: readonly string[] = [RESULT_BUTTONS_TEXT, ATTACHED_IMAGES_TEXT, IDS_TEXT];

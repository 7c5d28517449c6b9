// What the bot says in Slack's assistant view (the AI split view, decision 0012) and agent view (the DM as the
// conversation, listeners/assistant/agent-dm.ts): the suggested prompts of a new thread or of the DM, the greeting,
// a thread's title and the status line a running job shows. Plain text: Slack renders the status as
// "<App name> <status>" and the title and prompts as plain strings.

import type { JobRequest } from "../store/types.js";
import type { ImageEditKind } from "./actions.js";
import { escapeText, message, type SlackMessage, section, truncate } from "./blocks.js";
import { whatIsAsked } from "./describe.js";
import { videoToolAsked, videoToolWhat } from "./video-tools.js";

/** A suggested prompt: the button's title, and the message it sends as the person (the bot reads it as typed). */
export interface SuggestedPrompt {
  title: string;
  message: string;
}

/**
 * The prompts a new assistant thread (and the agent view's DM) offers; Slack shows at most 4. A chip is one click on
 * a label, and Slack sends its `message` as the person's, so none of them spends (decision 0025): "Make an image"
 * and "Make a video" are answered with a question, an example, its cost and a button (messages/prompt-questions.ts);
 * the credits and the boards are only read.
 */
export const SUGGESTED_PROMPTS: readonly SuggestedPrompt[] = [
  { title: "Make an image", message: "Make an image" },
  { title: "Make a video", message: "Make a video" },
  { title: "My credits", message: "credits" },
  { title: "My boards", message: "boards" },
];

/** The heading Slack shows above the suggested prompts. */
export const SUGGESTED_PROMPTS_TITLE = "Try one of these";

/**
 * The greeting of a new thread: one line that says what to type, as Slack's own AI apps greet (briefly). It is
 * also the thread's first bot message, where Bolt's default thread-context store keeps the context.
 */
export function assistantGreeting(user: string): SlackMessage {
  const line =
    `Hi <@${escapeText(user)}>! Describe an image and I'll make it, or start with ` +
    "`video`, `music` or `voice`. `help` lists everything.";
  return message(line, [section(line)]);
}

/** Longest thread title the bot sets: a glance in the assistant's history, not the whole prompt. */
export const TITLE_MAX = 60;

const EDIT_TITLE: Record<ImageEditKind, string> = {
  variations: "Variations of",
  upscale: "Upscaled ×2 of",
  removeBackground: "Background removed:",
};

/** One line of user text, cut short. */
const short = (text: string, max: number) => truncate(text.replace(/\s+/g, " ").trim(), max);

/**
 * The thread's title, from what its job asks for, in the words its result starts with.
 *
 * @example assistantTitle(imageRequest) // "Image: a lighthouse at dusk, watercolour"
 */
export function assistantTitle(request: JobRequest): string {
  let title: string;
  switch (request.kind) {
    case "image":
      title = `${(request.command.count ?? 1) > 1 ? "Images" : "Image"}: ${request.command.prompt}`;
      break;
    case "video":
      title = `Video: ${request.command.prompt}`;
      break;
    case "audio":
      title =
        request.command.kind === "voice" ? `Voiceover: ${request.command.script}` : `Music: ${request.command.prompt}`;
      break;
    case "image-edit":
      title = `${EDIT_TITLE[request.edit]} ${request.source.prompt}`;
      break;
    case "video-format":
      title = `${request.ratio === "9:16" ? "Vertical 9:16" : "Square 1:1"} version of ${request.prompt || "a video"}`;
      break;
    case "video-tool":
      title = `${videoToolWhat(request.tool)} ${request.prompt || "a video"}`;
      break;
    case "avatar":
      title = `Speaking avatar: ${request.command.script}`;
      break;
    case "lipsync":
      title = `Lip sync: ${request.command.script ?? "a video"}`;
      break;
  }
  // A person's prompt: escaped like every other field it reaches (issue 27), once it is cut: cut after escaping,
  // "&lt;" could lose its end ("… `code` &…"), and Slack would show the broken entity as typed.
  return escapeText(short(title, TITLE_MAX));
}

const EDIT_WHAT: Record<ImageEditKind, string> = {
  variations: "variations of an image",
  upscale: "an upscaled image",
  removeBackground: "an image without its background",
};

/** What a job makes, in words: "an image", "2 images", "a video", "a vertical version of a video". */
function jobWhat(request: JobRequest): string {
  switch (request.kind) {
    case "image":
    case "video":
    case "audio":
      return whatIsAsked(request.command);
    case "image-edit":
      return EDIT_WHAT[request.edit];
    case "video-format":
      return `a ${request.ratio === "9:16" ? "vertical" : "square"} version of a video`;
    case "video-tool":
      return videoToolAsked(request.tool);
    case "avatar":
    case "lipsync":
      return whatIsAsked(request.command);
  }
}

/** Where a job is, as its status line says it. */
export type StatusPhase = "sending" | "queued" | "running";

/**
 * A job's status line (Slack puts the app's name before it): "is generating an image… 40%". The percentage is
 * whole and shown only once the studio reports one.
 *
 * @example assistantStatus(imageRequest, "running", 42.4) // "is generating an image… 42%"
 */
export function assistantStatus(request: JobRequest, phase: StatusPhase, percent?: number): string {
  const what = jobWhat(request);
  switch (phase) {
    case "sending":
      return `is sending your request for ${what}…`;
    case "queued":
      return `is generating ${what}… (queued at the studio)`;
    case "running": {
      const shown = percent === undefined || !Number.isFinite(percent) ? 0 : Math.round(Math.min(100, percent));
      return shown > 0 ? `is generating ${what}… ${shown}%` : `is generating ${what}…`;
    }
  }
}

/** The status while the bot reads a message, before it knows what it will do (most answers follow at once). */
export const READING_STATUS = "is reading your request…";

/** The status while shared files go to the studio library. */
export const INTAKE_STATUS = "is adding your files to the studio library…";

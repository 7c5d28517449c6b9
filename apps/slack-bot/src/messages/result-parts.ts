// The shapes a result message is built from, apart from the builders (results.ts, result-buttons.ts) so that both
// read them without importing each other, and the delivery layer above reads the final message's shape.

import type { JobTag } from "../services/job-metadata.js";
import type { SlackMessage } from "./blocks.js";

/** A file the bot uploaded to Slack for a result, not shared yet: it joins the result message. */
export interface SlackFileRef {
  id: string;
  /** Its name in Slack: the extension says whether an image block can show it. */
  filename: string;
}

/** A finished asset to show: its id (for the buttons), its Slack file, and the platform's link as a fallback. */
export interface ResultAsset {
  id: string;
  /** The uploaded Slack file, when there is one. */
  file?: SlackFileRef | null;
  /** The platform's URL (expires): shown when there is no Slack file, only where the bot cannot upload. */
  url?: string | null;
  /**
   * Why a result in a channel the bot uploads to shows no file, said in words instead of a link: "coming" (Slack has
   * not taken the message with its file yet; it replaces this one when it does), "failed" (the upload failed).
   */
  missing?: "coming" | "failed";
}

/** Who asked, what the result is, and the channel's default board, if one was chosen with `/studio board use`. */
export interface ResultContext {
  user: string;
  prompt: string;
  /**
   * What the result is, as its first words: "Image:", "2 images:", "Variation of", "Upscaled ×2 of", "Background
   * removed:", "Video:", "Music:", "Voiceover:". Default: "Result:".
   */
  what?: string;
  /** The job that made it: its buttons carry the id, so a click reads the original request's settings again. */
  jobId?: string | null;
  defaultBoard?: { id: string; title: string } | null;
  /** A line about the `--board` push ("Added to …" or why not), shown under the results. */
  boardNote?: string | null;
  /** A line saying `--brand` was applied and with what words (messages/brand.ts), shown under the results. */
  brandNote?: string | null;
  /**
   * A change asked in a result's thread ("more blue"): the header says it after the prompt it changed, "*Changed*
   * “a lighthouse at dusk”: more blue" (issue 39), so the reply says what was understood.
   */
  change?: string;
  /** Whether the job row offers Remix (default true); a result made from another asset, not from settings, has none. */
  remix?: boolean;
}

/** A job's final message: the message, the unshared Slack files that go with it, and the job (tags a new post). */
export interface FinalMessage {
  message: SlackMessage;
  /** Files for chat.update's `file_ids`; when there are any, the result replaces its progress message. */
  fileIds?: readonly string[];
  /**
   * The result's Slack metadata: its job's id (a result posted anew is found by it, as its progress message was) and,
   * for a finished job, what it made and how (`studio_job_finished`).
   */
  tag?: JobTag;
  /**
   * The same result without Slack files, saying that they are coming, sent when Slack refuses the message: reports
   * say Slack may refuse a just-uploaded, unshared file in `slack_file` ("invalid slack file") while it processes it.
   * The message with the files replaces it once Slack takes them (delivery/files-later.ts).
   */
  fallback?: SlackMessage;
}

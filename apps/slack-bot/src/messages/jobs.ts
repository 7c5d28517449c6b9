import type { JobRecord, JobRequest } from "../store/types.js";
import { context, escapeText, message, quote, type SlackMessage, section } from "./blocks.js";
import { whatIsAsked } from "./describe.js";
import { videoToolAsked } from "./video-tools.js";

/** What an image edit asked for, each in its own words (history lists them apart). */
const EDIT_ASKED: Record<Extract<JobRequest, { kind: "image-edit" }>["edit"], string> = {
  variations: "a variation of an image",
  upscale: "an upscaled image",
  removeBackground: "an image without its background",
};

/** What a stored job asked for, in words ("2 images", "an upscaled image", "a vertical video"). */
export function whatTheJobAsked(job: Pick<JobRecord, "request">): string {
  const { request } = job;
  switch (request.kind) {
    case "image":
    case "video":
    case "audio":
    case "avatar":
    case "lipsync":
      return whatIsAsked(request.command);
    case "image-edit":
      return EDIT_ASKED[request.edit];
    case "video-format":
      return request.ratio === "9:16" ? "a vertical video" : "a square video";
    case "video-tool":
      return videoToolAsked(request.tool);
  }
}

/**
 * The final message of a job the bot stopped following at the worst moment: the mutation may have reached the API,
 * and its answer (the ids) was lost. Sending it again could charge twice, so the bot does not; the person is told
 * where a result would be.
 */
export function lostJobMessage(job: Pick<JobRecord, "request" | "user">): SlackMessage {
  const what = whatTheJobAsked(job);
  const text = `<@${escapeText(job.user)}>, the bot restarted while it was starting ${what}, and could not follow it.`;
  return message(text, [
    section(`:warning: ${text}`),
    context(
      "It was not sent again, so it was charged at most once. If it was made, it is in the asset library: `/studio assets <a word of the prompt>`.",
    ),
  ]);
}

/** The prompt (or script) a stored job was asked with; "" when it has none. */
export function promptOfTheJob(request: JobRequest): string {
  switch (request.kind) {
    case "image":
    case "video":
      return request.command.prompt;
    case "audio":
      return request.command.kind === "voice" ? request.command.script : request.command.prompt;
    case "image-edit":
      return request.source.prompt;
    case "video-format":
    case "video-tool":
      return request.prompt;
    case "avatar":
      return request.command.script;
    case "lipsync":
      return request.command.script ?? "";
  }
}

/**
 * How far a job got before the API or the network failed it: `not-sent` (refused, or it never left: nothing ran),
 * `maybe-sent` (sent, and answered with a 5xx, a dropped connection or nothing in time: it may have run and been
 * charged), `sent` (the API took it; following it failed).
 */
export type JobFailureStage = "not-sent" | "maybe-sent" | "sent";

const WHERE_IF_MADE = "If it was made, it is in the asset library: `/studio assets <a word of the prompt>`.";

/**
 * The final message of a job the API or the network failed (a FAILED generation has `failedMessage`): what was
 * asked, what went wrong (`reason`, problems.ts' words for the error), and what it cost. The bot never sends a
 * job's generation twice, so nothing more is spent, and the person is not left guessing whether to ask again.
 */
export function jobProblemMessage(
  job: Pick<JobRecord, "request" | "user">,
  stage: JobFailureStage,
  reason: string,
): SlackMessage {
  let prompt = "";
  try {
    prompt = String(promptOfTheJob(job.request) ?? "").trim();
  } catch {
    // A job stored by an older version may lack the field: the message still says what kind of job it was.
  }
  const asked = `${whatTheJobAsked(job)}${prompt ? ` (“${quote(prompt, 200)}”)` : ""}`;
  const who = `<@${escapeText(job.user)}>`;
  const [text, cost] =
    stage === "not-sent"
      ? [`${who}, ${asked} could not be started. ${reason}`, "Nothing was generated and no credits were spent."]
      : stage === "maybe-sent"
        ? [
            `${who}, ${asked} may not have started: the studio API did not answer properly when it was sent.`,
            `It was not sent again, so nothing more is spent (it is charged once at most). ${WHERE_IF_MADE}`,
          ]
        : [
            `${who}, I stopped following ${asked}. ${reason}`,
            `It was sent once and is not sent again, so nothing more is spent. ${WHERE_IF_MADE}`,
          ];
  return message(text, [section(`:warning: ${text}`), context(cost)]);
}

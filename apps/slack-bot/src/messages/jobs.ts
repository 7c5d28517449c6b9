import type { JobRecord } from "../store/types.js";
import { context, escapeText, message, type SlackMessage, section } from "./blocks.js";
import { whatIsAsked } from "./describe.js";
import { videoToolAsked } from "./video-tools.js";

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
      return request.edit === "variations" ? "a variation of an image" : "an edited image";
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

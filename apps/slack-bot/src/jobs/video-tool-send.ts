// The send step of a video-tool job (jobs/video-tool-kind.ts), called once ever, after the job is recorded `sending`.
//
// What each tool does to the clicked video, as the sandbox implements the spec (packages/sandbox/src/generation):
// - Add sound: `generateVideoSfx` makes a NEW audio (its `audioId`), followed through `audioStatus`;
// - Subtitles: `addSubtitles` makes a NEW video; the source is untouched;
// - Colour look: `applyVideoColorAdjustments` makes a NEW video ("graded"); the source is untouched;
// - Upscale: `updateVideo` edits the record IN PLACE (same id, its file swapped when the edit's job completes). So,
//   as decision 0008 does for images, the step first uploads a copy of the video's bytes as a new video, then sends
//   `updateVideo` to the copy; both inside `sending`, so a stop between them never sends the edit again (the job
//   reads as lost, and an unedited copy may stay in the library: the orphan the decision accepts).

import { StudioError } from "@studio-kit/core";
import {
  AddSubtitlesDocument,
  ApplyVideoColorAdjustmentsDocument,
  GenerateVideoSfxDocument,
  UpdateVideoDocument,
} from "@studio-kit/operations";
import type { BotDeps } from "../deps.js";
import { videoCopyFailedMessage, videoToolFailedMessage } from "../messages/video-tools.js";
import { copyVideo } from "../services/video-copy.js";
import type { JobOf, Sent } from "./kind.js";

/** What a mutation answered that made (or edited) a video: its id when it reported success. */
const videoId = (answer: { success?: boolean | null; video?: { id: string } | null } | null | undefined) =>
  answer?.success && answer.video?.id ? answer.video.id : undefined;

/** Sends the job's tool; its ids are the new asset's (an audio for Add sound, a video otherwise). */
export async function sendVideoTool(deps: BotDeps, job: JobOf<"video-tool">): Promise<Sent> {
  const { tool, videoId: source } = job.request;
  const refused: Sent = { accepted: false, message: videoToolFailedMessage(job.user, tool) };
  switch (tool.name) {
    case "sound": {
      const { generateVideoSfx } = await deps.studio.request(GenerateVideoSfxDocument, {
        workspaceId: await deps.studio.workspaceId(),
        videoId: source,
      });
      if (!generateVideoSfx?.success || !generateVideoSfx.audioId) return refused;
      return { accepted: true, ids: [generateVideoSfx.audioId] };
    }
    case "subtitles": {
      const { addSubtitles } = await deps.studio.request(AddSubtitlesDocument, {
        workspaceId: await deps.studio.workspaceId(),
        videoId: source,
        language: tool.language,
      });
      const id = videoId(addSubtitles);
      return id ? { accepted: true, ids: [id] } : refused;
    }
    case "colour": {
      const { applyVideoColorAdjustments } = await deps.studio.request(ApplyVideoColorAdjustmentsDocument, {
        id: source,
        ...tool.adjustments,
      });
      const id = videoId(applyVideoColorAdjustments);
      return id ? { accepted: true, ids: [id] } : refused;
    }
    case "upscale":
      return upscaleCopy(deps, job, tool.scale);
  }
}

/** Upscale: a copy of the video, then `updateVideo` on the copy; the job's id is the copy's. */
async function upscaleCopy(deps: BotDeps, job: JobOf<"video-tool">, scale: string): Promise<Sent> {
  const source = job.request.videoId;
  let copyId: string;
  try {
    copyId = await copyVideo(deps.studio, source);
  } catch (error) {
    // The API's own refusals (a read-only key, a bad key) and failures go to the runner, which tells them apart.
    if (error instanceof StudioError) throw error;
    deps.logger.warn({ err: error, job: job.id, video: source }, "could not copy the video to upscale; nothing edited");
    return { accepted: false, message: videoCopyFailedMessage(job.user) };
  }
  deps.logger.info({ job: job.id, video: source, copy: copyId }, "video copied for an upscale");
  const { updateVideo } = await deps.studio.request(UpdateVideoDocument, { id: copyId, upscaleScale: scale });
  const id = videoId(updateVideo);
  return id
    ? { accepted: true, ids: [id] }
    : { accepted: false, message: videoToolFailedMessage(job.user, job.request.tool) };
}

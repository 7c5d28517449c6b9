import { GenerateVideoDocument, GenerateVideoFormatVariantDocument } from "@studio-kit/operations";
import type { PolledVideo } from "@studio-kit/poller";
import type { BotDeps } from "../deps.js";
import { DEFAULT_VIDEO_RATIO } from "../flows/defaults.js";
import { pushResults } from "../flows/result-board.js";
import { videoFormatFailedMessage, videoFormatProgressMessage } from "../messages/actions.js";
import { whatIsAsked } from "../messages/describe.js";
import { failedMessage } from "../messages/errors.js";
import { progressMessage } from "../messages/progress.js";
import { videoResultsMessage } from "../messages/results.js";
import type { Finished, JobKindHandler } from "./kind.js";

/**
 * The `mode` sent with every `generateVideoFormatVariant`. A GUESS: `VideoFormatVariantMode`'s values are not
 * documented (docs/schema-gaps.md G26) and the sandbox takes any non-empty text, so the real API may refuse it;
 * a refusal becomes the "could not be made" note. Change it here only.
 */
export const VIDEO_FORMAT_MODE = "AUTO";

/** Follows one video to its end, reporting its progress. */
async function waitForVideo(deps: BotDeps, id: string, onPercent: (percent: number) => void): Promise<PolledVideo> {
  return deps.poller.waitForVideo(id, {
    onUpdate: (record) => {
      if (record.status !== "COMPLETED" && record.status !== "FAILED") onPercent(record.progress ?? 0);
    },
  });
}

const onlyId = (ids: string[]) => {
  const [id] = ids;
  if (!id) throw new Error("a video job holds one video id");
  return id;
};

/** `/studio video`: `generateVideo`, then the video with its buttons. */
export const videoJob: JobKindHandler<"video"> = {
  progress: (job, percent) => progressMessage({ user: job.user, command: job.request.command, percent }),
  async send(deps, job) {
    const { command } = job.request;
    const { generateVideo } = await deps.studio.request(GenerateVideoDocument, {
      workspaceId: await deps.studio.workspaceId(),
      prompt: command.prompt,
      aspectRatio: command.ratio ?? DEFAULT_VIDEO_RATIO,
      model: command.model ?? null,
      duration: command.duration ?? null,
      resolution: command.resolution ?? null,
      generateAudio: command.audio ? true : null,
      presetSlugs: command.presets.length ? command.presets : null,
    });
    const id = generateVideo?.video?.id;
    if (!generateVideo?.success || !id) return { accepted: false, message: videoJob.failed(job) };
    return { accepted: true, ids: [id] };
  },
  async follow(deps, job, onPercent): Promise<Finished> {
    const { command, pushTo, defaultBoard } = job.request;
    const video = await waitForVideo(deps, onlyId(job.resultIds), onPercent);
    if (video.status !== "COMPLETED") {
      return { message: videoJob.failed(job, video.errorMessage), files: [], outcome: "failed" };
    }
    const boardNote = await pushResults(deps, pushTo, "video", [video.id]);
    const prompt = command.prompt;
    const asset = { id: video.id, url: video.videoUrl ?? video.downloadUrl };
    const message = videoResultsMessage([asset], { user: job.user, prompt, defaultBoard, boardNote, jobId: job.id });
    const file = { id: video.id, downloadUrl: video.downloadUrl ?? video.videoUrl, kind: "video" as const };
    return { message, files: [{ ...file, title: prompt }], outcome: "completed" };
  },
  failed: (job, errorMessage) =>
    failedMessage({ user: job.user, what: whatIsAsked(job.request.command), errorMessage }),
};

/** Vertical 9:16 and Square 1:1 on a video result: `generateVideoFormatVariant`, then the new video. */
export const videoFormatJob: JobKindHandler<"video-format"> = {
  progress: (job) => videoFormatProgressMessage(job.user, job.request.ratio, job.request.prompt),
  async send(deps, job) {
    const { videoId, ratio } = job.request;
    const { generateVideoFormatVariant: queued } = await deps.studio.request(GenerateVideoFormatVariantDocument, {
      videoId,
      targetAspectRatio: ratio,
      mode: VIDEO_FORMAT_MODE,
    });
    const id = queued?.video?.id;
    if (!queued?.success || !id) return { accepted: false, message: videoFormatJob.failed(job) };
    return { accepted: true, ids: [id] };
  },
  async follow(deps, job, onPercent): Promise<Finished> {
    const { prompt, ratio, defaultBoard } = job.request;
    const video = await waitForVideo(deps, onlyId(job.resultIds), onPercent);
    if (video.status !== "COMPLETED") {
      return { message: videoFormatJob.failed(job, video.errorMessage), files: [], outcome: "failed" };
    }
    const asset = { id: video.id, url: video.videoUrl ?? video.downloadUrl };
    const message = videoResultsMessage([asset], { user: job.user, prompt, defaultBoard, jobId: job.id });
    const downloadUrl = video.downloadUrl ?? video.videoUrl;
    const title = prompt ? `${prompt} (${ratio})` : `${video.id} (${ratio})`;
    return { message, files: [{ id: video.id, downloadUrl, kind: "video", title }], outcome: "completed" };
  },
  failed: (job, errorMessage) => videoFormatFailedMessage(job.user, job.request.ratio, errorMessage),
};

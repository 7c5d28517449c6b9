import { videoVariables } from "@studio-kit/commands";
import { GenerateVideoDocument, GenerateVideoFormatVariantDocument } from "@studio-kit/operations";
import type { PolledVideo } from "@studio-kit/poller";
import { shownAsset } from "../delivery/result-files.js";
import type { BotDeps } from "../deps.js";
import { videoFormatFailedMessage, videoFormatProgressMessage } from "../messages/actions.js";
import { brandAppliedNote } from "../messages/brand.js";
import { whatIsAsked } from "../messages/describe.js";
import { failedMessage } from "../messages/errors.js";
import { progressMessage } from "../messages/progress.js";
import { type ResultContext, videoResultsMessage } from "../messages/results.js";
import { withBrandPrompt } from "./brand-prompt.js";
import type { Finished, JobKindHandler } from "./kind.js";
import { pushResults } from "./push-results.js";
import { untilStopped } from "./until-stopped.js";

/**
 * The `mode` sent with every `generateVideoFormatVariant`. A GUESS: `VideoFormatVariantMode`'s values are not
 * documented (docs/schema-gaps.md G26) and the sandbox takes any non-empty text, so the real API may refuse it;
 * a refusal becomes the "could not be made" note. Change it here only.
 */
export const VIDEO_FORMAT_MODE = "AUTO";

/** Follows one video to its end, reporting its progress. */
async function waitForVideo(deps: BotDeps, id: string, onPercent: (percent: number) => void): Promise<PolledVideo> {
  return deps.poller.waitForVideo(id, {
    ...untilStopped(deps),
    onUpdate: (record) => {
      if (record.status !== "COMPLETED" && record.status !== "FAILED") onPercent(record.progress ?? 0);
    },
  });
}

/** A finished video: its file to upload, and the result message with it. */
function videoFinished(video: PolledVideo, ctx: ResultContext): Finished {
  const url = video.videoUrl ?? video.downloadUrl;
  return {
    outcome: "completed",
    files: [
      {
        id: video.id,
        downloadUrl: video.downloadUrl ?? video.videoUrl,
        kind: "video",
        title: `${ctx.what} ${ctx.prompt || video.id}`,
      },
    ],
    render: (uploaded) => videoResultsMessage([shownAsset(uploaded, video.id, url)], ctx),
  };
}

const onlyId = (ids: string[]) => {
  const [id] = ids;
  if (!id) throw new Error("a video job holds one video id");
  return id;
};

/** `/studio video`: `generateVideo`, then the video with its buttons. */
export const videoJob: JobKindHandler<"video"> = {
  takes: () => "minutes",
  streams: false,
  progress: (job) => progressMessage({ user: job.user, command: job.request.command }),
  async send(deps, job) {
    const { command } = job.request;
    const { generateVideo } = await deps.studio.request(GenerateVideoDocument, {
      workspaceId: await deps.studio.workspaceId(),
      ...videoVariables(withBrandPrompt(command, job.request.brand)),
    });
    const id = generateVideo?.video?.id;
    if (!generateVideo?.success || !id) return { accepted: false, message: videoJob.failed(job) };
    return { accepted: true, ids: [id] };
  },
  async follow(deps, job, onPercent): Promise<Finished> {
    const { command, pushTo, defaultBoard } = job.request;
    const video = await waitForVideo(deps, onlyId(job.resultIds), onPercent);
    if (video.status !== "COMPLETED") return { message: videoJob.failed(job, video.errorMessage), outcome: "failed" };
    const boardNote = await pushResults(deps, pushTo, "video", [video.id]);
    // Animate and `--from` say so first: the thread then reads "Video from an image" under the image.
    const what = command.firstFrame ? "Video from an image:" : "Video:";
    const brandNote = job.request.brand ? brandAppliedNote(job.request.brand) : null;
    const ctx = { user: job.user, prompt: command.prompt, what, defaultBoard, boardNote, brandNote, jobId: job.id };
    return videoFinished(video, ctx);
  },
  failed: (job, errorMessage) =>
    failedMessage({ user: job.user, what: whatIsAsked(job.request.command), errorMessage }),
};

/** Vertical 9:16 and Square 1:1 on a video result: `generateVideoFormatVariant`, then the new video. */
export const videoFormatJob: JobKindHandler<"video-format"> = {
  takes: () => "minutes",
  streams: false,
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
      return { message: videoFormatJob.failed(job, video.errorMessage), outcome: "failed" };
    }
    const what = ratio === "9:16" ? "Vertical 9:16 version of" : "Square 1:1 version of";
    return videoFinished(video, { user: job.user, prompt, what, defaultBoard, jobId: job.id });
  },
  failed: (job, errorMessage) => videoFormatFailedMessage(job.user, job.request.ratio, errorMessage),
};

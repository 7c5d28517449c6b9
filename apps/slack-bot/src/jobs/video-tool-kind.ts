import type { PolledVideo } from "@studio-kit/poller";
import { shownAsset } from "../delivery/result-files.js";
import type { BotDeps } from "../deps.js";
import { audioResultsMessage, type ResultContext, videoResultsMessage } from "../messages/results.js";
import { videoToolFailedMessage, videoToolProgressMessage, videoToolWhat } from "../messages/video-tools.js";
import type { Finished, JobKindHandler, JobOf } from "./kind.js";
import { untilStopped } from "./until-stopped.js";
import { sendVideoTool } from "./video-tool-send.js";

const onlyId = (ids: string[]) => {
  const [id] = ids;
  if (!id) throw new Error("a video-tool job holds one asset id");
  return id;
};

/** The result's context: its first words say which tool made it, the prompt is the source video's. */
function contextOf(job: JobOf<"video-tool">): ResultContext {
  const { tool, prompt, defaultBoard } = job.request;
  // A sound was made from a video, not from settings a person could edit: Remix has nothing to offer on it.
  return {
    user: job.user,
    prompt,
    what: videoToolWhat(tool),
    defaultBoard,
    jobId: job.id,
    remix: tool.name !== "sound",
  };
}

/** Add sound: the audio, as its own result in the thread ("Sound for …"), with its player and buttons. */
async function followSound(deps: BotDeps, job: JobOf<"video-tool">, onPercent: (percent: number) => void) {
  const status = await deps.poller.waitForAudio(onlyId(job.resultIds), {
    ...untilStopped(deps),
    onUpdate: (record) => {
      if (record.status !== "COMPLETED" && record.status !== "FAILED") onPercent(record.progress ?? 0);
    },
  });
  if (status.status !== "COMPLETED" || !status.audio) {
    return { message: videoToolJob.failed(job, status.errorMessage), outcome: "failed" } as const;
  }
  const { audio } = status;
  const ctx = contextOf(job);
  const url = audio.url ?? audio.downloadUrl;
  const title = `${ctx.what} ${job.request.prompt || "a video"}`;
  return {
    outcome: "completed",
    files: [{ id: audio.id, downloadUrl: audio.downloadUrl ?? audio.url, kind: "audio", title }],
    render: (uploaded) => audioResultsMessage([shownAsset(uploaded, audio.id, url)], ctx),
  } satisfies Finished;
}

/** Subtitles, Upscale, Colour look: the new video, as its own result in the thread, with a video's buttons. */
async function followVideo(deps: BotDeps, job: JobOf<"video-tool">, onPercent: (percent: number) => void) {
  const video: PolledVideo = await deps.poller.waitForVideo(onlyId(job.resultIds), {
    ...untilStopped(deps),
    onUpdate: (record) => {
      if (record.status !== "COMPLETED" && record.status !== "FAILED") onPercent(record.progress ?? 0);
    },
  });
  if (video.status !== "COMPLETED") {
    return { message: videoToolJob.failed(job, video.errorMessage), outcome: "failed" } as const;
  }
  const ctx = contextOf(job);
  const url = video.videoUrl ?? video.downloadUrl;
  const title = `${ctx.what} ${job.request.prompt || video.id}`;
  return {
    outcome: "completed",
    files: [{ id: video.id, downloadUrl: video.downloadUrl ?? video.videoUrl, kind: "video", title }],
    render: (uploaded) => videoResultsMessage([shownAsset(uploaded, video.id, url)], ctx),
  } satisfies Finished;
}

/**
 * A video result's Add sound, Subtitles, Upscale and Colour look (video-tool-send.ts says what each sends). Each is
 * a new job whose result is a new message in the result's thread; the original video is never changed.
 */
export const videoToolJob: JobKindHandler<"video-tool"> = {
  // A sound track is an audio made for the video; the other tools make a new video.
  takes: (job) => (job.request.tool.name === "sound" ? "seconds" : "minutes"),
  streams: false,
  progress: (job) => videoToolProgressMessage(job.user, job.request.tool, job.request.prompt),
  send: sendVideoTool,
  follow(deps, job, onPercent): Promise<Finished> {
    return job.request.tool.name === "sound" ? followSound(deps, job, onPercent) : followVideo(deps, job, onPercent);
  },
  failed: (job, errorMessage) => videoToolFailedMessage(job.user, job.request.tool, errorMessage),
};

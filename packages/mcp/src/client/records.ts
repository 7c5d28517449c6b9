import type { PolledAudio, PolledImage, PolledVideo } from "@studio-kit/poller";
import type { GenerationRecord } from "../backend.js";

// One shape for the three ways the API polls (spec, Generation rules 1), without the download URL: a signed URL
// is a secret that would end up in an agent's transcript and logs (the CLI's publicRecord leaves it out too).

/** An image as read by `image(id)` or the poller. */
export const fromImage = (image: PolledImage): GenerationRecord => ({
  id: image.id,
  kind: "image",
  status: image.status ?? "UNKNOWN",
  progress: image.progress ?? null,
  errorMessage: image.errorMessage ?? null,
});

/** A video as read by `video(id)` or the poller. */
export const fromVideo = (video: PolledVideo): GenerationRecord => ({
  id: video.id,
  kind: "video",
  status: video.status ?? "UNKNOWN",
  progress: video.progress ?? null,
  errorMessage: video.errorMessage ?? null,
});

/** An `audioStatus` answer. */
export const fromAudio = (audio: PolledAudio): GenerationRecord => ({
  id: audio.audioId,
  kind: "audio",
  status: audio.status ?? "UNKNOWN",
  progress: audio.progress ?? null,
  errorMessage: audio.errorMessage ?? null,
});

/** True once a record will not change: COMPLETED or FAILED; other values mean still working (schema/library.graphql). */
export const isFinished = (record: GenerationRecord) => record.status === "COMPLETED" || record.status === "FAILED";

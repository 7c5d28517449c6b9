import type { PolledAudio, PolledImage, PolledVideo } from "@studio-kit/poller";

/** What a generated record can be: the three ways the API polls (spec, Generation rules 1). */
export type RecordKind = "image" | "video" | "audio";

/** One record's state, the same shape for every kind. */
export interface RecordState {
  id: string;
  kind: RecordKind;
  status: string;
  progress: number | null;
  errorMessage: string | null;
  /** Where the finished media can be downloaded (a signed URL: never printed, see `publicRecord`). */
  downloadUrl: string | null;
  prompt?: string | null;
}

/** An image as read by `image(id)` or the poller. */
export const fromImage = (image: PolledImage): RecordState => ({
  id: image.id,
  kind: "image",
  status: image.status ?? "UNKNOWN",
  progress: image.progress ?? null,
  errorMessage: image.errorMessage ?? null,
  downloadUrl: image.downloadUrl ?? image.url ?? null,
  prompt: image.prompt,
});

/** A video as read by `video(id)` or the poller. */
export const fromVideo = (video: PolledVideo): RecordState => ({
  id: video.id,
  kind: "video",
  status: video.status ?? "UNKNOWN",
  progress: video.progress ?? null,
  errorMessage: video.errorMessage ?? null,
  downloadUrl: video.downloadUrl ?? video.videoUrl ?? null,
});

/** An `audioStatus` answer. */
export const fromAudio = (audio: PolledAudio): RecordState => ({
  id: audio.audioId,
  kind: "audio",
  status: audio.status ?? "UNKNOWN",
  progress: audio.progress ?? null,
  errorMessage: audio.errorMessage ?? null,
  downloadUrl: audio.audio?.downloadUrl ?? audio.audio?.url ?? null,
});

/**
 * A record as the CLI prints it: everything but the download URL. Signed URLs are never printed, since a terminal's
 * output ends up in CI logs and tickets; `--out DIR` downloads the media instead.
 */
export function publicRecord({ downloadUrl: _url, ...shown }: RecordState): Omit<RecordState, "downloadUrl"> {
  return shown;
}

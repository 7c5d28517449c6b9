// A copy of a library video, so that the video Upscale edits the copy: the API's `updateVideo` edits a record in
// place (the sandbox keeps the id and swaps its file when the edit's job completes), and a card already on a board
// would change under its owner (docs/decisions/0008, the same reasoning as for images). The copy is made as
// every copy is (services/asset-copy.ts), with the category VIDEO (registered with `uploadVideo`).

import type { StudioClient } from "@studio-kit/core";
import { VideoDocument } from "@studio-kit/operations";
import { type CopyKind, copyAsset } from "./asset-copy.js";
import { ServiceError } from "./service-error.js";

/** Why a copy could not be made. Carries the video id and an HTTP status, never the URL. */
export class VideoCopyError extends ServiceError<"gone" | "download_failed" | "unknown_length" | "not_registered"> {
  override readonly name = "VideoCopyError";
  constructor(
    code: VideoCopyError["code"],
    readonly videoId: string,
    message: string,
    readonly status?: number,
  ) {
    super("video-copy", code, message, { videoId, status });
  }
}

/** Options of {@link copyVideo}. */
export interface CopyVideoOptions {
  /** The fetch that downloads the original's bytes. Default the global one. */
  fetch?: typeof fetch;
}

/** The library's video types (spec, Upload flow: VIDEO), by the extension a download URL ends with (MP4 first). */
const VIDEO: Omit<CopyKind, "error"> = {
  word: "video",
  typename: "Video",
  byExtension: { mp4: "video/mp4", webm: "video/webm", mov: "video/quicktime", avi: "video/x-msvideo" },
  // An mp4 may hold only sound: the bytes alone would not say VIDEO.
  category: "VIDEO",
};

/**
 * Uploads the bytes of library video `videoId` as a new video (`uploadVideo`, same aspect ratio, "Copy of …") and
 * resolves with the new video's id. Rejects with a {@link VideoCopyError} when the video is gone or its bytes cannot
 * be read, and with @studio-kit/upload's errors when the upload fails; nothing is edited either way.
 *
 * @example const copyId = await copyVideo(deps.studio, videoId); // then updateVideo on copyId
 */
export async function copyVideo(
  studio: StudioClient,
  videoId: string,
  options: CopyVideoOptions = {},
): Promise<string> {
  const { video } = await studio.request(VideoDocument, { id: videoId });
  const url = video?.downloadUrl ?? video?.videoUrl;
  if (!video || !url) throw new VideoCopyError("gone", videoId, `video ${videoId} has no download to copy`);
  const kind: CopyKind = {
    ...VIDEO,
    error: (code, message, status) => new VideoCopyError(code, videoId, message, status),
  };
  const displayName = `Copy of ${video.displayName || video.name || video.id}`;
  return copyAsset(
    studio,
    kind,
    { id: video.id, url, aspectRatio: video.aspectRatio, displayName },
    options.fetch ?? fetch,
  );
}

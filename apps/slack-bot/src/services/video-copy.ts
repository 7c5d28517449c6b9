// A copy of a library video, so that the video Upscale edits the copy: the API's `updateVideo` edits a record in
// place (the sandbox keeps the id and swaps its file when the edit's job completes), and a card already on a board
// would change under its owner (docs/decisions/0008, the same reasoning as for images). The copy is made as
// services/image-copy.ts makes an image's: the bytes stream from the video's download URL into @studio-kit/upload's
// three-step upload (category VIDEO, registered with `uploadVideo`), and are fetched again if the upload must send
// them again. The download URL is signed (a secret, conventions.md): it never reaches an error or a log.

import type { StudioClient } from "@studio-kit/core";
import { VideoDocument } from "@studio-kit/operations";
import { type ByteStream, uploadFile } from "@studio-kit/upload";
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

/** The library's video types (spec, Upload flow: VIDEO), by the extension a download URL ends with. */
const BY_EXTENSION: Readonly<Record<string, string>> = {
  mp4: "video/mp4",
  webm: "video/webm",
  mov: "video/quicktime",
  avi: "video/x-msvideo",
};

function extensionOf(url: string): string | undefined {
  try {
    return new URL(url).pathname.match(/\.([a-z0-9]{2,5})$/i)?.[1]?.toLowerCase();
  } catch {
    return undefined;
  }
}

/** The body, with a cancel that does not wait for the download to let go (see image-copy.ts for why). */
function detached(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      void reader.cancel(reason).catch(() => {});
    },
  });
}

async function download(videoId: string, url: string, doFetch: typeof fetch): Promise<Response> {
  let response: Response;
  try {
    response = await doFetch(url);
  } catch (error) {
    // Only the error's name: its message or cause may quote the signed URL.
    const what = error instanceof Error ? error.name : "error";
    throw new VideoCopyError("download_failed", videoId, `could not download video ${videoId} (${what})`);
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel().catch(() => {});
    const message = `the download of video ${videoId} answered ${response.status}`;
    throw new VideoCopyError("download_failed", videoId, message, response.status);
  }
  return response;
}

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
  const doFetch = options.fetch ?? fetch;
  const { video } = await studio.request(VideoDocument, { id: videoId });
  const url = video?.downloadUrl ?? video?.videoUrl;
  if (!video || !url) throw new VideoCopyError("gone", videoId, `video ${videoId} has no download to copy`);
  let first: Response | undefined = await download(videoId, url, doFetch);
  const size = Number(first.headers.get("content-length") ?? Number.NaN);
  if (!Number.isSafeInteger(size) || size < 0) {
    await first.body?.cancel().catch(() => {});
    throw new VideoCopyError("unknown_length", videoId, `the download of video ${videoId} gave no length`);
  }
  const headerType = (first.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  const extension = extensionOf(url);
  const contentType = headerType.startsWith("video/") ? headerType : extension ? BY_EXTENSION[extension] : undefined;
  const stream = (): ByteStream => {
    const body = first?.body;
    first = undefined;
    if (body) return detached(body);
    // The upload needs the bytes again (an expired form, a register that found none): download them again.
    return (async function* again() {
      yield* detached((await download(videoId, url, doFetch)).body as ReadableStream<Uint8Array>);
    })();
  };
  try {
    const { asset } = await uploadFile(studio, {
      stream,
      size,
      filename: `${video.id}-copy.${extension && BY_EXTENSION[extension] ? extension : "mp4"}`,
      contentType: contentType ?? "video/mp4",
      category: "VIDEO",
      ...(video.aspectRatio ? { aspectRatio: video.aspectRatio } : {}),
      displayName: `Copy of ${video.displayName || video.name || video.id}`,
    });
    if (asset?.__typename !== "Video") {
      throw new VideoCopyError("not_registered", videoId, `the copy of video ${videoId} was not registered as a video`);
    }
    return asset.id;
  } finally {
    // Not awaited: a body never read may settle its cancel only when its source is read or closed, and nothing will.
    void first?.body?.cancel().catch(() => {});
  }
}

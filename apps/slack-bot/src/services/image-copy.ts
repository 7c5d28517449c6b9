// A copy of a library image, so that Upscale and Remove background edit the copy: the API's `updateImage` edits a
// record in place, and a card already on a board would change under its owner (docs/decisions/0008). The copy is
// made the way files from Slack reach the library (services/slack-download.ts, flows/slack-intake.ts): the bytes
// stream from their download URL into @studio-kit/upload's three-step upload, and are fetched again if the upload
// must send them again. The download URL is signed (a secret, conventions.md): it never reaches an error or a log.

import type { StudioClient } from "@studio-kit/core";
import { ImageDocument } from "@studio-kit/operations";
import { type ByteStream, uploadFile } from "@studio-kit/upload";
import { ServiceError } from "./service-error.js";

/** Why a copy could not be made. Carries the image id and an HTTP status, never the URL. */
export class ImageCopyError extends ServiceError<"gone" | "download_failed" | "unknown_length" | "not_registered"> {
  override readonly name = "ImageCopyError";
  constructor(
    code: ImageCopyError["code"],
    readonly imageId: string,
    message: string,
    readonly status?: number,
  ) {
    super("image-copy", code, message, { imageId, status });
  }
}

/** Options of {@link copyImage}. */
export interface CopyImageOptions {
  /** The fetch that downloads the original's bytes. Default the global one. */
  fetch?: typeof fetch;
  /** The copy's name in the library. Default "Copy of <the original's name or id>". */
  displayName?: string;
}

/** The library's image types, by the extension a download URL ends with. */
const BY_EXTENSION: Readonly<Record<string, string>> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  avif: "image/avif",
  svg: "image/svg+xml",
};

function extensionOf(url: string): string | undefined {
  try {
    return new URL(url).pathname.match(/\.([a-z0-9]{2,5})$/i)?.[1]?.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * The body, with a cancel that does not wait for the download to let go: the upload cancels the stream when it
 * stops early (a refused key, an expired form) and awaits that, and a body whose cancel never settles (seen with
 * intercepted fetches) must not hold the job's send forever.
 */
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

async function download(imageId: string, url: string, doFetch: typeof fetch): Promise<Response> {
  let response: Response;
  try {
    response = await doFetch(url);
  } catch (error) {
    // Only the error's name: its message or cause may quote the signed URL.
    const what = error instanceof Error ? error.name : "error";
    throw new ImageCopyError("download_failed", imageId, `could not download image ${imageId} (${what})`);
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel().catch(() => {});
    const message = `the download of image ${imageId} answered ${response.status}`;
    throw new ImageCopyError("download_failed", imageId, message, response.status);
  }
  return response;
}

/**
 * Uploads the bytes of library image `imageId` as a new image (`uploadImage`, same aspect ratio) and resolves with
 * the new image's id. Rejects with an {@link ImageCopyError} when the image is gone or its bytes cannot be read, and
 * with @studio-kit/upload's errors when the upload fails; nothing is edited either way.
 *
 * @example const copyId = await copyImage(deps.studio, source.id); // then updateImage on copyId
 */
export async function copyImage(
  studio: StudioClient,
  imageId: string,
  options: CopyImageOptions = {},
): Promise<string> {
  const doFetch = options.fetch ?? fetch;
  const { image } = await studio.request(ImageDocument, { id: imageId });
  const url = image?.downloadUrl;
  if (!image || !url) throw new ImageCopyError("gone", imageId, `image ${imageId} has no download to copy`);
  let first: Response | undefined = await download(imageId, url, doFetch);
  const size = Number(first.headers.get("content-length") ?? Number.NaN);
  if (!Number.isSafeInteger(size) || size < 0) {
    await first.body?.cancel().catch(() => {});
    throw new ImageCopyError("unknown_length", imageId, `the download of image ${imageId} gave no length`);
  }
  const headerType = (first.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  const extension = extensionOf(url);
  const contentType = headerType.startsWith("image/") ? headerType : extension ? BY_EXTENSION[extension] : undefined;
  const stream = (): ByteStream => {
    const body = first?.body;
    first = undefined;
    if (body) return detached(body);
    // The upload needs the bytes again (an expired form, a register that found none): download them again.
    return (async function* again() {
      yield* detached((await download(imageId, url, doFetch)).body as ReadableStream<Uint8Array>);
    })();
  };
  try {
    const { asset } = await uploadFile(studio, {
      stream,
      size,
      filename: `${image.id}-copy.${extension ?? "png"}`,
      ...(contentType ? { contentType } : {}),
      ...(image.aspectRatio ? { aspectRatio: image.aspectRatio } : {}),
      displayName: options.displayName ?? `Copy of ${image.displayName || image.id}`,
    });
    if (asset?.__typename !== "Image") {
      throw new ImageCopyError(
        "not_registered",
        imageId,
        `the copy of image ${imageId} was not registered as an image`,
      );
    }
    return asset.id;
  } finally {
    // Not awaited: a body never read may settle its cancel only when its source is read or closed, and nothing will.
    void first?.body?.cancel().catch(() => {});
  }
}

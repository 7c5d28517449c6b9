// A copy of a library image, so that Upscale and Remove background edit the copy: the API's `updateImage` edits a
// record in place, and a card already on a board would change under its owner (docs/decisions/0008). The copy is
// made as every copy is (services/asset-copy.ts): the bytes stream from the download URL into the upload.

import type { StudioClient } from "@studio-kit/core";
import { ImageDocument } from "@studio-kit/operations";
import { type CopyKind, copyAsset } from "./asset-copy.js";
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

/** The library's image types, by the extension a download URL ends with (PNG first: the fallback). */
const IMAGE: Omit<CopyKind, "error"> = {
  word: "image",
  typename: "Image",
  byExtension: {
    png: "image/png",
    jpg: "image/jpeg",
    jpeg: "image/jpeg",
    webp: "image/webp",
    avif: "image/avif",
    svg: "image/svg+xml",
  },
};

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
  const { image } = await studio.request(ImageDocument, { id: imageId });
  const url = image?.downloadUrl;
  if (!image || !url) throw new ImageCopyError("gone", imageId, `image ${imageId} has no download to copy`);
  const kind: CopyKind = {
    ...IMAGE,
    error: (code, message, status) => new ImageCopyError(code, imageId, message, status),
  };
  const displayName = options.displayName ?? `Copy of ${image.displayName || image.id}`;
  return copyAsset(
    studio,
    kind,
    { id: image.id, url, aspectRatio: image.aspectRatio, displayName },
    options.fetch ?? fetch,
  );
}

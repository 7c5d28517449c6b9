// How a library image or video is copied (services/image-copy.ts, video-copy.ts): the bytes stream from the asset's
// download URL into @studio-kit/upload's three-step upload, and are fetched again if the upload must send them
// again. One path for both kinds; each kind brings its types, its names and its error. The download URL is signed
// (a secret, conventions.md): it never reaches an error or a log.

import type { StudioClient } from "@studio-kit/core";
import type { UploadCategory } from "@studio-kit/operations";
import { type ByteStream, uploadFile } from "@studio-kit/upload";

/** Why a copy could not be made. */
export type CopyFailure = "gone" | "download_failed" | "unknown_length" | "not_registered";

/** What differs between copying an image and a video. */
export interface CopyKind {
  /** "image" or "video", for messages. */
  word: string;
  /** The `__typename` the copy must be registered as. */
  typename: "Image" | "Video";
  /** The library's types of this kind, by the extension a download URL ends with; the first is the fallback. */
  byExtension: Readonly<Record<string, string>>;
  /** Set when the bytes alone may not tell the upload the category (an mp4 may be audio). */
  category?: UploadCategory;
  /** The kind's error, which carries the asset id and an HTTP status, never the URL. */
  error(code: CopyFailure, message: string, status?: number): Error;
}

/** The asset being copied, as its query read it. */
export interface CopySource {
  id: string;
  /** The signed download URL. */
  url: string;
  aspectRatio?: string | null;
  /** The copy's name in the library. */
  displayName: string;
}

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

async function download(kind: CopyKind, id: string, url: string, doFetch: typeof fetch): Promise<Response> {
  let response: Response;
  try {
    response = await doFetch(url);
  } catch (error) {
    // Only the error's name: its message or cause may quote the signed URL.
    const what = error instanceof Error ? error.name : "error";
    throw kind.error("download_failed", `could not download ${kind.word} ${id} (${what})`);
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel().catch(() => {});
    throw kind.error(
      "download_failed",
      `the download of ${kind.word} ${id} answered ${response.status}`,
      response.status,
    );
  }
  return response;
}

/**
 * Uploads the bytes of `source` as a new asset of `kind` (same aspect ratio) and resolves with the new asset's id.
 * Rejects with the kind's error when the bytes cannot be read or the copy is not registered as that kind, and with
 * @studio-kit/upload's errors when the upload fails; nothing is edited either way.
 */
export async function copyAsset(
  studio: StudioClient,
  kind: CopyKind,
  source: CopySource,
  doFetch: typeof fetch,
): Promise<string> {
  const { id, url } = source;
  let first: Response | undefined = await download(kind, id, url, doFetch);
  const size = Number(first.headers.get("content-length") ?? Number.NaN);
  if (!Number.isSafeInteger(size) || size < 0) {
    await first.body?.cancel().catch(() => {});
    throw kind.error("unknown_length", `the download of ${kind.word} ${id} gave no length`);
  }
  const headerType = (first.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  const extension = extensionOf(url);
  const known = extension && kind.byExtension[extension] ? extension : undefined;
  const [fallbackExtension = "bin", fallbackType] = Object.entries(kind.byExtension)[0] ?? [];
  const contentType = headerType.startsWith(`${kind.word}/`)
    ? headerType
    : known
      ? kind.byExtension[known]
      : kind.category
        ? fallbackType
        : undefined;
  const stream = (): ByteStream => {
    const body = first?.body;
    first = undefined;
    if (body) return detached(body);
    // The upload needs the bytes again (an expired form, a register that found none): download them again.
    return (async function* again() {
      yield* detached((await download(kind, id, url, doFetch)).body as ReadableStream<Uint8Array>);
    })();
  };
  try {
    const { asset } = await uploadFile(studio, {
      stream,
      size,
      filename: `${id}-copy.${known ?? fallbackExtension}`,
      ...(contentType ? { contentType } : {}),
      ...(kind.category ? { category: kind.category } : {}),
      ...(source.aspectRatio ? { aspectRatio: source.aspectRatio } : {}),
      displayName: source.displayName,
    });
    if (asset?.__typename !== kind.typename) {
      throw kind.error(
        "not_registered",
        `the copy of ${kind.word} ${id} was not registered as ${kind.word === "image" ? "an image" : "a video"}`,
      );
    }
    return asset.id;
  } finally {
    // Not awaited: a body never read may settle its cancel only when its source is read or closed, and nothing will.
    void first?.body?.cancel().catch(() => {});
  }
}

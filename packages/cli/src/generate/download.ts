import { createWriteStream } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { CliError } from "../errors.js";
import type { RecordState } from "../records.js";

const EXTENSIONS: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "video/mp4": "mp4",
  "video/quicktime": "mov",
  "audio/wav": "wav",
  "audio/x-wav": "wav",
  "audio/wave": "wav",
  "audio/mpeg": "mp3",
  "audio/mp4": "m4a",
};
/** When the response names no known type, the kind's usual format. */
const FALLBACK: Record<RecordState["kind"], string> = { image: "png", video: "mp4", audio: "wav" };

/** The file's extension from the response's Content-Type, else from the URL's path, else the kind's usual one. */
export function extensionOf(contentType: string | null, url: string, kind: RecordState["kind"]): string {
  const type = (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (EXTENSIONS[type]) return EXTENSIONS[type];
  const fromPath = /\.([a-z0-9]{2,4})$/i.exec(new URL(url).pathname)?.[1]?.toLowerCase();
  return fromPath ?? FALLBACK[kind];
}

/**
 * Downloads a finished record's media into `dir` as `<id>.<ext>`, streaming to a temporary name first so a broken
 * download never leaves a file that looks complete. Resolves with the file's path.
 */
export async function download(
  fetcher: typeof fetch,
  record: RecordState,
  dir: string,
  signal?: AbortSignal,
): Promise<string> {
  if (!record.downloadUrl) throw new CliError("failed", `${record.kind} ${record.id} has no download URL.`);
  await mkdir(dir, { recursive: true });
  const response = await fetcher(record.downloadUrl, signal ? { signal } : {});
  if (!response.ok || !response.body) {
    throw new CliError("failed", `Downloading ${record.kind} ${record.id} failed: HTTP ${response.status}.`);
  }
  const path = join(
    dir,
    `${record.id}.${extensionOf(response.headers.get("content-type"), record.downloadUrl, record.kind)}`,
  );
  const partial = `${path}.part`;
  try {
    await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), createWriteStream(partial), {
      signal,
    });
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return path;
}

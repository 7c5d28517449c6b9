import type { StudioClient } from "@studio-kit/core";
import { uploadError } from "./errors.js";
import type { UploadFileOptions, UploadProgress, UploadSettings } from "./options.js";
import type { UploadResult } from "./register.js";
import { sizeOf } from "./source.js";
import { uploadFile } from "./upload-file.js";

/** Progress over a batch: bytes of every file together, and the file that moved. */
export interface UploadFilesProgress extends UploadProgress {
  /** Index in `files` of the file that moved, and its own progress. */
  file: { index: number } & UploadProgress;
}

/** Options of `uploadFiles`: settings shared by every file (a file's own options win), and the batch's own. */
export interface UploadFilesOptions extends UploadSettings {
  /** How many files are sent at once. Default 3. */
  concurrency?: number;
  /** Called as bytes of any file go out; `loaded` only grows. */
  onProgress?: (progress: UploadFilesProgress) => void;
  /** Aborts every upload of the batch; files not started yet are not sent. */
  signal?: AbortSignal;
}

const DEFAULT_CONCURRENCY = 3;

/**
 * Uploads many files, at most `concurrency` at a time, each exactly as
 * `uploadFile` would. One file's failure does not stop the others: the result
 * has one settled entry per file, in the order given. `total` is the sum of
 * every file's size, known before the first byte is sent; a file that fails
 * stops adding to `loaded`.
 *
 * @example
 * ```ts
 * const results = await uploadFiles(client, paths.map((path) => ({ path })), {
 *   concurrency: 4,
 *   onProgress: ({ loaded, total }) => console.log(`${loaded} / ${total} bytes`),
 * });
 * const failed = results.filter((result) => result.status === "rejected");
 * ```
 */
export async function uploadFiles(
  client: StudioClient,
  files: readonly UploadFileOptions[],
  options: UploadFilesOptions = {},
): Promise<PromiseSettledResult<UploadResult>[]> {
  const { concurrency = DEFAULT_CONCURRENCY, onProgress, signal, ...settings } = options;
  if (!Number.isSafeInteger(concurrency) || concurrency < 1) {
    throw uploadError("INVALID_OPTIONS", `uploadFiles: concurrency must be a whole number >= 1, got ${concurrency}.`);
  }
  if (!Array.isArray(files)) throw uploadError("INVALID_OPTIONS", "uploadFiles: pass an array of file options.");

  const sizes = await Promise.all(files.map((file) => sizeOf(file).catch(() => undefined)));
  const total = sizes.reduce<number>((sum, size) => sum + (size ?? 0), 0);
  const loadedOf = files.map(() => 0);
  let loaded = 0;

  const uploadOne = (file: UploadFileOptions, index: number) => {
    const signals = [signal, file.signal].filter((item): item is AbortSignal => item !== undefined);
    return uploadFile(client, {
      ...settings,
      ...file,
      signal: signals.length > 1 ? AbortSignal.any(signals) : signals[0],
      onProgress: (progress) => {
        // Each file's own progress only grows, so the sum does too.
        loaded += progress.loaded - (loadedOf[index] ?? 0);
        loadedOf[index] = progress.loaded;
        file.onProgress?.(progress);
        onProgress?.({ loaded, total, file: { index, ...progress } });
      },
    } as UploadFileOptions);
  };

  const results: PromiseSettledResult<UploadResult>[] = new Array(files.length);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const index = next++;
      const file = files[index] as UploadFileOptions;
      results[index] = await uploadOne(file, index).then(
        (value) => ({ status: "fulfilled", value }),
        (reason: unknown) => ({ status: "rejected", reason }),
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, files.length) }, worker));
  return results;
}

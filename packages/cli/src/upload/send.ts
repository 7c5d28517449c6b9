import type { StudioClient } from "@studio-kit/core";
import { type UploadResult, uploadFile } from "@studio-kit/upload";
import type { CheckedFile } from "./check.js";
import type { UploadBars } from "./progress.js";

/** How one file's upload ended: registered, or the error the upload package rejected with. */
export type UploadOutcome = { file: CheckedFile; result: UploadResult } | { file: CheckedFile; error: unknown };

export interface SendOptions {
  bars: UploadBars;
  /** The fetch that carries the bytes (the session's, so `--verbose` traces the transfer too). */
  fetch: typeof fetch;
  /** Ctrl-C: aborts every upload at once; files not started are not sent. */
  signal?: AbortSignal | undefined;
}

/** Files sent at once: uploadFiles' default, enough to fill a link with small files without crowding the bars. */
const CONCURRENCY = 3;

/**
 * Uploads the checked files with `uploadFile`, at most three at a time, and settles every one: one file's failure
 * does not stop the others, and nothing is retried here beyond what the upload package itself does (it signs an
 * expired form again and resends bytes that did not arrive; a register that may have been applied is never sent
 * again). Each file is declared as the check decided it, so what was checked is what is sent. The pool is this
 * one rather than `uploadFiles`' so that a file's bar says "done" when that file is registered, not when the
 * last one is.
 */
export async function sendFiles(
  client: StudioClient,
  files: readonly CheckedFile[],
  options: SendOptions,
): Promise<UploadOutcome[]> {
  const { bars, signal } = options;
  const sendOne = async (file: CheckedFile, index: number): Promise<UploadOutcome> => {
    try {
      const result = await uploadFile(client, {
        path: file.file,
        contentType: file.contentType,
        category: file.category,
        fetch: options.fetch,
        signal,
        onProgress: ({ loaded }) => bars.progress(index, loaded),
      });
      bars.done(index);
      return { file, result };
    } catch (error) {
      bars.failed(index, signal?.aborted ? "stopped" : "failed");
      return { file, error };
    }
  };
  const outcomes: UploadOutcome[] = new Array(files.length);
  let next = 0;
  const worker = async () => {
    // After Ctrl-C each file not started yet fails at once with ABORTED, before anything is sent.
    while (next < files.length) {
      const index = next++;
      outcomes[index] = await sendOne(files[index] as CheckedFile, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, files.length) }, worker));
  return outcomes;
}

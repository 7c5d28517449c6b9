import { createHash, randomUUID } from "node:crypto";
import { rename, rm } from "node:fs/promises";
import { SourceFailed, writeInBatches } from "./batches.js";
import { MAX_UPLOAD_BYTES, MIN_UPLOAD_BYTES } from "./limits.js";
import { type Outcome, type Received, refuse } from "./refusal.js";

export interface WriteOptions {
  /** Content-Length of a signed PUT: the body must be exactly this long. */
  declaredBytes?: number;
}

class TooLarge extends Error {}
class TooLong extends Error {}
/**
 * A web stream as chunks. Stopping early (the upload was refused) cancels it, so
 * the client's body is not read any further.
 */
export async function* webChunks(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

/**
 * Streams an upload to `target` chunk by chunk, so that a 256 MiB upload costs
 * disk, not memory. The bytes go to a temporary sibling of `target` that the
 * caller commits (renames into place) once the whole request checked out, so a
 * refused retry never spoils an earlier upload and no partial file is left
 * behind. An oversize stream is refused as soon as it crosses 256 MiB,
 * and reading stops there (spec, Limits: 1 byte to 256 MiB).
 */
export async function writeUpload(
  source: AsyncIterable<Uint8Array>,
  target: string,
  options: WriteOptions = {},
): Promise<Outcome> {
  const partial = `${target}.part-${randomUUID()}`;
  const hash = createHash("md5");
  let size = 0;
  // The MD5 is S3's ETag of a single-part upload, which the answer carries.
  const count = (chunk: Uint8Array) => {
    size += chunk.byteLength;
    if (size > MAX_UPLOAD_BYTES) throw new TooLarge();
    if (options.declaredBytes !== undefined && size > options.declaredBytes) throw new TooLong();
    hash.update(chunk);
  };
  try {
    await writeInBatches(source, partial, count);
  } catch (error) {
    await removeQuietly(partial);
    return refusalFor(error, size);
  }
  if (size < MIN_UPLOAD_BYTES) {
    await removeQuietly(partial);
    return refuse(400, "EntityTooSmall", "The upload is empty: a file must be 1 byte to 256 MiB (spec, Limits).");
  }
  if (options.declaredBytes !== undefined && size < options.declaredBytes) {
    await removeQuietly(partial);
    return refuse(
      400,
      "IncompleteBody",
      `The body ended after ${size} of the ${options.declaredBytes} bytes its Content-Length announced.`,
    );
  }
  return { ok: true, size, md5: hash.digest("hex"), partialPath: partial };
}

/** Moves received bytes into place at `target`: the upload is stored from here on. */
export async function commitUpload(received: Received, target: string): Promise<void> {
  await rename(received.partialPath, target);
}

/** Removes received bytes that will not be kept (the form turned out malformed, the record was swept). */
export async function discardUpload(received: Received): Promise<void> {
  await removeQuietly(received.partialPath);
}

/** Clean-up never turns a refusal into a crash: a file the OS will not remove is left to the storage's dispose. */
async function removeQuietly(path: string): Promise<void> {
  await rm(path, { force: true }).catch(() => {});
}

function refusalFor(error: unknown, size: number) {
  if (error instanceof TooLarge) {
    return refuse(
      400,
      "EntityTooLarge",
      `The upload passed the limit of ${MAX_UPLOAD_BYTES} bytes (256 MiB) and was refused there (spec, Limits).`,
    );
  }
  if (error instanceof TooLong) {
    return refuse(400, "IncompleteBody", "The body is longer than its Content-Length: send the exact length.");
  }
  if (error instanceof SourceFailed) {
    return refuse(400, "IncompleteBody", `The upload broke off after ${size} bytes: ${error.message}`);
  }
  // The disk failed, not the client: an honest 500 that says so.
  const message = error instanceof Error ? error.message : String(error);
  return refuse(500, "InternalError", `The sandbox could not store the upload: ${message}`);
}

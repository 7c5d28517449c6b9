import { type FileHandle, open } from "node:fs/promises";

// How received bytes reach the disk. A socket read is about 32 KiB, so writing
// each chunk as it came (fs.WriteStream) cost ~8,000 writes per 256 MiB, each a
// round trip to libuv's thread pool (a futex wake, an eventfd write, an epoll
// wake-up) on the main thread that also parses and hashes: `pnpm bench
// --filter=@studio-kit/upload` measured 0.9-1.2 s of the sandbox's CPU per 256
// MiB form, 0.7 s with 1 MiB batches (packages/upload/README.md, Benchmark).
// The chunks are gathered, not copied: neither busboy nor a request body reuses
// a chunk it handed out (busboy copies the bytes it held back itself).

/** Bytes gathered before one write. */
export const BATCH_BYTES = 1024 * 1024;

/** The client's stream failed (cut off, malformed form): its fault, not the disk's. */
export class SourceFailed extends Error {}

/**
 * Writes `chunks` to a new file at `path` in writes of about BATCH_BYTES, at
 * most one write in flight: the next batch is gathered while the last is
 * written, and the source is not read further while both are full. `onChunk`
 * sees every chunk as it arrives, before it is written; what it throws stops
 * the write there. A failure of the source is thrown as SourceFailed, of the
 * disk as it is. Stopping early returns (cancels) the source.
 */
export async function writeInBatches(
  chunks: AsyncIterable<Uint8Array>,
  path: string,
  onChunk: (chunk: Uint8Array) => void,
): Promise<void> {
  const source = chunks[Symbol.asyncIterator]();
  let finished = false;
  let file: FileHandle | undefined;
  let writing: Promise<void> | undefined;
  try {
    file = await open(path, "w");
    let batch: Uint8Array[] = [];
    let bytes = 0;
    for (;;) {
      const next = await source.next().catch((error: unknown) => {
        finished = true; // A failed source is done: nothing to return.
        throw new SourceFailed(error instanceof Error ? error.message : String(error), { cause: error });
      });
      if (next.done) {
        finished = true;
        break;
      }
      onChunk(next.value);
      batch.push(next.value);
      bytes += next.value.byteLength;
      if (bytes >= BATCH_BYTES) {
        await writing;
        writing = writeAll(file, batch, bytes);
        // Its failure is thrown where it is awaited; until then this keeps it from counting as unhandled.
        writing.catch(() => {});
        batch = [];
        bytes = 0;
      }
    }
    await writing;
    writing = undefined;
    if (bytes > 0) await writeAll(file, batch, bytes);
    await file.close();
  } catch (error) {
    if (!finished) await source.return?.().catch(() => {});
    await writing?.catch(() => {});
    await file?.close().catch(() => {});
    throw error;
  }
}

async function writeAll(file: FileHandle, batch: Uint8Array[], bytes: number): Promise<void> {
  // libuv's writev writes the whole batch (it repeats short writes), or fails.
  const { bytesWritten } = await file.writev(batch);
  if (bytesWritten !== bytes) throw new Error(`only ${bytesWritten} of ${bytes} bytes could be written`);
}

// How a path or a Blob becomes the chunks handed to fetch: read from the source
// in blocks, each block a fresh buffer handed out as views. Measured with `pnpm
// bench` (one 256 MiB file over loopback HTTP to the sandbox, 2 CPUs;
// README.md, Benchmark):
// - Each read from a file is a round trip to libuv's thread pool (a futex wake,
//   an eventfd write, an epoll wake-up). Reading 16 KiB at a time, as this
//   package did, cost the uploading process 0.75-0.9 s of CPU per 256 MiB
//   against 0.1-0.2 s for curl. Blocks of 256 KiB, the next one read while the
//   current one is handed out, halve that.
// - Every chunk handed to fetch must be a buffer never written again: an
//   interceptor (msw, an APM agent) may still hold it after fetch is done with
//   it. So each block is read into a fresh buffer, not a reused one, and its
//   chunks are views of it: no copy (copying into fresh 12 KiB chunks, as this
//   package did, cost 0.39-0.43 s of CPU per 256 MiB; views of 32 KiB with the
//   pacing below, 0.31-0.36 s).
// - Sent blocks are freed only by a garbage collection. V8 collects its young
//   generation when that fills with JavaScript objects, which a block's bytes
//   (outside V8's heap) do not count towards, and JavaScript has no way to
//   report them (native addons have napi_adjust_external_memory). Fetch's own
//   objects per chunk (~6.5 KB) used to pace the collector: peak RSS growth was
//   25-31 MiB at 12 KiB chunks, 37-40 MiB at 64 KiB. So each chunk handed out
//   also allocates PACING_SLOTS of short-lived array, young-generation bytes in
//   step with the bytes sent: 15-25 MiB at 32 KiB chunks.

/** Bytes handed to fetch at a time, each chunk a view of a block never written again. */
export const CHUNK_BYTES = 32 * 1024;

/** Bytes read from a path or a Blob at a time, each block into a fresh buffer. */
export const BLOCK_BYTES = 256 * 1024;

/**
 * Array slots allocated per chunk to pace the young-generation collector (24 KB
 * on 64-bit Node). Peak RSS growth measured: 23-31 MiB with 24 KB per 64 KiB
 * chunk, 21-23 MiB with 48 KB per 64 KiB, 15-25 MiB with 24 KB per 32 KiB.
 */
export const PACING_SLOTS = 3 * 1024;

/** Where each chunk's pacing array goes: stored where it escapes the generator, so that no optimiser drops it. */
// biome-ignore lint/correctness/noUnusedVariables: written, never read; the allocation is its purpose.
let pacing: unknown[] | undefined;

/** Reads the block of `length` bytes at `position` into a fresh buffer, never written again. */
export type ReadBlock = (position: number, length: number) => Promise<Uint8Array>;

/**
 * The bytes [0, size) as views of at most CHUNK_BYTES, read block by block with
 * the next block's read already running while the current block is handed out.
 * A block shorter than asked for is taken as it is; an empty one, before
 * `size`, calls `ended(position)`, which throws.
 */
export async function* chunksOf(
  size: number,
  readBlock: ReadBlock,
  options: { ended(position: number): never },
): AsyncGenerator<Uint8Array> {
  const readAt = (at: number) => {
    const read = readBlock(at, Math.min(BLOCK_BYTES, size - at));
    // Its failure is thrown where it is awaited. Until then (or if the pass stops
    // first) the handler keeps Node from taking it for an unhandled rejection.
    read.catch(() => {});
    return read;
  };
  let position = 0;
  let next = size > 0 ? readAt(0) : undefined;
  while (next) {
    const block = await next;
    if (block.byteLength === 0) options.ended(position);
    position += block.byteLength;
    next = position < size ? readAt(position) : undefined;
    for (let offset = 0; offset < block.byteLength; offset += CHUNK_BYTES) {
      pacing = new Array(PACING_SLOTS);
      yield block.subarray(offset, Math.min(offset + CHUNK_BYTES, block.byteLength));
    }
  }
  pacing = undefined;
}

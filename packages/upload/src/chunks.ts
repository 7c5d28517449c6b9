// How a path or a Blob becomes the chunks handed to fetch: read from the source
// in large blocks, handed out in small fresh chunks. Measured with `pnpm bench`
// (one 256 MiB file over loopback HTTP to the sandbox, 2 CPUs; README.md,
// Benchmark):
// - Each read from a file is a round trip to libuv's thread pool (a futex wake,
//   an eventfd write, an epoll wake-up). Reading 16 KiB at a time, as this
//   package did, cost the uploading process 0.75-0.9 s of CPU per 256 MiB
//   against 0.1-0.2 s for curl. The sandbox needs about one CPU of the two to
//   hash and store the bytes, so that CPU was taken from it: the form way ran at
//   0.6-0.9x curl. Reading 256 KiB blocks halves the uploader's CPU (0.4-0.5 s;
//   0.3 s once the code is optimised).
// - Every chunk handed to fetch must be a fresh buffer, never written again: an
//   interceptor (msw, an APM agent) may still hold it after fetch is done with
//   it. Sent chunks wait for the garbage collector, so the uploader's memory
//   grows with the chunk size: peak RSS growth was 25-28 MiB at 12 KiB, 21-25
//   MiB at 8 KiB, 17-34 MiB at 16 KiB and 37-40 MiB at 64 KiB. Chunks of 32 or
//   64 KiB also cost more CPU than 12-16 KiB (fresh pages for each allocation).
// So a file is read BLOCK_BYTES at a time into two buffers kept for the pass
// (the next block is read while the current one is handed out), and each chunk
// is a fresh copy of CHUNK_BYTES of the block.

/** Bytes handed to fetch at a time, each chunk a fresh buffer. */
export const CHUNK_BYTES = 12 * 1024;

/** Bytes read from a path or a Blob at a time. */
export const BLOCK_BYTES = 256 * 1024;

/**
 * Reads the block of `length` bytes at `position`. `slot` (0 or 1) names the
 * buffer the caller may reuse for it: the block read into a slot is handed out
 * completely before that slot is read into again.
 */
export type ReadBlock = (position: number, length: number, slot: 0 | 1) => Promise<Uint8Array>;

/**
 * The bytes [0, size) as chunks of at most CHUNK_BYTES, read block by block with
 * the next block's read already running while the current block is handed out.
 * `copy` says whether a block lives in a reused buffer, so that each chunk must
 * be copied out of it; a fresh block is handed out as views of itself. A block
 * shorter than asked for is taken as it is; an empty one, before `size`, calls
 * `ended(position)`, which throws.
 */
export async function* chunksOf(
  size: number,
  readBlock: ReadBlock,
  options: { copy: boolean; ended(position: number): never },
): AsyncGenerator<Uint8Array> {
  const readAt = (at: number, into: 0 | 1) => {
    const read = readBlock(at, Math.min(BLOCK_BYTES, size - at), into);
    // Its failure is thrown where it is awaited. Until then (or if the pass stops
    // first) the handler keeps Node from taking it for an unhandled rejection.
    read.catch(() => {});
    return read;
  };
  let position = 0;
  let slot: 0 | 1 = 0;
  let next = size > 0 ? readAt(0, slot) : undefined;
  while (next) {
    const block = await next;
    if (block.byteLength === 0) options.ended(position);
    position += block.byteLength;
    slot = slot === 0 ? 1 : 0;
    next = position < size ? readAt(position, slot) : undefined;
    for (let offset = 0; offset < block.byteLength; offset += CHUNK_BYTES) {
      const end = Math.min(offset + CHUNK_BYTES, block.byteLength);
      // Uint8Array#slice copies into a new buffer (Buffer#slice would not: hence the explicit prototype).
      yield options.copy ? Uint8Array.prototype.slice.call(block, offset, end) : block.subarray(offset, end);
    }
  }
}

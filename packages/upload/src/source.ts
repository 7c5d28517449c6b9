import { type FileHandle, open, stat } from "node:fs/promises";
import { basename } from "node:path";
import { chunksOf } from "./chunks.js";
import { SNIFF_BYTES } from "./content-type.js";
import { uploadError } from "./errors.js";
import type { ByteStream, UploadSource } from "./options.js";

/** An opened source: its size, its name, and its bytes from the start, as often as it can give them. */
export interface OpenedSource {
  readonly size: number;
  /** The path's or File's name, if it has one. */
  readonly name: string | undefined;
  /** Up to SNIFF_BYTES leading bytes, for the content type. */
  head(): Promise<Uint8Array>;
  /** The whole content, from byte 0, in chunks. Throws SOURCE_NOT_REPEATABLE where a one-shot stream was read already. */
  chunks(): AsyncGenerator<Uint8Array>;
  /** Releases the file handle or the stream. */
  close(): Promise<void>;
}

function unreadable(what: string, error: unknown): never {
  const reason = error instanceof Error ? error.message : String(error);
  throw uploadError("SOURCE_UNREADABLE", `cannot read ${what}: ${reason}`, {
    cause: { name: error instanceof Error ? error.name : "Error", message: reason },
  });
}

/** Opens the source the options name (exactly one was checked to be there). */
export async function openSource(source: UploadSource): Promise<OpenedSource> {
  if (source.path !== undefined) return openPath(source.path);
  if (source.blob !== undefined) return openBlob(source.blob);
  return openStream(source.stream as ByteStream | (() => ByteStream), source.size as number);
}

/** The size a source declares, without reading it; undefined when the path cannot be read. */
export async function sizeOf(source: UploadSource): Promise<number | undefined> {
  if (source.blob !== undefined) return source.blob.size;
  if (source.path === undefined) return source.size;
  return stat(source.path).then(
    (found) => found.size,
    () => undefined,
  );
}

async function openPath(path: string): Promise<OpenedSource> {
  let handle: FileHandle;
  let size: number;
  try {
    handle = await open(path, "r");
    const found = await handle.stat();
    if (!found.isFile()) {
      await handle.close();
      throw new Error("it is not a regular file");
    }
    size = found.size;
  } catch (error) {
    unreadable(path, error);
  }
  // Positional reads from one handle: every pass starts at byte 0.
  const read = async (buffer: Uint8Array, position: number, length: number) => {
    try {
      const { bytesRead } = await handle.read(buffer, 0, length, position);
      // The buffer may come uninitialised (below); whoever keeps a view can reach all of it.
      if (bytesRead < length) buffer.fill(0, bytesRead);
      return buffer.subarray(0, bytesRead);
    } catch (error) {
      unreadable(path, error);
    }
  };
  const shrank = (position: number): never => {
    throw uploadError(
      "SOURCE_SIZE_MISMATCH",
      `${path} shrank while it was being sent: it had ${size} bytes, now ${position}. Send it again.`,
      { size },
    );
  };
  return {
    size,
    name: basename(path),
    head: () => {
      const length = Math.min(SNIFF_BYTES, size);
      return read(new Uint8Array(length), 0, length);
    },
    chunks() {
      // A fresh buffer per block, handed out as views (chunks.ts says why). Not zeroed first: the read fills it.
      const fresh = (length: number) => new Uint8Array(Buffer.allocUnsafeSlow(length).buffer, 0, length);
      return chunksOf(size, (position, length) => read(fresh(length), position, length), { ended: shrank });
    },
    close: () => handle.close().catch(() => {}),
  };
}

function openBlob(blob: Blob): OpenedSource {
  // A Blob from fs.openAsBlob reads each slice from disk; a File keeps its name.
  const read = async (start: number, end: number) => {
    try {
      return new Uint8Array(await blob.slice(start, end).arrayBuffer());
    } catch (error) {
      unreadable("the blob", error);
    }
  };
  const { size } = blob;
  const shrank = (position: number): never => {
    throw uploadError("SOURCE_SIZE_MISMATCH", `the blob ended after ${position} of its ${size} bytes.`, { size });
  };
  return {
    size,
    name: typeof File !== "undefined" && blob instanceof File && blob.name ? blob.name : undefined,
    head: () => read(0, Math.min(SNIFF_BYTES, size)),
    // Each block is a fresh buffer of its own: its chunks are views of it, not copies.
    chunks: () => chunksOf(size, (position, length) => read(position, position + length), { ended: shrank }),
    close: async () => {},
  };
}

function iterate(stream: ByteStream): AsyncIterator<Uint8Array> {
  if (stream instanceof ReadableStream) {
    const reader = stream.getReader();
    return {
      next: () => reader.read() as Promise<IteratorResult<Uint8Array>>,
      return: async () => {
        await reader.cancel().catch(() => {});
        return { done: true, value: undefined };
      },
    };
  }
  return stream[Symbol.asyncIterator]();
}

function openStream(stream: ByteStream | (() => ByteStream), size: number): OpenedSource {
  const factory = typeof stream === "function" ? stream : undefined;
  let iterator = iterate(factory ? factory() : (stream as ByteStream));
  // Bytes read ahead for the content type, given back first by the next pass.
  let readAhead: Uint8Array[] = [];
  let passes = 0;

  const next = async (): Promise<Uint8Array | undefined> => {
    let result: IteratorResult<Uint8Array>;
    try {
      result = await iterator.next();
    } catch (error) {
      unreadable("the stream", error);
    }
    if (result.done) return undefined;
    if (!(result.value instanceof Uint8Array)) {
      throw uploadError("SOURCE_UNREADABLE", "the stream gave something other than bytes: give Uint8Array chunks.");
    }
    return result.value;
  };

  return {
    size,
    name: undefined,
    async head() {
      let length = readAhead.reduce((sum, chunk) => sum + chunk.byteLength, 0);
      while (length < Math.min(SNIFF_BYTES, size)) {
        const chunk = await next();
        if (!chunk) break;
        readAhead.push(chunk);
        length += chunk.byteLength;
      }
      const head = new Uint8Array(Math.min(length, SNIFF_BYTES));
      let offset = 0;
      for (const chunk of readAhead) {
        if (offset >= head.byteLength) break;
        const part = chunk.subarray(0, head.byteLength - offset);
        head.set(part, offset);
        offset += part.byteLength;
      }
      return head;
    },
    async *chunks() {
      passes += 1;
      if (passes > 1) {
        if (!factory) {
          throw uploadError(
            "SOURCE_NOT_REPEATABLE",
            "the bytes must be sent again, but the stream was read already: pass a path, a Blob, " +
              "or a function that returns a fresh stream.",
            { size },
          );
        }
        await iterator.return?.();
        iterator = iterate(factory());
        readAhead = [];
      }
      let sent = 0;
      for (;;) {
        const chunk = readAhead.shift() ?? (await next());
        if (!chunk) break;
        // Never more than the Content-Length announced: the storage would read the rest as garbage.
        if (sent + chunk.byteLength > size) {
          throw uploadError("SOURCE_SIZE_MISMATCH", `the stream gave more than its declared size of ${size} bytes.`, {
            size,
          });
        }
        sent += chunk.byteLength;
        yield chunk;
      }
      if (sent !== size) {
        throw uploadError("SOURCE_SIZE_MISMATCH", `the stream ended after ${sent} of its declared ${size} bytes.`, {
          size,
        });
      }
    },
    close: async () => {
      await iterator.return?.();
    },
  };
}

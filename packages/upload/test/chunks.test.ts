import { createHash, randomFillSync } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BLOCK_BYTES, CHUNK_BYTES } from "../src/chunks.js";
import { SNIFF_BYTES } from "../src/content-type.js";
import { type UploadError, uploadFile } from "../src/index.js";
import { executed, KiB, neutralBytes, rejection, storedBytes, useUploads } from "./support/harness.js";

const uploads = useUploads();
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Several blocks and a short last one; random past the sniffed head, so that no two blocks are alike. */
function fileBytes(): Uint8Array {
  const bytes = neutralBytes(3 * BLOCK_BYTES + 5 * KiB + 3, 5);
  randomFillSync(bytes, SNIFF_BYTES);
  return bytes;
}

const readerOf = (body: RequestInit["body"]) => (body as ReadableStream<Uint8Array>).getReader();

/** Reads a request body to its end, keeping each chunk as it was handed over. */
async function readAll(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<Uint8Array[]> {
  const kept: Uint8Array[] = [];
  for (let read = await reader.read(); !read.done; read = await reader.read()) kept.push(read.value);
  return kept;
}

// Compared by digest: a deep equality over a megabyte of bytes takes seconds.
const md5 = (bytes: Uint8Array | undefined) => bytes && createHash("md5").update(bytes).digest("hex");

function writeTemp(name: string, bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), "upload-chunks-"));
  dirs.push(dir);
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

describe("reading a source in blocks", () => {
  it.each(["path", "blob"] as const)(
    "hands fetch chunks that never change afterwards, so a fetch that keeps them all sends the file intact (%s)",
    async (kind) => {
      const harness = uploads.create();
      const bytes = fileBytes();
      // Holds every chunk it is given until the whole body was read, as an
      // interceptor may, and only then joins them: a chunk written again after it
      // was handed over (a reused read buffer) would change what is stored.
      let kept: Uint8Array[] = [];
      const keeping: typeof fetch = async (input, init) => {
        kept = await readAll(readerOf(init?.body));
        const { body: _body, duplex: _duplex, signal: _signal, ...rest } = init ?? {};
        return harness.sandbox.handle(new Request(input, { ...rest, body: Buffer.concat(kept) }));
      };
      const source = kind === "path" ? { path: writeTemp("clip.mp4", bytes) } : { blob: new Blob([bytes]) };
      const { fileId, asset } = await uploadFile(harness.client, {
        ...source,
        contentType: "video/mp4",
        ...harness.settings,
        fetch: keeping,
      });

      expect(kept.length).toBeGreaterThan(4);
      expect(md5(storedBytes(harness.sandbox, fileId))).toBe(md5(bytes));
      expect(asset?.__typename).toBe("Video");
      // Each chunk is a view of one block: an interceptor that keeps a chunk keeps at most a block.
      expect(Math.max(...kept.map((chunk) => chunk.byteLength))).toBe(CHUNK_BYTES);
      expect(Math.max(...kept.map((chunk) => chunk.buffer.byteLength))).toBe(BLOCK_BYTES);
    },
  );

  it.each(["form", "put"] as const)("sends a file over several blocks again from its start (%s)", async (transfer) => {
    const harness = uploads.create();
    const bytes = fileBytes();
    const path = writeTemp("again.mp4", bytes);
    // The first storage request is read to its end and dropped, so the register finds no bytes and they go again.
    let dropped = false;
    const dropFirst: typeof fetch = async (input, init) => {
      if (dropped) return globalThis.fetch(input, init);
      dropped = true;
      await readAll(readerOf(init?.body));
      return new Response(null, { status: transfer === "form" ? 204 : 200 });
    };
    const { fileId } = await uploadFile(harness.client, {
      path,
      contentType: "video/mp4",
      transfer,
      ...harness.settings,
      fetch: dropFirst,
    });
    expect(dropped).toBe(true);
    expect(executed(harness.sandbox, "UploadVideo")).toBe(2);
    expect(md5(storedBytes(harness.sandbox, fileId))).toBe(md5(bytes));
  });

  it("fails a file that shrinks while it is sent, naming the sizes, and registers nothing", async () => {
    const harness = uploads.create();
    const bytes = fileBytes();
    const path = writeTemp("shrinking.mp4", bytes);
    // Cut to one block once the form's head has gone (before any block is read):
    // the second block's read comes up empty.
    const shrinking: typeof fetch = async (_input, init) => {
      const reader = readerOf(init?.body);
      await reader.read();
      writeFileSync(path, bytes.subarray(0, BLOCK_BYTES));
      await readAll(reader);
      return new Response(null, { status: 204 });
    };
    const error = (await rejection(
      uploadFile(harness.client, { path, contentType: "video/mp4", ...harness.settings, fetch: shrinking }),
    )) as UploadError;
    expect(error.code).toBe("SOURCE_SIZE_MISMATCH");
    expect(error.message).toContain(`it had ${bytes.byteLength} bytes, now ${BLOCK_BYTES}`);
    expect(executed(harness.sandbox, "UploadVideo")).toBe(0);
  });
});

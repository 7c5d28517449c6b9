import { createHash, randomFillSync } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BATCH_BYTES } from "../src/storage/batches.js";
import { commitUpload, writeUpload } from "../src/storage/write.js";

// The bytes of an upload are gathered into batches before they are written
// (src/storage/batches.ts); these check what a client sees of that: the stored
// file, the ETag, and the refusals, whatever the chunk sizes and wherever it fails.

const KiB = 1024;
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function storageDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "upload-write-test-"));
  dirs.push(dir);
  return dir;
}

/** Chunks of uneven sizes, 1 byte to 300 KiB, over `bytes`. */
function unevenChunks(bytes: Uint8Array): Uint8Array[] {
  const sizes = [1, 300 * KiB, 7, 64 * KiB, 200 * KiB + 3, 12 * KiB];
  const chunks: Uint8Array[] = [];
  for (let offset = 0, i = 0; offset < bytes.byteLength; i += 1) {
    const end = Math.min(offset + (sizes[i % sizes.length] ?? 1), bytes.byteLength);
    chunks.push(bytes.subarray(offset, end));
    offset = end;
  }
  return chunks;
}

/** A source that gives `chunks`, then fails if told to, and records how far it was read and whether it was stopped. */
function source(chunks: Uint8Array[], failAfter?: number) {
  const seen = { pulled: 0, stopped: false };
  async function* generate() {
    try {
      for (const chunk of chunks) {
        if (failAfter !== undefined && seen.pulled === failAfter) throw new Error("connection reset by the client");
        seen.pulled += 1;
        yield chunk;
      }
    } finally {
      seen.stopped = seen.pulled < chunks.length;
    }
  }
  return { chunks: generate(), seen };
}

const md5 = (bytes: Uint8Array) => createHash("md5").update(bytes).digest("hex");

describe("writing an upload in batches", () => {
  it("stores a file of several batches byte for byte, whatever the chunk sizes, with its MD5 as the ETag", async () => {
    const dir = storageDir();
    const bytes = randomFillSync(new Uint8Array(3 * BATCH_BYTES + 5 * KiB + 3));
    const { chunks } = source(unevenChunks(bytes));

    const outcome = await writeUpload(chunks, join(dir, "file_1"));
    if (!outcome.ok) throw new Error(outcome.message);
    await commitUpload(outcome, join(dir, "file_1"));

    expect(outcome.size).toBe(bytes.byteLength);
    expect(outcome.md5).toBe(md5(bytes));
    expect(md5(readFileSync(join(dir, "file_1")))).toBe(md5(bytes));
    expect(readdirSync(dir)).toEqual(["file_1"]);
  });

  it("stops reading a body longer than its Content-Length where it passes it, and keeps nothing", async () => {
    const dir = storageDir();
    const chunks = Array.from({ length: 40 }, () => new Uint8Array(100 * KiB));
    const { chunks: body, seen } = source(chunks);

    const outcome = await writeUpload(body, join(dir, "file_1"), { declaredBytes: 25 * 100 * KiB });

    expect(outcome).toMatchObject({ ok: false, status: 400, code: "IncompleteBody" });
    expect(seen.pulled).toBe(26);
    expect(seen.stopped).toBe(true);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("refuses a body that breaks off after some batches were written, saying after how many bytes, and keeps nothing", async () => {
    const dir = storageDir();
    const chunks = Array.from({ length: 30 }, () => new Uint8Array(100 * KiB));
    const { chunks: body } = source(chunks, 25);

    const outcome = await writeUpload(body, join(dir, "file_1"));

    expect(outcome).toMatchObject({ ok: false, status: 400, code: "IncompleteBody" });
    expect(!outcome.ok && outcome.message).toContain(`broke off after ${25 * 100 * KiB} bytes`);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("answers 500 when the disk refuses the file, and stops reading the body", async () => {
    const dir = storageDir();
    const { chunks: body, seen } = source([new Uint8Array(KiB), new Uint8Array(KiB)]);

    const outcome = await writeUpload(body, join(dir, "missing-directory", "file_1"));

    expect(outcome).toMatchObject({ ok: false, status: 500, code: "InternalError" });
    expect(!outcome.ok && outcome.message).toContain("could not store the upload");
    expect(seen.pulled).toBe(0);
  });
});

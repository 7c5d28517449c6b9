import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createStudioClient } from "@studio-kit/core";
import { type SandboxServer, startSandboxServer } from "@studio-kit/sandbox";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { UploadAbortError, type UploadError, uploadFile } from "../src/index.js";
import { assetsOf, executed, MiB, neutralBytes, rejection } from "./support/harness.js";

// Real loopback HTTP, no msw: msw keeps a copy of every request body it
// intercepts, so streaming is only what it claims to be over a real socket. The
// sandbox refuses a PUT without Content-Length (411), so a stored PUT here also
// shows that the body went with its length, not chunked.

let server: SandboxServer;
let dir: string;
let storageDir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "upload-http-"));
  storageDir = mkdtempSync(join(tmpdir(), "upload-http-storage-"));
  server = await startSandboxServer({ port: 0, storageDir });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(storageDir, { recursive: true, force: true });
});

const client = () => createStudioClient({ apiKey: server.sandbox.keys.readWrite, baseUrl: server.url });
const clock = () => ({ now: () => server.sandbox.clock.now() });
const md5 = (bytes: Uint8Array) => createHash("md5").update(bytes).digest("hex");

describe("over HTTP", () => {
  it.each(["form", "put"] as const)("streams a file from disk with its Content-Length (%s)", async (transfer) => {
    const path = join(dir, `clip-${transfer}.mp4`);
    const bytes = neutralBytes(3 * MiB + 5, 7);
    writeFileSync(path, bytes);
    let last = 0;
    const { fileId, asset } = await uploadFile(client(), {
      path,
      contentType: "video/mp4",
      transfer,
      clock: clock(),
      onProgress: ({ loaded }) => {
        expect(loaded).toBeGreaterThan(last);
        last = loaded;
      },
    });
    const stored = server.sandbox.state.files.get(fileId);
    expect(stored?.size).toBe(bytes.byteLength);
    expect(md5(readFileSync(stored?.path ?? ""))).toBe(md5(bytes));
    expect(last).toBe(bytes.byteLength);
    expect(asset).toMatchObject({ __typename: "Video", id: expect.stringMatching(/^vid_/) });
  });

  it("stops at once when aborted mid-way, and leaves no registered asset and no stored bytes", async () => {
    const path = join(dir, "big.mp4");
    writeFileSync(path, "");
    truncateSync(path, 64 * MiB); // sparse: 64 MiB to read, nothing written
    const before = executed(server.sandbox, "UploadVideo");
    const controller = new AbortController();
    let loaded = 0;
    const error = (await rejection(
      uploadFile(client(), {
        path,
        contentType: "video/mp4",
        signal: controller.signal,
        clock: clock(),
        onProgress: (progress) => {
          loaded = progress.loaded;
          if (loaded >= 2 * MiB) controller.abort();
        },
      }),
    )) as UploadError;
    const abortedAt = loaded;

    expect(error).toBeInstanceOf(UploadAbortError);
    expect(error.code).toBe("ABORTED");
    const fileId = error.fileId ?? "";
    expect(fileId).toMatch(/^file_/);
    // At once: the chunk that saw the abort was the last one read.
    expect(abortedAt).toBeLessThan(2 * MiB + 64 * 1024);
    expect(executed(server.sandbox, "UploadVideo")).toBe(before);
    expect(assetsOf(server.sandbox, fileId)).toEqual([]);
    expect(server.sandbox.state.files.get(fileId)?.path).toBeNull();
    // The sandbox notices the broken body and removes what it had written so far.
    await vi.waitFor(() => expect(readdirSync(storageDir).filter((name) => name.includes(fileId))).toEqual([]));
  });
});

import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createSandbox } from "../src/index.js";
import { reachDirectly } from "./support/client.js";
import { type Bytes, errorOf, MiB, requestUpload, stored, streamed } from "./support/uploads.js";

// The memory an oversized upload costs is measured at the fetch handler that both
// faces call, in a file that mounts no msw. Through either face the client side
// would hide it: msw keeps a copy of every request body it intercepts, and
// undici's fetch was measured holding a whole 256 MiB streamed body on its side
// of a loopback connection (the sandbox server's own RSS stayed near 115 MiB).

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

describe("a streamed form upload", () => {
  // 256 MiB through the parser takes ~2 s alone, several times that on 2 CPUs shared with the whole suite.
  it("refuses a stream over 256 MiB where it crosses the limit, reads no further and keeps no file", async () => {
    const storageDir = mkdtempSync(join(tmpdir(), "uploads-test-"));
    cleanups.push(async () => rmSync(storageDir, { recursive: true, force: true }));
    const sandbox = createSandbox({ storageDir });
    cleanups.push(() => sandbox.close());
    reachDirectly(sandbox);
    const upload = await requestUpload(sandbox);
    const boundary = "sandbox-test-boundary";
    const fieldParts = Object.entries(upload.fields).map(
      ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    );
    const head = `${fieldParts.join("")}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n\r\n`;
    const totalChunks = 300; // 300 MiB offered; the limit is 256 MiB.
    let pulled = 0;
    let peakBuffers = 0;
    const baseline = process.memoryUsage().arrayBuffers;
    const body = new ReadableStream<Bytes>({
      start: (controller) => controller.enqueue(new TextEncoder().encode(head)),
      pull: (controller) => {
        peakBuffers = Math.max(peakBuffers, process.memoryUsage().arrayBuffers - baseline);
        if (pulled === totalChunks) {
          controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
          controller.close();
          return;
        }
        pulled += 1;
        controller.enqueue(new Uint8Array(MiB));
      },
    });
    const type = `multipart/form-data; boundary=${boundary}`;
    const response = await sandbox.handle(
      streamed(upload.uploadForm?.url ?? "", "POST", body, { "content-type": type }),
    );
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe("EntityTooLarge");
    expect(pulled).toBeGreaterThan(256);
    expect(pulled).toBeLessThan(totalChunks);
    expect(readdirSync(storageDir)).toEqual([]);
    expect(stored(sandbox, upload)?.path).toBeNull();
    // Streamed, not buffered: far less than the 256 MiB it read is ever held at once.
    expect(peakBuffers).toBeLessThan(128 * MiB);
  }, 30_000);
});

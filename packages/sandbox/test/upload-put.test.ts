import { afterEach, describe, expect, it } from "vitest";
import { useSandbox } from "./support/client.js";
import { type Bytes, errorOf, MiB, png, put, requestUpload, stored, streamed } from "./support/uploads.js";

const sandboxes = useSandbox();
afterEach(sandboxes.closeAll);

describe("signed PUT upload", () => {
  it("stores bytes sent with every required header exactly", async () => {
    const sandbox = sandboxes.create();
    const upload = await requestUpload(sandbox);
    const response = await put(upload, png(3, 5));
    expect(response.status).toBe(200);
    expect(response.headers.get("etag")).toMatch(/^"[0-9a-f]{32}"$/);
    expect(stored(sandbox, upload)?.size).toBe(png(3, 5).byteLength);
  });

  it.each([
    ["a wrong value", { "Content-Type": "image/jpeg" }, "Content-Type"],
    ["a missing header", { "x-amz-meta-file-id": "" }, "x-amz-meta-file-id"],
  ])("refuses %s of a required header with 403 naming it", async (_, headers, name) => {
    const sandbox = sandboxes.create();
    const upload = await requestUpload(sandbox);
    const response = await put(upload, png(2, 2), headers);
    expect(response.status).toBe(403);
    expect((await errorOf(response)).message).toContain(name);
    expect(stored(sandbox, upload)?.path).toBeNull();
  });

  it("refuses a body of unknown length (chunked) with 411", async () => {
    const sandbox = sandboxes.create();
    const upload = await requestUpload(sandbox);
    const body = new ReadableStream<Bytes>({
      pull: (controller) => {
        controller.enqueue(png(2, 2));
        controller.close();
      },
    });
    const response = await fetch(streamed(upload.signedUrl ?? "", "PUT", body, upload.headers));
    expect(response.status).toBe(411);
    expect((await errorOf(response)).code).toBe("MissingContentLength");
  });

  it("refuses a tampered signature, and a Content-Length over 256 MiB before reading the body", async () => {
    const sandbox = sandboxes.create();
    const upload = await requestUpload(sandbox);
    const tampered = {
      ...upload,
      signedUrl: (upload.signedUrl ?? "").replace("X-Amz-Expires=900", "X-Amz-Expires=90000"),
    };
    expect((await put(tampered, png(2, 2))).status).toBe(403);
    const large = await put(upload, png(2, 2), { "content-length": String(256 * MiB + 1) });
    expect(large.status).toBe(400);
    expect((await errorOf(large)).code).toBe("EntityTooLarge");
  });
});

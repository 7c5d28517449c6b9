import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HttpResponse, http } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { type UploadError, type UploadProgress, UploadTransferError, uploadFile } from "../src/index.js";
import {
  executed,
  FORM_URL,
  type Harness,
  KiB,
  neutralBytes,
  PUT_URL,
  rejection,
  storageRequests,
  storedBytes,
  useUploads,
} from "./support/harness.js";

const uploads = useUploads();
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

interface Captured {
  headers: Headers;
  body: Uint8Array;
}

/** Captures each storage request of `method` (headers and body), then lets the sandbox answer it. */
function capture(harness: Harness, method: "POST" | "PUT"): Captured[] {
  const captured: Captured[] = [];
  const handler = method === "POST" ? http.post : http.put;
  uploads.server.use(
    handler(method === "POST" ? FORM_URL : PUT_URL, async ({ request }) => {
      captured.push({ headers: request.headers, body: new Uint8Array(await request.clone().arrayBuffer()) });
      return harness.sandbox.handle(request);
    }),
  );
  return captured;
}

describe("the multipart form (spec, Upload flow 2a)", () => {
  it("sends every field first, in order and unchanged, the file last in the part named file, with a Content-Length", async () => {
    const harness = uploads.create();
    const captured = capture(harness, "POST");
    const bytes = neutralBytes(200 * KiB);
    const { fileId, asset } = await uploadFile(harness.client, {
      blob: new Blob([bytes]),
      filename: 'cover "final".png',
      contentType: "image/png",
      ...harness.settings,
    });

    const [request] = captured;
    expect(captured).toHaveLength(1);
    expect(request?.headers.get("content-length")).toBe(String(request?.body.byteLength));
    expect(request?.headers.get("transfer-encoding")).toBeNull();
    const text = Buffer.from(request?.body ?? []).toString("latin1");
    const names = [...text.matchAll(/Content-Disposition: form-data; name="([^"]*)"/g)].map((match) => match[1]);
    const issued = harness.signed[0]?.uploadForm.fields ?? {};
    expect(Object.keys(issued)).toContain("x-amz-signature");
    expect(names.slice(0, -1)).toEqual(Object.keys(issued));
    for (const [name, value] of Object.entries(issued)) expect(text).toContain(`name="${name}"\r\n\r\n${value}\r\n`);
    expect(names.at(-1)).toBe("file");
    expect(text).toContain('name="file"; filename="cover %22final%22.png"\r\nContent-Type: image/png\r\n\r\n');
    expect(storedBytes(harness.sandbox, fileId)).toEqual(bytes);
    expect(asset?.__typename).toBe("Image");
  });
});

describe("the signed PUT (spec, Upload flow 2b)", () => {
  it("PUTs the bytes to signedUrl with every required header exactly and a Content-Length", async () => {
    const harness = uploads.create();
    const captured = capture(harness, "PUT");
    const bytes = neutralBytes(150 * KiB, 1);
    const { fileId, asset } = await uploadFile(harness.client, {
      blob: new Blob([bytes]),
      contentType: "video/mp4",
      transfer: "put",
      ...harness.settings,
    });

    expect(captured).toHaveLength(1);
    const headers = captured[0]?.headers;
    expect(headers?.get("content-type")).toBe("video/mp4");
    expect(headers?.get("x-amz-meta-file-id")).toBe(fileId);
    expect(headers?.get("content-length")).toBe(String(bytes.byteLength));
    expect(headers?.get("transfer-encoding")).toBeNull();
    expect(storedBytes(harness.sandbox, fileId)).toEqual(bytes);
    expect(asset?.__typename).toBe("Video");
  });
});

describe("progress", () => {
  it.each(["form", "put"] as const)(
    "reports bytes that only grow and end at the file's size (%s)",
    async (transfer) => {
      const harness = uploads.create();
      const size = 300 * KiB + 17;
      const events: UploadProgress[] = [];
      await uploadFile(harness.client, {
        blob: new Blob([neutralBytes(size)]),
        contentType: "audio/mpeg",
        transfer,
        onProgress: (progress) => events.push(progress),
        ...harness.settings,
      });
      expect(events.length).toBeGreaterThan(5);
      const loaded = events.map((event) => event.loaded);
      expect(loaded.every((value, index) => index === 0 || value > (loaded[index - 1] ?? 0))).toBe(true);
      expect(events.every((event) => event.total === size)).toBe(true);
      expect(loaded.at(-1)).toBe(size);
    },
  );
});

describe("sources", () => {
  it("streams a file from its path, named after it", async () => {
    const harness = uploads.create();
    const dir = mkdtempSync(join(tmpdir(), "upload-test-"));
    dirs.push(dir);
    const bytes = neutralBytes(100 * KiB + 3, 2);
    const path = join(dir, "brief.mp3");
    writeFileSync(path, bytes);
    const { fileId, asset } = await uploadFile(harness.client, { path, ...harness.settings });
    expect(harness.sandbox.state.files.get(fileId)).toMatchObject({ filename: "brief.mp3", contentType: "audio/mpeg" });
    expect(storedBytes(harness.sandbox, fileId)).toEqual(bytes);
    expect(asset?.__typename).toBe("Audio");
  });

  it("streams a stream of declared size, and a Node Readable", async () => {
    const harness = uploads.create();
    const bytes = neutralBytes(70 * KiB, 3);
    const chunks = [bytes.subarray(0, 1000), bytes.subarray(1000, 40_000), bytes.subarray(40_000)];
    const web = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
    const fromWeb = await uploadFile(harness.client, {
      stream: web,
      size: bytes.byteLength,
      contentType: "image/webp",
      ...harness.settings,
    });
    const { Readable } = await import("node:stream");
    const fromNode = await uploadFile(harness.client, {
      stream: Readable.from(chunks.map((chunk) => Buffer.from(chunk))),
      size: bytes.byteLength,
      contentType: "image/webp",
      transfer: "put",
      ...harness.settings,
    });
    expect(storedBytes(harness.sandbox, fromWeb.fileId)).toEqual(bytes);
    expect(storedBytes(harness.sandbox, fromNode.fileId)).toEqual(bytes);
  });

  it("fails a stream that ends before its declared size, and registers nothing", async () => {
    const harness = uploads.create();
    const error = (await rejection(
      uploadFile(harness.client, {
        stream: new Blob([neutralBytes(1000)]).stream(),
        size: 5000,
        contentType: "image/png",
        ...harness.settings,
      }),
    )) as UploadError;
    expect(error.code).toBe("SOURCE_SIZE_MISMATCH");
    expect(error.message).toContain("ended after 1000 of its declared 5000 bytes");
    expect(executed(harness.sandbox, "UploadImage")).toBe(0);
  });

  it("refuses to send a one-shot stream twice, and sends a stream factory again", async () => {
    const harness = uploads.create();
    const bytes = neutralBytes(10 * KiB);
    // The first form POST is read and answered 204 without storing, so the register finds no bytes.
    const dropFirst = () => harness.sandbox.faults.add({ kind: "upload-lost", upload: "form", times: 1 });
    dropFirst();
    const once = (await rejection(
      uploadFile(harness.client, {
        stream: new Blob([bytes]).stream(),
        size: bytes.byteLength,
        contentType: "image/png",
        ...harness.settings,
      }),
    )) as UploadError;
    expect(once.code).toBe("SOURCE_NOT_REPEATABLE");

    dropFirst();
    const { fileId } = await uploadFile(harness.client, {
      stream: () => new Blob([bytes]).stream(),
      size: bytes.byteLength,
      contentType: "image/png",
      ...harness.settings,
    });
    expect(storedBytes(harness.sandbox, fileId)).toEqual(bytes);
  });
});

describe("refusals by the storage", () => {
  it("reports the storage's code and status, sends once, and registers nothing", async () => {
    const harness = uploads.create();
    uploads.server.use(
      http.post(FORM_URL, () =>
        HttpResponse.json(
          { error: { code: "SignatureDoesNotMatch", message: "The form's policy does not match." } },
          { status: 403 },
        ),
      ),
    );
    const error = (await rejection(
      uploadFile(harness.client, {
        blob: new Blob([neutralBytes(500)]),
        contentType: "image/png",
        ...harness.settings,
      }),
    )) as UploadError;
    expect(error).toBeInstanceOf(UploadTransferError);
    expect(error).toMatchObject({ code: "TRANSFER_REFUSED", status: 403, storageCode: "SignatureDoesNotMatch" });
    expect(error.message).toMatch(/^@studio-kit\/upload: the storage refused the bytes of file_\w+ \(HTTP 403/);
    expect(storageRequests(harness.seen)).toHaveLength(1);
    expect(executed(harness.sandbox, "UploadImage")).toBe(0);
  });

  it("reads an S3 XML error document too", async () => {
    const harness = uploads.create();
    uploads.server.use(
      http.put(
        PUT_URL,
        () =>
          new HttpResponse(
            "<?xml version='1.0'?><Error><Code>EntityTooLarge</Code><Message>Your proposed upload exceeds the maximum allowed size</Message></Error>",
            { status: 400, headers: { "content-type": "application/xml" } },
          ),
      ),
    );
    const error = (await rejection(
      uploadFile(harness.client, {
        blob: new Blob([neutralBytes(500)]),
        contentType: "video/mp4",
        transfer: "put",
        ...harness.settings,
      }),
    )) as UploadError;
    expect(error).toMatchObject({ code: "TRANSFER_REFUSED", status: 400, storageCode: "EntityTooLarge" });
    expect(error.message).toContain("exceeds the maximum allowed size");
  });
});

import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  ConfirmFileUploadDocument,
  CreateSignedUploadUrlDocument,
  type CreateSignedUploadUrlMutation,
  ImageDocument,
  UploadAudioDocument,
  type UploadCategory,
  UploadImageDocument,
  UploadVideoDocument,
} from "@studio-kit/operations";
import { PNG } from "pngjs";
import { afterEach, describe, expect, it } from "vitest";
import type { Sandbox } from "../src/index.js";
import { BASE_URL, ok, send, useSandbox } from "./support/client.js";

const sandboxes = useSandbox();
afterEach(sandboxes.closeAll);

const MiB = 1024 * 1024;
const MINUTE = 60_000;

type Signed = NonNullable<CreateSignedUploadUrlMutation["createSignedUploadUrl"]>;
interface Upload extends Signed {
  fields: Record<string, string>;
  headers: Record<string, string>;
}

type Bytes = Uint8Array<ArrayBuffer>;
/** Streams need `duplex: "half"` (platform facts, Uploads); Node's RequestInit type lacks it. */
type StreamInit = RequestInit & { duplex?: "half" };

function png(width: number, height: number): Bytes {
  return new Uint8Array(PNG.sync.write(new PNG({ width, height })));
}

async function requestUpload(
  sandbox: Sandbox,
  category: UploadCategory = "UGC_IMAGE",
  contentType = "image/png",
  filename = "photo.png",
): Promise<Upload> {
  const data = await ok(sandbox, CreateSignedUploadUrlDocument, {
    category,
    filename,
    contentType,
    workspaceId: sandbox.workspaceId,
  });
  const signed = data.createSignedUploadUrl;
  if (!signed?.uploadForm?.url || !signed.signedUrl) throw new Error("no signed upload");
  return {
    ...signed,
    fields: signed.uploadForm.fields as Record<string, string>,
    headers: signed.requiredHeaders as Record<string, string>,
  };
}

/** A form as the spec says: every field first, the file last in part `file` (unless told otherwise). */
function form(upload: Upload, bytes: Bytes, entries: [string, string][] = Object.entries(upload.fields)) {
  const body = new FormData();
  for (const [name, value] of entries) body.append(name, value);
  body.append("file", new Blob([bytes]), "photo.png");
  return body;
}

const post = (sandbox: Sandbox, upload: Upload, body: FormData) =>
  sandbox.handle(new Request(upload.uploadForm?.url ?? "", { method: "POST", body }));

/** A request whose body is a stream of unknown length, as fetch sends it (chunked). */
function streamed(url: string, method: string, body: ReadableStream<Bytes>, headers: Record<string, string>) {
  const init: StreamInit = { method, body, headers, duplex: "half" };
  return new Request(url, init);
}

const put = (sandbox: Sandbox, upload: Upload, bytes: Bytes, headers: Record<string, string> = {}) =>
  sandbox.handle(
    new Request(upload.signedUrl ?? "", {
      method: "PUT",
      body: bytes,
      headers: { ...upload.headers, "content-length": String(bytes.byteLength), ...headers },
    }),
  );

async function errorOf(response: Response): Promise<{ code: string; message: string }> {
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}

const stored = (sandbox: Sandbox, upload: Upload) => sandbox.state.files.get(upload.fileId);

const registerImage = (sandbox: Sandbox, fileId: string) =>
  send(sandbox, UploadImageDocument, { workspaceId: sandbox.workspaceId, fileId });

describe("createSignedUploadUrl", () => {
  it("issues an S3-style form and signed URL that expire 15 minutes after the request", async () => {
    const sandbox = sandboxes.create();
    const upload = await requestUpload(sandbox);
    expect(upload.provider).toBe("sandbox-s3");
    expect(upload.uploadForm?.url).toBe(`${BASE_URL}/__storage/form/${upload.fileId}`);
    expect(upload.signedUrl).toMatch(/\/__storage\/put\/file_\w+\?.*X-Amz-Expires=900.*X-Amz-Signature=[0-9a-f]{64}/);
    expect(Object.keys(upload.fields)).toEqual([
      "key",
      "Content-Type",
      "policy",
      "x-amz-algorithm",
      "x-amz-credential",
      "x-amz-date",
      "x-amz-signature",
    ]);
    expect(upload.fields.key).toBe(upload.storagePath);
    const policy = JSON.parse(Buffer.from(upload.fields.policy ?? "", "base64").toString("utf8"));
    expect(policy.expiration).toBe(new Date(sandbox.clock.now() + 15 * MINUTE).toISOString());
    expect(policy.conditions).toContainEqual(["content-length-range", 1, 256 * MiB]);
    expect(upload.headers).toEqual({ "Content-Type": "image/png", "x-amz-meta-file-id": upload.fileId });
  });

  it.each([
    ["UGC_IMAGE", "image/gif", "image/svg+xml"],
    ["AI_IMAGE_REFERENCE", "image/svg+xml", "image/avif"],
    ["VIDEO", "image/png", "video/quicktime"],
    ["AUDIO", "video/mp4", "audio/x-flac"],
  ] as const)(
    "refuses a content type %s does not allow with BAD_USER_INPUT and the allowed list",
    async (category, type, listed) => {
      const sandbox = sandboxes.create();
      const files = sandbox.state.files.size;
      const response = await send(sandbox, CreateSignedUploadUrlDocument, {
        category,
        filename: "a",
        contentType: type,
      });
      const error = response.errors?.[0];
      expect(error?.extensions?.code).toBe("BAD_USER_INPUT");
      expect(error?.extensions?.allowedContentTypes).toContain(listed);
      expect(error?.extensions?.allowedContentTypes).not.toContain(type);
      expect(error?.message).toContain(listed);
      expect(sandbox.state.files.size).toBe(files);
    },
  );

  it("refuses an empty filename and a workspace other than the key's", async () => {
    const sandbox = sandboxes.create();
    const base = { category: "UGC_IMAGE", contentType: "image/png" } as const;
    const empty = await send(sandbox, CreateSignedUploadUrlDocument, { ...base, filename: "  " });
    expect(empty.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    const other = await send(sandbox, CreateSignedUploadUrlDocument, {
      ...base,
      filename: "a.png",
      workspaceId: sandbox.otherWorkspaceId,
    });
    expect(other.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });
});

describe("signed form upload", () => {
  it("stores a real PNG sent fields first and file last, and uploadImage measures its size", async () => {
    const sandbox = sandboxes.create();
    const upload = await requestUpload(sandbox);
    const bytes = png(64, 48);
    const response = await post(sandbox, upload, form(upload, bytes));
    expect(response.status).toBe(204);
    expect(new Uint8Array(readFileSync(stored(sandbox, upload)?.path ?? ""))).toEqual(bytes);

    const data = await ok(sandbox, UploadImageDocument, { workspaceId: sandbox.workspaceId, fileId: upload.fileId });
    expect(data.uploadImage?.success).toBe(true);
    expect(data.uploadImage?.image).toMatchObject({
      fileId: upload.fileId,
      imageType: "UPLOADED",
      status: "COMPLETED",
      width: 64,
      height: 48,
      aspectRatio: "4:3",
    });
    expect(stored(sandbox, upload)?.kept).toBe("registered");

    // The library serves it, and its downloadUrl opens the very bytes uploaded.
    const found = await ok(sandbox, ImageDocument, { id: data.uploadImage?.image?.id ?? "" });
    expect(found.image).toMatchObject({ width: 64, height: 48, displayName: "photo.png" });
    const download = await sandbox.handle(new Request(found.image?.downloadUrl ?? ""));
    expect(download.status).toBe(200);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(bytes);
  });

  it("ignores fields sent after the file, as S3 does", async () => {
    const sandbox = sandboxes.create();
    const upload = await requestUpload(sandbox);
    const body = form(upload, png(2, 2));
    body.append("x-amz-signature", "0".repeat(64));
    expect((await post(sandbox, upload, body)).status).toBe(204);
  });

  it("refuses a form whose fields come after the file", async () => {
    const sandbox = sandboxes.create();
    const upload = await requestUpload(sandbox);
    const body = new FormData();
    body.append("file", new Blob([png(2, 2)]), "photo.png");
    for (const [name, value] of Object.entries(upload.fields)) body.append(name, value);
    const response = await post(sandbox, upload, body);
    expect(response.status).toBe(403);
    expect((await errorOf(response)).message).toMatch(/before the file/);
    expect(stored(sandbox, upload)?.path).toBeNull();
  });

  it("refuses a file in a part not named `file`", async () => {
    const sandbox = sandboxes.create();
    const upload = await requestUpload(sandbox);
    const body = new FormData();
    for (const [name, value] of Object.entries(upload.fields)) body.append(name, value);
    body.append("upload", new Blob([png(2, 2)]), "photo.png");
    const response = await post(sandbox, upload, body);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toMatch(/part named "file"/);
  });

  it.each(["x-amz-signature", "policy", "key", "Content-Type"])("refuses a tampered %s with 403", async (field) => {
    const sandbox = sandboxes.create();
    const upload = await requestUpload(sandbox);
    const entries = Object.entries(upload.fields).map(([name, value]): [string, string] =>
      name === field ? [name, `${value.slice(0, -2)}xx`] : [name, value],
    );
    const response = await post(sandbox, upload, form(upload, png(2, 2), entries));
    expect(response.status).toBe(403);
    const { message } = await errorOf(response);
    expect(message).toContain(field);
    expect(message).not.toContain(upload.fields["x-amz-signature"]);
    expect(stored(sandbox, upload)?.path).toBeNull();
  });

  it("refuses an empty file with 400 EntityTooSmall", async () => {
    const sandbox = sandboxes.create();
    const upload = await requestUpload(sandbox);
    const response = await post(sandbox, upload, form(upload, new Uint8Array(0)));
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe("EntityTooSmall");
  });

  it("refuses a stream over 256 MiB where it crosses the limit, reads no further and keeps no file", async () => {
    const storageDir = mkdtempSync(join(tmpdir(), "uploads-test-"));
    const sandbox = sandboxes.create({ storageDir });
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
  });

  it.each([
    ["no boundary", "multipart/form-data", "--x\r\n"],
    ["not multipart", "application/json", "{}"],
    [
      "a cut-off body",
      "multipart/form-data; boundary=x",
      '--x\r\nContent-Disposition: form-data; name="key"\r\n\r\nab',
    ],
    [
      "no file at all",
      "multipart/form-data; boundary=x",
      '--x\r\nContent-Disposition: form-data; name="k"\r\n\r\nv\r\n--x--\r\n',
    ],
  ])("answers %s with a 400 JSON error, never a 500", async (_, type, text) => {
    const sandbox = sandboxes.create();
    const upload = await requestUpload(sandbox);
    const response = await sandbox.handle(
      new Request(upload.uploadForm?.url ?? "", { method: "POST", headers: { "content-type": type }, body: text }),
    );
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBeTruthy();
  });

  it("answers an unknown fileId with 404 and a wrong method with 405, in JSON", async () => {
    const sandbox = sandboxes.create();
    const upload = await requestUpload(sandbox);
    const unknown = await sandbox.handle(new Request(`${BASE_URL}/__storage/form/file_nope`, { method: "POST" }));
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).code).toBe("NOT_FOUND");
    const wrong = await sandbox.handle(new Request(upload.uploadForm?.url ?? "", { method: "GET" }));
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("POST");
  });
});

describe("signed PUT upload", () => {
  it("stores bytes sent with every required header exactly", async () => {
    const sandbox = sandboxes.create();
    const upload = await requestUpload(sandbox);
    const response = await put(sandbox, upload, png(3, 5));
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
    const response = await put(sandbox, upload, png(2, 2), headers);
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
    const response = await sandbox.handle(streamed(upload.signedUrl ?? "", "PUT", body, upload.headers));
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
    expect((await put(sandbox, tampered, png(2, 2))).status).toBe(403);
    const large = await put(sandbox, upload, png(2, 2), { "content-length": String(256 * MiB + 1) });
    expect(large.status).toBe(400);
    expect((await errorOf(large)).code).toBe("EntityTooLarge");
  });
});

describe("expiry", () => {
  it("accepts bytes up to 15 minutes after the request and refuses them after, on the virtual clock", async () => {
    const sandbox = sandboxes.create();
    const early = await requestUpload(sandbox);
    const late = await requestUpload(sandbox);
    sandbox.advance(15 * MINUTE);
    expect((await put(sandbox, early, png(2, 2))).status).toBe(200);
    sandbox.advance(1);
    for (const response of [await post(sandbox, late, form(late, png(2, 2))), await put(sandbox, late, png(2, 2))]) {
      expect(response.status).toBe(403);
      expect(await errorOf(response)).toMatchObject({
        code: "ExpiredToken",
        message: expect.stringMatching(/expired/),
      });
    }
  });
});

describe("registering an upload", () => {
  it("refuses uploadImage before the bytes arrived, then succeeds with the same fileId after the upload", async () => {
    const sandbox = sandboxes.create();
    const upload = await requestUpload(sandbox);
    const early = await registerImage(sandbox, upload.fileId);
    expect(early.errors?.[0]?.extensions?.code).toBe("FILE_NOT_UPLOADED");
    expect(early.errors?.[0]?.message).toMatch(/upload the bytes again, then retry with the same fileId/);
    expect(stored(sandbox, upload)?.kept).toBeNull();

    expect((await put(sandbox, upload, png(10, 10))).status).toBe(200);
    const retried = await registerImage(sandbox, upload.fileId);
    expect(retried.data?.uploadImage?.image).toMatchObject({ width: 10, height: 10, aspectRatio: "1:1" });
  });

  it("returns the existing record when the same file is registered twice", async () => {
    const sandbox = sandboxes.create();
    const upload = await requestUpload(sandbox);
    await put(sandbox, upload, png(4, 2));
    const first = await registerImage(sandbox, upload.fileId);
    const assets = sandbox.state.assets.size;
    const second = await registerImage(sandbox, upload.fileId);
    expect(second.data?.uploadImage?.image?.id).toBe(first.data?.uploadImage?.image?.id);
    expect(sandbox.state.assets.size).toBe(assets);
  });

  it("refuses a file whose category does not fit the mutation, and another workspace", async () => {
    const sandbox = sandboxes.create();
    const upload = await requestUpload(sandbox, "VIDEO", "video/mp4", "clip.mp4");
    await put(sandbox, upload, new Uint8Array(16));
    const wrong = await registerImage(sandbox, upload.fileId);
    expect(wrong.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    expect(wrong.errors?.[0]?.message).toMatch(/uploadVideo/);
    const other = await send(sandbox, UploadVideoDocument, {
      workspaceId: sandbox.otherWorkspaceId,
      fileId: upload.fileId,
    });
    expect(other.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });

  it("registers a video with its thumbnail and an audio file", async () => {
    const sandbox = sandboxes.create();
    const video = await requestUpload(sandbox, "VIDEO", "video/mp4", "clip.mp4");
    const thumb = await requestUpload(sandbox);
    const audio = await requestUpload(sandbox, "AUDIO", "audio/mpeg", "song.mp3");
    for (const upload of [video, thumb, audio]) await put(sandbox, upload, new Uint8Array(8));
    const ws = sandbox.workspaceId;
    const v = await ok(sandbox, UploadVideoDocument, {
      workspaceId: ws,
      fileId: video.fileId,
      duration: 4.5,
      aspectRatio: "16:9",
      thumbnailFileId: thumb.fileId,
    });
    expect(v.uploadVideo?.video).toMatchObject({ status: "COMPLETED", duration: 4.5, aspectRatio: "16:9" });
    expect(v.uploadVideo?.video?.videoUrl).toContain(video.fileId);
    expect(v.uploadVideo?.video?.thumbnailUrl).toContain(thumb.fileId);
    const a = await ok(sandbox, UploadAudioDocument, { workspaceId: ws, fileId: audio.fileId, durationMs: 1200 });
    expect(a.uploadAudio?.audio).toMatchObject({ source: "UPLOADED", durationMs: 1200 });
    expect(a.uploadAudio?.audio?.downloadUrl).toContain(audio.fileId);
  });
});

describe("confirmFileUpload", () => {
  it("keeps a stored file outside the library, past the clean-up", async () => {
    const sandbox = sandboxes.create();
    const upload = await requestUpload(sandbox);
    await put(sandbox, upload, png(2, 2));
    const assets = sandbox.state.assets.size;
    expect((await ok(sandbox, ConfirmFileUploadDocument, { fileId: upload.fileId })).confirmFileUpload).toBe(true);
    expect(sandbox.state.assets.size).toBe(assets);
    sandbox.advance(3 * 60 * MINUTE);
    expect((await ok(sandbox, ConfirmFileUploadDocument, { fileId: upload.fileId })).confirmFileUpload).toBe(true);
    expect(existsSync(stored(sandbox, upload)?.path ?? "")).toBe(true);
  });

  it("refuses a file whose bytes have not arrived, and a registered file", async () => {
    const sandbox = sandboxes.create();
    const upload = await requestUpload(sandbox);
    const early = await send(sandbox, ConfirmFileUploadDocument, { fileId: upload.fileId });
    expect(early.errors?.[0]?.extensions?.code).toBe("FILE_NOT_UPLOADED");
    await put(sandbox, upload, png(2, 2));
    await registerImage(sandbox, upload.fileId);
    const registered = await send(sandbox, ConfirmFileUploadDocument, { fileId: upload.fileId });
    expect(registered.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
  });
});

describe("clean-up", () => {
  it("deletes uploads neither registered nor confirmed 1 to 2 hours after the request, and keeps the others", async () => {
    const sandbox = sandboxes.create();
    const [idle, unsent, kept] = [
      await requestUpload(sandbox),
      await requestUpload(sandbox),
      await requestUpload(sandbox),
    ];
    await put(sandbox, idle, png(2, 2));
    await put(sandbox, kept, png(2, 2));
    await registerImage(sandbox, kept.fileId);
    const idlePath = stored(sandbox, idle)?.path ?? "";

    sandbox.advance(60 * MINUTE - 1);
    await requestUpload(sandbox); // any use of the uploads area sweeps
    expect(stored(sandbox, idle)).toBeDefined();
    expect(stored(sandbox, unsent)).toBeDefined();

    sandbox.advance(60 * MINUTE + 1);
    const late = await registerImage(sandbox, idle.fileId);
    expect(late.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    expect(existsSync(idlePath)).toBe(false);
    expect(stored(sandbox, unsent)).toBeUndefined();
    expect(existsSync(stored(sandbox, kept)?.path ?? "")).toBe(true);
  });
});

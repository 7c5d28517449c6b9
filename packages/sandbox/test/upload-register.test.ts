import { existsSync } from "node:fs";
import { ConfirmFileUploadDocument, UploadAudioDocument, UploadVideoDocument } from "@studio-kit/operations";
import { afterEach, describe, expect, it } from "vitest";
import { ok, send, useSandbox } from "./support/client.js";
import { MINUTE, png, put, registerImage, requestUpload, stored } from "./support/uploads.js";

const sandboxes = useSandbox();
afterEach(sandboxes.closeAll);

describe("registering an upload", () => {
  it("refuses uploadImage before the bytes arrived, then succeeds with the same fileId after the upload", async () => {
    const sandbox = sandboxes.create();
    const upload = await requestUpload(sandbox);
    const early = await registerImage(sandbox, upload.fileId);
    expect(early.errors?.[0]?.extensions?.code).toBe("FILE_NOT_UPLOADED");
    expect(early.errors?.[0]?.message).toMatch(/upload the bytes again, then retry with the same fileId/);
    expect(stored(sandbox, upload)?.kept).toBeNull();

    expect((await put(upload, png(10, 10))).status).toBe(200);
    const retried = await registerImage(sandbox, upload.fileId);
    expect(retried.data?.uploadImage?.image).toMatchObject({ width: 10, height: 10, aspectRatio: "1:1" });
  });

  it("returns the existing record when the same file is registered twice", async () => {
    const sandbox = sandboxes.create();
    const upload = await requestUpload(sandbox);
    await put(upload, png(4, 2));
    const first = await registerImage(sandbox, upload.fileId);
    const assets = sandbox.state.assets.size;
    const second = await registerImage(sandbox, upload.fileId);
    expect(second.data?.uploadImage?.image?.id).toBe(first.data?.uploadImage?.image?.id);
    expect(sandbox.state.assets.size).toBe(assets);
  });

  it("refuses a file whose category does not fit the mutation, and another workspace", async () => {
    const sandbox = sandboxes.create();
    const upload = await requestUpload(sandbox, "VIDEO", "video/mp4", "clip.mp4");
    await put(upload, new Uint8Array(16));
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
    for (const upload of [video, thumb, audio]) await put(upload, new Uint8Array(8));
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
    await put(upload, png(2, 2));
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
    await put(upload, png(2, 2));
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
    await put(idle, png(2, 2));
    await put(kept, png(2, 2));
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

import { readFileSync } from "node:fs";
import { ImageDocument, UploadImageDocument } from "@studio-kit/operations";
import { afterEach, describe, expect, it } from "vitest";
import { baseUrlOf, ok, useSandbox } from "./support/client.js";
import { errorOf, form, png, post, requestUpload, stored } from "./support/uploads.js";

const sandboxes = useSandbox();
afterEach(sandboxes.closeAll);

describe("signed form upload", () => {
  it("stores a real PNG sent fields first and file last, and uploadImage measures its size", async () => {
    const sandbox = sandboxes.create();
    const upload = await requestUpload(sandbox);
    const bytes = png(64, 48);
    const response = await post(upload, form(upload, bytes));
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
    const download = await fetch(found.image?.downloadUrl ?? "");
    expect(download.status).toBe(200);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(bytes);
  });

  it("ignores fields sent after the file, as S3 does", async () => {
    const sandbox = sandboxes.create();
    const upload = await requestUpload(sandbox);
    const body = form(upload, png(2, 2));
    body.append("x-amz-signature", "0".repeat(64));
    expect((await post(upload, body)).status).toBe(204);
  });

  it("refuses a form whose fields come after the file", async () => {
    const sandbox = sandboxes.create();
    const upload = await requestUpload(sandbox);
    const body = new FormData();
    body.append("file", new Blob([png(2, 2)]), "photo.png");
    for (const [name, value] of Object.entries(upload.fields)) body.append(name, value);
    const response = await post(upload, body);
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
    const response = await post(upload, body);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toMatch(/part named "file"/);
  });

  it.each(["x-amz-signature", "policy", "key", "Content-Type"])("refuses a tampered %s with 403", async (field) => {
    const sandbox = sandboxes.create();
    const upload = await requestUpload(sandbox);
    const entries = Object.entries(upload.fields).map(([name, value]): [string, string] =>
      name === field ? [name, `${value.slice(0, -2)}xx`] : [name, value],
    );
    const response = await post(upload, form(upload, png(2, 2), entries));
    expect(response.status).toBe(403);
    const { message } = await errorOf(response);
    expect(message).toContain(field);
    expect(message).not.toContain(upload.fields["x-amz-signature"]);
    expect(stored(sandbox, upload)?.path).toBeNull();
  });

  it("refuses an empty file with 400 EntityTooSmall", async () => {
    const sandbox = sandboxes.create();
    const upload = await requestUpload(sandbox);
    const response = await post(upload, form(upload, new Uint8Array(0)));
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe("EntityTooSmall");
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
    const response = await fetch(upload.uploadForm?.url ?? "", {
      method: "POST",
      headers: { "content-type": type },
      body: text,
    });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBeTruthy();
  });

  it("answers an unknown fileId with 404 and a wrong method with 405, in JSON", async () => {
    const sandbox = sandboxes.create();
    const upload = await requestUpload(sandbox);
    const unknown = await fetch(`${baseUrlOf(sandbox)}/__storage/form/file_nope`, { method: "POST" });
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).code).toBe("NOT_FOUND");
    const wrong = await fetch(upload.uploadForm?.url ?? "", { method: "GET" });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("POST");
  });
});

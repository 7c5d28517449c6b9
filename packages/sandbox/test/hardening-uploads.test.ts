import { UploadImageDocument } from "@studio-kit/operations";
import { print } from "graphql";
import { describe, expect, it } from "vitest";
import type { SandboxServer } from "../src/index.js";
import { graphqlInit, parseRaw, rawHttp, useServers } from "./support/hardening.js";
import { form, png, type Upload } from "./support/uploads.js";

// Issue 27, points 6 and 7: a PUT cut short got Node's bodiless 400, though the README documents an IncompleteBody
// JSON error; and a second PUT to the signed URL replaced a registered upload's bytes, after which the asset's bytes
// and its record disagreed. Now the first is the documented error, and bytes are refused once registered.
const start = useServers();

async function gql<T>(server: SandboxServer, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const answer = await fetch(
    server.graphqlUrl,
    graphqlInit(server.sandbox.keys.readWrite, JSON.stringify({ query, variables })),
  );
  return ((await answer.json()) as { data: T }).data;
}

async function requestUpload(server: SandboxServer): Promise<Upload> {
  const data = await gql<{
    createSignedUploadUrl: Upload & {
      uploadForm: { url: string; fields: Record<string, string> };
      requiredHeaders: Record<string, string>;
    };
  }>(
    server,
    'mutation { createSignedUploadUrl(category: UGC_IMAGE, filename: "a.png", contentType: "image/png", workspaceId: "ws_acme") { fileId signedUrl uploadForm { url fields } requiredHeaders } }',
  );
  const signed = data.createSignedUploadUrl;
  return { ...signed, fields: signed.uploadForm.fields, headers: signed.requiredHeaders };
}

const put = (upload: Upload, bytes: Uint8Array<ArrayBuffer>) =>
  fetch(upload.signedUrl ?? "", {
    method: "PUT",
    body: bytes,
    headers: { ...upload.headers, "content-length": String(bytes.byteLength) },
  });

const register = (server: SandboxServer, fileId: string) =>
  gql<{ uploadImage: { image: { id: string; width: number; height: number } } }>(server, print(UploadImageDocument), {
    workspaceId: "ws_acme",
    fileId,
  });

describe("a PUT cut short", () => {
  it("is answered with the README's IncompleteBody JSON error, and nothing is stored", async () => {
    const server = await start();
    const upload = await requestUpload(server);
    const url = new URL(upload.signedUrl ?? "");
    const headers = Object.entries(upload.headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join("");
    // 50 of the 100 bytes announced, then the client closes its side.
    const answer = parseRaw(
      await rawHttp(
        url.href,
        `PUT ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\n${headers}Content-Length: 100\r\n\r\n${"x".repeat(50)}`,
      ),
    );
    expect(answer.status).toBe(400);
    expect(answer.headers).toMatch(/content-type: application\/json/i);
    expect(answer.body).toEqual({
      error: {
        code: "IncompleteBody",
        message:
          "The body broke off: the client stopped sending before the 100 bytes its Content-Length announced. " +
          "Send the whole body.",
      },
    });
    expect(server.sandbox.state.files.get(upload.fileId)?.path).toBeNull();
    // The server goes on: the same upload, sent whole, is stored.
    expect((await put(upload, png(2, 2))).status).toBe(200);
  });

  it("other requests Node cannot parse are answered in JSON too", async () => {
    const server = await start();
    const answer = parseRaw(await rawHttp(server.url, "NOT HTTP AT ALL\r\n\r\n"));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      error: { code: "BAD_REQUEST", message: expect.stringContaining("not valid HTTP/1.1") },
    });
  });
});

describe("bytes sent again to an upload", () => {
  it("replace the first ones until the file is registered: the asset is measured from the last bytes", async () => {
    const server = await start();
    const upload = await requestUpload(server);
    expect((await put(upload, png(2, 2))).status).toBe(200);
    expect((await put(upload, png(3, 5))).status).toBe(200);
    const { image } = (await register(server, upload.fileId)).uploadImage;
    expect([image.width, image.height]).toEqual([3, 5]);
    expect(server.sandbox.state.files.get(upload.fileId)?.size).toBe(png(3, 5).byteLength);
  });

  it("are refused once it is registered, by PUT and by form alike: the asset's bytes and size stay as registered", async () => {
    const server = await start();
    const upload = await requestUpload(server);
    expect((await put(upload, png(3, 5))).status).toBe(200);
    const { image } = (await register(server, upload.fileId)).uploadImage;
    const before = server.sandbox.state.files.get(upload.fileId);

    const again = await put(upload, png(40, 40));
    expect(again.status).toBe(403);
    expect(await again.json()).toEqual({
      error: {
        code: "AccessDenied",
        message: `Upload ${upload.fileId} is registered as an asset: its bytes can no longer change. For new bytes, request a new upload with createSignedUploadUrl and register that.`,
      },
    });
    const viaForm = await fetch(upload.uploadForm?.url ?? "", { method: "POST", body: form(upload, png(40, 40)) });
    expect(viaForm.status).toBe(403);

    const after = server.sandbox.state.files.get(upload.fileId);
    expect(after?.size).toBe(png(3, 5).byteLength);
    expect(after?.size).toBe(before?.size);
    // Registering again returns the same asset, as it was.
    const same = (await register(server, upload.fileId)).uploadImage.image;
    expect(same).toEqual(image);
  });
});

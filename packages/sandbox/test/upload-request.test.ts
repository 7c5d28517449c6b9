import { CreateSignedUploadUrlDocument } from "@studio-kit/operations";
import { afterEach, describe, expect, it } from "vitest";
import { baseUrlOf, send, useSandbox } from "./support/client.js";
import { errorOf, form, MINUTE, MiB, png, post, put, requestUpload } from "./support/uploads.js";

const sandboxes = useSandbox();
afterEach(sandboxes.closeAll);

describe("createSignedUploadUrl", () => {
  it("issues an S3-style form and signed URL that expire 15 minutes after the request", async () => {
    const sandbox = sandboxes.create();
    const upload = await requestUpload(sandbox);
    expect(upload.provider).toBe("sandbox-s3");
    expect(upload.uploadForm?.url).toBe(`${baseUrlOf(sandbox)}/__storage/form/${upload.fileId}`);
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

describe("expiry", () => {
  it("accepts bytes up to 15 minutes after the request and refuses them after, on the virtual clock", async () => {
    const sandbox = sandboxes.create();
    const early = await requestUpload(sandbox);
    const late = await requestUpload(sandbox);
    sandbox.advance(15 * MINUTE);
    expect((await put(early, png(2, 2))).status).toBe(200);
    sandbox.advance(1);
    for (const response of [await post(late, form(late, png(2, 2))), await put(late, png(2, 2))]) {
      expect(response.status).toBe(403);
      expect(await errorOf(response)).toMatchObject({
        code: "ExpiredToken",
        message: expect.stringMatching(/expired/),
      });
    }
  });
});

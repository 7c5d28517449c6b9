// Where a Work Object's image is shown from (decision 0027): an unsigned URL as it is; a signed one never, its image
// brought into Slack once instead; nothing at all when that fails, and the failure logged without the URL.
import { describe, expect, it } from "vitest";
import { createPreviewImages, isSignedUrl } from "../src/services/preview-images.js";
import { SIGNATURE } from "./support/signatures.js";

const SIGNED = "https://files.studio.test/__files/f1/fox.png?X-Amz-Signature=abc123&X-Amz-Expires=900";

/** A Slack that takes uploads, and an API that serves `status` with 5 bytes; counts what was asked. */
function fakes(status = 200) {
  const asked = { tickets: 0, completed: 0, downloads: 0 };
  const client = {
    files: {
      getUploadURLExternal: async () => {
        asked.tickets++;
        return { ok: true, upload_url: "https://slack.test/upload/1", file_id: `F${asked.tickets}` };
      },
      completeUploadExternal: async () => {
        asked.completed++;
        return { ok: true };
      },
    },
  };
  const fetch = (async (input: string | URL | Request) => {
    const url = String(input);
    if (url.startsWith("https://slack.test/upload/")) return new Response("ok", { status: 200 });
    asked.downloads++;
    return new Response(status === 200 ? "12345" : "no", {
      status,
      headers: { "content-length": status === 200 ? "5" : "2" },
    });
  }) as typeof globalThis.fetch;
  return { asked, client, fetch };
}

describe("isSignedUrl", () => {
  it("tells a signed URL (S3, GCS, Azure, a token) from a plain one", () => {
    expect(isSignedUrl(SIGNED)).toBe(true);
    expect(isSignedUrl("https://storage.test/a.png?X-Goog-Signature=1")).toBe(true);
    expect(isSignedUrl("https://blob.test/a.png?sv=2024&sig=abc")).toBe(true);
    expect(isSignedUrl("https://cdn.test/a.png?token=abc")).toBe(true);
    expect(isSignedUrl("https://cdn.test/images/a.png")).toBe(false);
    expect(isSignedUrl("https://cdn.test/images/a.png?w=400")).toBe(false);
    expect(isSignedUrl("not a url")).toBe(true);
  });
});

describe("createPreviewImages", () => {
  it("shows an unsigned URL as it is, without uploading", async () => {
    const { asked, client, fetch } = fakes();
    const previews = createPreviewImages({ client, fetch, warn: () => {} });
    const url = "https://cdn.test/images/fox.png";
    expect(await previews.of({ assetId: "img_1", url, filename: "img_1.png" })).toEqual({ image_url: url });
    expect(asked.downloads).toBe(0);
  });

  it("brings a signed URL's image into Slack once and names the file, however often and concurrently asked", async () => {
    const { asked, client, fetch } = fakes();
    const previews = createPreviewImages({ client, fetch, warn: () => {} });
    const image = { assetId: "img_1", url: SIGNED, filename: "img_1.png" };
    const [first, second] = await Promise.all([previews.of(image), previews.of(image)]);
    const third = await previews.of(image);
    expect(first).toEqual({ slack_file: { id: "F1" } });
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    expect(asked).toEqual({ tickets: 1, completed: 1, downloads: 1 });
    expect(SIGNATURE.test(JSON.stringify([first, second, third]))).toBe(false);
  });

  it("forgets the oldest assets past its size, and uploads them again when asked", async () => {
    const { asked, client, fetch } = fakes();
    const previews = createPreviewImages({ client, fetch, warn: () => {}, remember: 1 });
    await previews.of({ assetId: "img_1", url: SIGNED, filename: "img_1.png" });
    await previews.of({ assetId: "img_2", url: SIGNED, filename: "img_2.png" });
    expect(await previews.of({ assetId: "img_1", url: SIGNED, filename: "img_1.png" })).toEqual({
      slack_file: { id: "F3" },
    });
    expect(asked.tickets).toBe(3);
  });

  it("shows no preview when the image cannot be brought in, and logs why without the signed URL", async () => {
    const { client, fetch } = fakes(403);
    const logged: unknown[] = [];
    const previews = createPreviewImages({ client, fetch, warn: (fields, message) => logged.push(fields, message) });
    expect(await previews.of({ assetId: "img_1", url: SIGNED, filename: "img_1.png" })).toBeNull();
    expect(logged).toEqual([{ asset: "img_1", code: "download_failed" }, expect.stringContaining("without a preview")]);
    expect(JSON.stringify(logged)).not.toContain("abc123");
  });
});

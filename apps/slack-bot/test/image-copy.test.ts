import { createStudioClient, generateImages, type StudioClient, StudioError } from "@studio-kit/core";
import { ImageDocument } from "@studio-kit/operations";
import { createSandbox, type Sandbox } from "@studio-kit/sandbox";
import { sandboxHandlers } from "@studio-kit/sandbox/msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { BotDeps } from "../src/deps.js";
import { sendImageEdit } from "../src/jobs/image-edit-send.js";
import type { JobOf } from "../src/jobs/kind.js";
import { copyImage, ImageCopyError } from "../src/services/image-copy.js";

const BASE_URL = "https://api.studio-kit.test";

let sandbox: Sandbox;
let client: StudioClient;
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());
beforeEach(() => {
  sandbox = createSandbox();
  server.use(...sandboxHandlers(sandbox, BASE_URL));
  client = createStudioClient({ apiKey: sandbox.keys.readWrite, baseUrl: BASE_URL, retry: false });
});
afterEach(async () => {
  server.resetHandlers();
  await sandbox.close();
});

/** A finished generated image in the sandbox. */
async function finishedImage() {
  const [queued] = await generateImages(client, { prompt: "a lighthouse", aspectRatio: "16:9", count: 1 });
  sandbox.advance(60_000);
  const { image } = await client.request(ImageDocument, { id: queued?.id ?? "" });
  if (!image?.downloadUrl) throw new Error("the sandbox image did not finish");
  return image;
}

const uploads = () => sandbox.stats().operations.UploadImage ?? 0;

describe("copyImage", () => {
  it("uploads the image's bytes as a new image with the same size and ratio, leaving the original alone", async () => {
    const original = await finishedImage();
    const copyId = await copyImage(client, original.id);
    expect(copyId).not.toBe(original.id);
    const { image: copy } = await client.request(ImageDocument, { id: copyId });
    expect(copy).toMatchObject({
      status: "COMPLETED",
      aspectRatio: "16:9",
      width: original.width,
      height: original.height,
      displayName: `Copy of ${original.displayName}`,
    });
    const { image: after } = await client.request(ImageDocument, { id: original.id });
    expect(after).toEqual(original);
    expect(uploads()).toBe(1);
  });

  it("refuses with the status, never the signed URL, when the download is refused, and uploads nothing", async () => {
    const original = await finishedImage();
    const refusing = (async () => new Response("denied", { status: 403 })) as typeof fetch;
    const copied = copyImage(client, original.id, { fetch: refusing });
    await expect(copied).rejects.toBeInstanceOf(ImageCopyError);
    const error = (await copied.catch((caught: unknown) => caught)) as ImageCopyError;
    expect(error).toMatchObject({ code: "download_failed", status: 403, imageId: original.id });
    expect(`${error.message} ${JSON.stringify(error)}`).not.toMatch(/Signature|__files/);
    expect(uploads()).toBe(0);
  });

  it("refuses a download that gives no length (the upload must announce it), and uploads nothing", async () => {
    const original = await finishedImage();
    const unsized = (async () => new Response(new Blob([new Uint8Array(10)]).stream())) as typeof fetch;
    await expect(copyImage(client, original.id, { fetch: unsized })).rejects.toMatchObject({ code: "unknown_length" });
    expect(uploads()).toBe(0);
  });

  it("refuses an image that has no download yet", async () => {
    const [queued] = await generateImages(client, { prompt: "a lighthouse", aspectRatio: "1:1", count: 1 });
    await expect(copyImage(client, queued?.id ?? "")).rejects.toMatchObject({ code: "gone" });
    expect(uploads()).toBe(0);
  });
});

describe("the send step of Upscale and Remove background", () => {
  const logger = { debug() {}, info() {}, warn() {}, error() {} };
  const job = (sourceId: string, edit: "upscale" | "removeBackground" = "upscale") =>
    ({
      id: "job_1",
      user: "U0ALICE",
      channel: "C1",
      request: {
        kind: "image-edit",
        edit,
        source: { id: sourceId, prompt: "a lighthouse", ratio: "16:9" },
        defaultBoard: null,
      },
      state: "sending",
      resultIds: [],
      uploadedFiles: [],
      outputs: 1,
      credits: 0,
      createdAt: 0,
      updatedAt: 0,
    }) as JobOf<"image-edit">;
  const deps = (studio: StudioClient) => ({ studio, logger }) as unknown as BotDeps;

  it("edits the copy and answers with its id", async () => {
    const original = await finishedImage();
    const sent = await sendImageEdit(deps(client), job(original.id, "removeBackground"));
    if (!sent.accepted) throw new Error("not accepted");
    expect(sent.ids).toHaveLength(1);
    expect(sent.ids[0]).not.toBe(original.id);
    sandbox.advance(60_000);
    const { image: copy } = await client.request(ImageDocument, { id: sent.ids[0] ?? "" });
    expect(copy?.isBackgroundRemoved).toBe(true);
    expect((await client.request(ImageDocument, { id: original.id })).image?.isBackgroundRemoved).toBe(false);
  });

  it("says nothing was edited when the copy cannot be made, and sends no edit", async () => {
    const [queued] = await generateImages(client, { prompt: "a lighthouse", aspectRatio: "1:1", count: 1 });
    const sent = await sendImageEdit(deps(client), job(queued?.id ?? ""));
    expect(sent.accepted).toBe(false);
    expect(sent.accepted ? "" : sent.message.text).toContain("could not be copied to edit it, so nothing was edited");
    expect(sandbox.stats().operations.UpdateImage ?? 0).toBe(0);
  });

  it("leaves the API's own refusal (a read-only key) to the runner, and sends no edit", async () => {
    const original = await finishedImage();
    const readOnly = createStudioClient({ apiKey: sandbox.keys.readOnly, baseUrl: BASE_URL, retry: false });
    await expect(sendImageEdit(deps(readOnly), job(original.id))).rejects.toBeInstanceOf(StudioError);
    expect(sandbox.stats().operations.UpdateImage ?? 0).toBe(0);
    expect(uploads()).toBe(0);
  });
});

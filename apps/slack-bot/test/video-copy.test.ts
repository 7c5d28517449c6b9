import { createStudioClient, type StudioClient, StudioError } from "@studio-kit/core";
import { GenerateVideoDocument, VideoDocument } from "@studio-kit/operations";
import { createSandbox, type Sandbox } from "@studio-kit/sandbox";
import { sandboxHandlers } from "@studio-kit/sandbox/msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { BotDeps } from "../src/deps.js";
import type { JobOf } from "../src/jobs/kind.js";
import { sendVideoTool } from "../src/jobs/video-tool-send.js";
import type { VideoTool } from "../src/messages/video-tools.js";
import { copyVideo, VideoCopyError } from "../src/services/video-copy.js";

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

/** A video queued in the sandbox (finished once `sandbox.advance` moves its clock). */
async function queuedVideo(): Promise<string> {
  const { generateVideo } = await client.request(GenerateVideoDocument, {
    workspaceId: await client.workspaceId(),
    prompt: "a lighthouse",
    aspectRatio: "9:16",
  });
  const id = generateVideo?.video?.id;
  if (!id) throw new Error("the sandbox queued no video");
  return id;
}

async function finishedVideo() {
  const id = await queuedVideo();
  sandbox.advance(120_000);
  const { video } = await client.request(VideoDocument, { id });
  if (!video?.downloadUrl) throw new Error("the sandbox video did not finish");
  return video;
}

const operations = (name: string) => sandbox.stats().operations[name] ?? 0;

describe("copyVideo", () => {
  it("uploads the video's bytes as a new video with the same ratio, leaving the original alone", async () => {
    const original = await finishedVideo();
    const copyId = await copyVideo(client, original.id);
    expect(copyId).not.toBe(original.id);
    const { video: copy } = await client.request(VideoDocument, { id: copyId });
    expect(copy).toMatchObject({
      status: "COMPLETED",
      aspectRatio: "9:16",
      displayName: `Copy of ${original.displayName}`,
    });
    expect((await client.request(VideoDocument, { id: original.id })).video).toEqual(original);
    expect(operations("UploadVideo")).toBe(1);
  });

  it("refuses with the status, never the signed URL, when the download is refused, and uploads nothing", async () => {
    const original = await finishedVideo();
    const refusing = (async () => new Response("denied", { status: 403 })) as typeof fetch;
    const copied = copyVideo(client, original.id, { fetch: refusing });
    await expect(copied).rejects.toBeInstanceOf(VideoCopyError);
    const error = (await copied.catch((caught: unknown) => caught)) as VideoCopyError;
    expect(error).toMatchObject({ code: "download_failed", status: 403, videoId: original.id });
    expect(`${error.message} ${JSON.stringify(error)}`).not.toMatch(/Signature|__files|https?:/);
    expect(operations("UploadVideo")).toBe(0);
  });

  it("refuses a video that has no download yet", async () => {
    await expect(copyVideo(client, await queuedVideo())).rejects.toMatchObject({ code: "gone" });
    expect(operations("UploadVideo")).toBe(0);
  });
});

describe("the send step of the video tools", () => {
  const logger = { debug() {}, info() {}, warn() {}, error() {} };
  const job = (videoId: string, tool: VideoTool) =>
    ({
      id: "job_1",
      user: "U0ALICE",
      channel: "C1",
      request: { kind: "video-tool", tool, videoId, prompt: "a lighthouse", defaultBoard: null },
      state: "sending",
      resultIds: [],
      uploadedFiles: [],
      outputs: 1,
      credits: 0,
      createdAt: 0,
      updatedAt: 0,
    }) as JobOf<"video-tool">;
  const deps = (studio: StudioClient) => ({ studio, logger }) as unknown as BotDeps;
  const upscale: VideoTool = { name: "upscale", scale: "2x" };

  it("upscales the copy and answers with its id; the original is never edited", async () => {
    const original = await finishedVideo();
    const sent = await sendVideoTool(deps(client), job(original.id, upscale));
    if (!sent.accepted) throw new Error("not accepted");
    expect(sent.ids).toHaveLength(1);
    expect(sent.ids[0]).not.toBe(original.id);
    sandbox.advance(120_000);
    expect((await client.request(VideoDocument, { id: original.id })).video).toEqual(original);
    expect(operations("UpdateVideo")).toBe(1);
  });

  it("says nothing was edited when the copy cannot be made, and sends no edit", async () => {
    const sent = await sendVideoTool(deps(client), job(await queuedVideo(), upscale));
    expect(sent.accepted ? "" : sent.message.text).toContain(
      "could not be copied to upscale it, so nothing was edited",
    );
    expect(operations("UpdateVideo")).toBe(0);
  });

  it("leaves the API's own refusal (a read-only key) to the runner, and sends nothing", async () => {
    const original = await finishedVideo();
    const readOnly = createStudioClient({ apiKey: sandbox.keys.readOnly, baseUrl: BASE_URL, retry: false });
    await expect(sendVideoTool(deps(readOnly), job(original.id, upscale))).rejects.toBeInstanceOf(StudioError);
    await expect(sendVideoTool(deps(readOnly), job(original.id, { name: "sound" }))).rejects.toBeInstanceOf(
      StudioError,
    );
    expect(operations("UpdateVideo") + operations("UploadVideo")).toBe(0);
  });

  it("answers sound with the new audio's id, and subtitles with a new video's", async () => {
    const original = await finishedVideo();
    const sound = await sendVideoTool(deps(client), job(original.id, { name: "sound" }));
    expect(sound.accepted && sound.ids[0]).toMatch(/^aud/);
    const subtitled = await sendVideoTool(deps(client), job(original.id, { name: "subtitles", language: "fr" }));
    expect(subtitled.accepted && subtitled.ids[0]).not.toBe(original.id);
    expect(subtitled.accepted && subtitled.ids[0]).toMatch(/^vid/);
  });
});

// sendGeneration: the one mutation of a checked command against the sandbox, as the CLI and the MCP tools send it.
import { createStudioClient, StudioError } from "@studio-kit/core";
import { createSandbox } from "@studio-kit/sandbox";
import { sandboxHandlers } from "@studio-kit/sandbox/msw";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generationCommand, sendGeneration } from "../src/index.js";

const BASE_URL = "https://api.studio-kit.test";
const sandbox = createSandbox();
const server = setupServer(...sandboxHandlers(sandbox, BASE_URL));
const client = createStudioClient({ apiKey: sandbox.keys.readWrite, baseUrl: BASE_URL, retry: false });
const sent = (operation: string) => sandbox.stats().operations[operation] ?? 0;

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(async () => {
  server.close();
  await sandbox.close();
});

describe("sendGeneration", () => {
  it("queues an image request's images, one mutation, and names their kind for polling", async () => {
    const before = sent("GenerateImage");
    const queued = await sendGeneration(client, generationCommand("image", "a red fox", { count: ["2"] }));
    expect(queued).toMatchObject({ queued: true, kind: "image" });
    expect(queued.queued && queued.ids).toHaveLength(2);
    expect(sent("GenerateImage")).toBe(before + 1);
  });

  it("queues a video and a voiceover as the records to poll (video, audio)", async () => {
    expect(await sendGeneration(client, generationCommand("video", "waves at night", {}))).toMatchObject({
      queued: true,
      kind: "video",
    });
    expect(await sendGeneration(client, generationCommand("voice", "Hello there", {}))).toMatchObject({
      queued: true,
      kind: "audio",
    });
  });

  it("refuses a music command without its model's provider before anything is sent", async () => {
    const before = sent("GenerateMusicTrack");
    const refused = sendGeneration(client, generationCommand("music", "calm piano", {}));
    await expect(refused).rejects.toBeInstanceOf(StudioError);
    await expect(refused).rejects.toMatchObject({ code: "INVALID_ARGUMENT" });
    expect(sent("GenerateMusicTrack")).toBe(before);
  });
});

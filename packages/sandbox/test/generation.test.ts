import {
  CreditsBalanceDocument,
  GenerateImageDocument,
  GenerateLipsyncDocument,
  GenerateSpeakingCharacterDocument,
  GenerateVideoDocument,
  GenerateVideoFormatVariantDocument,
  ImageDocument,
  UpdateImageDocument,
  UpdateVideoDocument,
  type VariablesOf,
  VideoDocument,
} from "@studio-kit/operations";
import { afterEach, describe, expect, it } from "vitest";
import type { Sandbox } from "../src/index.js";
import { errorCode, ok, PAST_ANY_JOB_MS, send, sendRaw, useSandbox } from "./support/client.js";

const sandboxes = useSandbox();
afterEach(sandboxes.closeAll);

const image = async (sandbox: Sandbox, id: string) => (await ok(sandbox, ImageDocument, { id })).image;

function generate(sandbox: Sandbox, variables: Partial<VariablesOf<typeof GenerateImageDocument>> = {}) {
  return ok(sandbox, GenerateImageDocument, {
    workspaceId: sandbox.workspaceId,
    prompt: "a hiker on a ridge at dawn",
    aspectRatio: "16:9",
    ...variables,
  });
}

function setCredits(sandbox: Sandbox, change: { balance: number; bonusBalance?: number; dailyFreeLimit?: number }) {
  const credits = sandbox.state.credits.get(sandbox.workspaceId);
  if (!credits) throw new Error("seeded credits missing");
  Object.assign(credits, { bonusBalance: 0, dailyFreeLimit: 0, ...change });
}

describe("image generation", () => {
  it("returns QUEUED records at once with no URL, in the library and on no canvas", async () => {
    const sandbox = sandboxes.create();
    const { generateImage } = await generate(sandbox, { count: 2 });
    expect(generateImage?.images).toHaveLength(2);
    for (const queued of generateImage?.images ?? []) {
      expect(queued).toMatchObject({ status: "QUEUED", url: null, model: "img-aurora-2", aspectRatio: "16:9" });
      expect((await image(sandbox, queued.id))?.downloadUrl).toBeNull();
      expect(sandbox.state.assets.get(queued.id)?.workspaceId).toBe(sandbox.workspaceId);
      expect([...sandbox.state.cards.values()].some((card) => card.assetId === queued.id)).toBe(false);
    }
  });

  it("rises in progress through an intermediate status, then completes with a downloadUrl", async () => {
    const sandbox = sandboxes.create();
    const id = (await generate(sandbox)).generateImage?.images?.[0]?.id ?? "";
    sandbox.advance(500);
    const midway = await image(sandbox, id);
    expect(midway?.status).toBe("PROCESSING");
    expect(midway?.progress).toBeGreaterThan(0);
    expect(midway?.downloadUrl).toBeNull();
    sandbox.advance(PAST_ANY_JOB_MS);
    const done = await image(sandbox, id);
    expect(done).toMatchObject({ status: "COMPLETED", progress: 100, width: 1024, height: 576, errorMessage: null });
    expect(done?.downloadUrl).toMatch(/\/__files\/.+X-Amz-Signature=/);
    expect([...sandbox.state.cards.values()].some((card) => card.assetId === id)).toBe(false);
  });

  it("ends FAILED with an errorMessage when the prompt contains [fail]", async () => {
    const sandbox = sandboxes.create();
    const id = (await generate(sandbox, { prompt: "a tent [fail]" })).generateImage?.images?.[0]?.id ?? "";
    sandbox.advance(PAST_ANY_JOB_MS);
    const failed = await image(sandbox, id);
    expect(failed).toMatchObject({ status: "FAILED", downloadUrl: null });
    expect(failed?.errorMessage).toMatch(/\[fail\]/);
  });

  it("refuses sessionId: the whole mutation fails, with no record made and no credit spent", async () => {
    const sandbox = sandboxes.create();
    const assetsBefore = sandbox.state.assets.size;
    const creditsBefore = await ok(sandbox, CreditsBalanceDocument, { workspaceId: sandbox.workspaceId });
    const response = await sendRaw(sandbox, {
      query: `mutation ($workspaceId: ID!) {
        generateImage(workspaceId: $workspaceId, input: { prompt: "x", aspectRatio: "1:1", sessionId: "board_spring" }) {
          images { id }
        }
      }`,
      variables: { workspaceId: sandbox.workspaceId },
    });
    expect(errorCode(response)).toBe("BAD_USER_INPUT");
    expect(response.errors?.[0]?.message).toMatch(/sessionId.*Generation rules 2/);
    expect((response.data as { generateImage: unknown } | undefined)?.generateImage ?? null).toBeNull();
    expect(sandbox.state.assets.size).toBe(assetsBefore);
    expect(await ok(sandbox, CreditsBalanceDocument, { workspaceId: sandbox.workspaceId })).toEqual(creditsBefore);
  });

  it.each([
    ["a ratio that is not width:height", { aspectRatio: "wide" }, /width:height/],
    ["a zero in the ratio", { aspectRatio: "16:0" }, /positive integers/],
    ["an unknown model", { model: "img-nope" }, /img-aurora-2/],
    ["count 0", { count: 0 }, /count/],
    ["count 5", { count: 5 }, /count/],
    ["an unknown preset", { presetSlugs: ["no-such-preset"] }, /studioPresetsPage/],
    ["a video preset", { presetSlugs: ["drone-orbit"] }, /VIDEO/],
    ["a quality the model lacks", { model: "img-aurora-2-fast", quality: "ultra" }, /"draft", "standard"/],
    ["a resolution the model lacks", { resolution: "4K" }, /"1K", "2K"/],
    ["an empty prompt", { prompt: "  " }, /prompt/],
  ])("refuses %s with BAD_USER_INPUT and makes nothing", async (_, variables, message) => {
    const sandbox = sandboxes.create();
    const before = sandbox.state.assets.size;
    const response = await send(sandbox, GenerateImageDocument, {
      workspaceId: sandbox.workspaceId,
      prompt: "a tent",
      aspectRatio: "1:1",
      ...variables,
    });
    expect(errorCode(response)).toBe("BAD_USER_INPUT");
    expect(response.errors?.[0]?.message).toMatch(message);
    expect(sandbox.state.assets.size).toBe(before);
  });

  it("refuses another workspace", async () => {
    const sandbox = sandboxes.create();
    const response = await send(sandbox, GenerateImageDocument, {
      workspaceId: sandbox.otherWorkspaceId,
      prompt: "a tent",
      aspectRatio: "1:1",
    });
    expect(errorCode(response)).toBe("FORBIDDEN");
  });
});

describe("credits", () => {
  const balance = async (sandbox: Sandbox) =>
    (await ok(sandbox, CreditsBalanceDocument, { workspaceId: sandbox.workspaceId })).creditsBalance;

  it("spends estimatedCredits × count: the daily free allowance first, then the bonus, then the balance", async () => {
    const sandbox = sandboxes.create();
    const before = await balance(sandbox);
    expect(before).toMatchObject({ balance: 400, bonusBalance: 50, dailyFree: { remaining: 20 } });
    await generate(sandbox, { model: "img-prism-xl", count: 4 }); // 8 × 4 = 32
    expect(await balance(sandbox)).toMatchObject({ balance: 400, bonusBalance: 38, dailyFree: { remaining: 0 } });
    await generate(sandbox, { model: "img-prism-xl", count: 4 }); // 32 more: 38 → 6 bonus
    await generate(sandbox, { model: "img-prism-xl", count: 1 }); // 6 bonus, then 2 of the balance
    expect(await balance(sandbox)).toMatchObject({ balance: 398, bonusBalance: 0 });
  });

  it("returns QUEUED records that end FAILED when credits run out, spending nothing for them", async () => {
    const sandbox = sandboxes.create();
    setCredits(sandbox, { balance: 12 });
    const { generateImage } = await generate(sandbox, { model: "img-prism-xl", count: 2 });
    const [paid, unpaid] = generateImage?.images ?? [];
    expect([paid?.status, unpaid?.status]).toEqual(["QUEUED", "QUEUED"]);
    sandbox.advance(PAST_ANY_JOB_MS);
    expect((await image(sandbox, paid?.id ?? ""))?.status).toBe("COMPLETED");
    const failed = await image(sandbox, unpaid?.id ?? "");
    expect(failed?.status).toBe("FAILED");
    expect(failed?.errorMessage).toMatch(/Not enough credits: Prism XL needs 8, 4 left/);
    expect((await balance(sandbox))?.balance).toBe(4);
  });
});

describe("video generation", () => {
  it("returns a QUEUED video with the model's default duration and the board's sessionId, then completes", async () => {
    const sandbox = sandboxes.create();
    const { generateVideo } = await ok(sandbox, GenerateVideoDocument, {
      workspaceId: sandbox.workspaceId,
      prompt: "boots crossing a river",
      aspectRatio: "9:16",
      sessionId: "board_spring",
    });
    expect(generateVideo?.video).toMatchObject({ status: "QUEUED", videoUrl: null, duration: 5, model: "vid-tide-1" });
    expect(generateVideo?.video?.sessionId).toBe("board_spring");
    sandbox.advance(PAST_ANY_JOB_MS);
    const { video } = await ok(sandbox, VideoDocument, { id: generateVideo?.video?.id ?? "" });
    expect(video?.status).toBe("COMPLETED");
    expect(video?.videoUrl).toMatch(/\.mp4/);
    expect(video?.thumbnailUrl).toMatch(/\.png/);
  });

  it.each([
    ["a duration the model lacks", { duration: 7 }, "BAD_USER_INPUT", /5, 10/],
    ["an unknown board in sessionId", { sessionId: "board_nope" }, "NOT_FOUND", /board_nope/],
    ["another workspace's board", { sessionId: "board_globex" }, "FORBIDDEN", /another workspace/],
    [
      "sourceVideo on a model without video-to-video",
      { sourceVideo: { id: "vid_river_crossing" } },
      "BAD_USER_INPUT",
      /video-to-video/,
    ],
    [
      "too many reference images",
      { referenceImages: [{ id: "img_trail_dawn" }, { id: "img_tent_night" }] },
      "BAD_USER_INPUT",
      /at most 1/,
    ],
  ])("refuses %s", async (_, variables, code, message) => {
    const sandbox = sandboxes.create();
    const response = await send(sandbox, GenerateVideoDocument, {
      workspaceId: sandbox.workspaceId,
      prompt: "a tent",
      aspectRatio: "16:9",
      model: "vid-tide-1",
      ...variables,
    });
    expect(errorCode(response)).toBe(code);
    expect(response.errors?.[0]?.message).toMatch(message);
  });

  it("makes a format variant as a new QUEUED video, refusing another workspace's video", async () => {
    const sandbox = sandboxes.create();
    const source = sandbox.state.assets.get("vid_river_crossing");
    if (source?.__typename !== "Video") throw new Error("seeded video missing");
    sandbox.state.assets.set("vid_globex", { ...source, id: "vid_globex", workspaceId: sandbox.otherWorkspaceId });
    const made = await ok(sandbox, GenerateVideoFormatVariantDocument, {
      videoId: "vid_river_crossing",
      targetAspectRatio: "9:16",
      mode: "CROP",
    });
    expect(made.generateVideoFormatVariant?.video).toMatchObject({
      status: "QUEUED",
      aspectRatio: "9:16",
      duration: 1,
    });
    expect(source.aspectRatio).toBe("16:9");
    const foreign = await send(sandbox, GenerateVideoFormatVariantDocument, {
      videoId: "vid_globex",
      targetAspectRatio: "9:16",
      mode: "CROP",
    });
    expect(errorCode(foreign)).toBe("FORBIDDEN");
  });

  it("lip-syncs and animates a speaking character from library media, needing both inputs", async () => {
    const sandbox = sandboxes.create();
    const workspaceId = sandbox.workspaceId;
    const lipsync = await ok(sandbox, GenerateLipsyncDocument, {
      workspaceId,
      videoId: "vid_river_crossing",
      audioId: "aud_campfire",
    });
    expect(lipsync.generateLipsync?.video).toMatchObject({ status: "QUEUED", model: "lipsync-sync-3", duration: 2 });
    const speaking = await ok(sandbox, GenerateSpeakingCharacterDocument, {
      workspaceId,
      imageId: "img_tent_night",
      audioUrl: "https://cdn.example/voice.wav",
      audioDurationSeconds: 12,
    });
    expect(speaking.generateSpeakingCharacter?.video).toMatchObject({ aspectRatio: "4:5", duration: 12 });
    const noAudio = await send(sandbox, GenerateLipsyncDocument, { workspaceId, videoId: "vid_river_crossing" });
    expect(errorCode(noAudio)).toBe("BAD_USER_INPUT");
    const unknown = await send(sandbox, GenerateLipsyncDocument, {
      workspaceId,
      videoId: "vid_nope",
      audioId: "aud_campfire",
    });
    expect(errorCode(unknown)).toBe("NOT_FOUND");
  });
});

describe("editing", () => {
  it("upscales an image: processing until done, then isUpscaled with the larger size", async () => {
    const sandbox = sandboxes.create();
    const { updateImage } = await ok(sandbox, UpdateImageDocument, { id: "img_boot_macro", upscaleScale: "2x" });
    expect(updateImage?.image).toMatchObject({ status: "QUEUED", url: null, isUpscaled: false, width: 1024 });
    sandbox.advance(PAST_ANY_JOB_MS);
    expect(await image(sandbox, "img_boot_macro")).toMatchObject({
      status: "COMPLETED",
      isUpscaled: true,
      isBackgroundRemoved: false,
      width: 2048,
      height: 2048,
    });
  });

  it.each([
    ["an unsupported scale", { upscaleScale: "3x" }, /"2x", "4x"/],
    ["nothing to do", {}, /Nothing to do/],
  ])("refuses %s with BAD_USER_INPUT", async (_, variables, message) => {
    const sandbox = sandboxes.create();
    const response = await send(sandbox, UpdateImageDocument, { id: "img_boot_macro", ...variables });
    expect(errorCode(response)).toBe("BAD_USER_INPUT");
    expect(response.errors?.[0]?.message).toMatch(message);
  });

  it("refuses to edit an image still being generated", async () => {
    const sandbox = sandboxes.create();
    const id = (await generate(sandbox)).generateImage?.images?.[0]?.id ?? "";
    const response = await send(sandbox, UpdateImageDocument, { id, removeBackground: true });
    expect(errorCode(response)).toBe("BAD_USER_INPUT");
    expect(response.errors?.[0]?.message).toMatch(/wait until it is COMPLETED/);
  });

  it("processes a video edit, serving the video again once done", async () => {
    const sandbox = sandboxes.create();
    const { updateVideo } = await ok(sandbox, UpdateVideoDocument, {
      id: "vid_river_crossing",
      removeBackground: true,
    });
    expect(updateVideo?.video).toMatchObject({ status: "QUEUED", videoUrl: null });
    sandbox.advance(PAST_ANY_JOB_MS);
    expect((await ok(sandbox, VideoDocument, { id: "vid_river_crossing" })).video?.videoUrl).toMatch(/-edit\.mp4/);
  });
});

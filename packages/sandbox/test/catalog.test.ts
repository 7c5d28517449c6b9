import {
  AudioStatusDocument,
  AvailableGenerationModelsDocument,
  BackgroundJobDocument,
  GenerateMusicTrackDocument,
  GenerateVideoSfxDocument,
  GenerateVoiceoverDocument,
  StudioPresetsPageDocument,
} from "@studio-kit/operations";
import { afterEach, describe, expect, it } from "vitest";
import { errorCode, ok, PAST_ANY_JOB_MS, send, useSandbox } from "./support/client.js";

const sandboxes = useSandbox();
afterEach(sandboxes.closeAll);

describe("availableGenerationModels", () => {
  const roles = [
    ["imageModels", "defaultImageModelId"],
    ["videoModels", "defaultVideoModelId"],
    ["referenceToVideoModels", "defaultReferenceToVideoModelId"],
    ["speakingAvatarModels", "defaultSpeakingAvatarModelId"],
    ["lipSyncModels", "defaultLipSyncModelId"],
    ["musicModels", "defaultMusicModelId"],
    ["voiceModels", "defaultVoiceModelId"],
  ] as const;

  it.each(roles)("lists several %s with described entries and a default among them", async (role, defaultKey) => {
    const sandbox = sandboxes.create();
    const catalog = (await ok(sandbox, AvailableGenerationModelsDocument)).availableGenerationModels;
    const models = catalog?.[role] ?? [];
    expect(models.length).toBeGreaterThanOrEqual(3);
    expect(models.map((model) => model.id)).toContain(catalog?.[defaultKey]);
    for (const model of models) {
      expect(model.label && model.provider && model.description && model.promptGuidance).toBeTruthy();
      expect(model.recommendedFor?.length).toBeGreaterThan(0);
      expect(model.estimatedCredits).toBeGreaterThan(0);
    }
  });

  it("gives every model's defaults from its own supported values", async () => {
    const sandbox = sandboxes.create();
    const catalog = (await ok(sandbox, AvailableGenerationModelsDocument)).availableGenerationModels;
    const visual = [...(catalog?.imageModels ?? []), ...(catalog?.videoModels ?? [])];
    for (const model of visual) {
      expect(model.supportedResolutions).toContain(model.defaultResolution);
      if (model.defaultQuality) expect(model.supportedQualities).toContain(model.defaultQuality);
      if (model.defaultDuration) expect(model.supportedDurations).toContain(model.defaultDuration);
    }
    for (const model of catalog?.musicModels ?? []) expect(model.supportedDurations).toContain(model.defaultDuration);
  });

  it("has the models the seeded records name", async () => {
    const sandbox = sandboxes.create();
    const catalog = (await ok(sandbox, AvailableGenerationModelsDocument)).availableGenerationModels;
    expect(catalog?.defaultImageModelId).toBe("img-aurora-2");
    expect(catalog?.videoModels?.map((model) => model.id)).toContain("vid-tide-1");
    expect(catalog?.musicModels?.find((model) => model.id === "music-ember-1")?.provider).toBe("ember");
  });
});

describe("studioPresetsPage", () => {
  it("serves every preset by default, with slugs, formats and preview URLs", async () => {
    const sandbox = sandboxes.create();
    const page = (await ok(sandbox, StudioPresetsPageDocument, {})).studioPresetsPage;
    expect(page?.totalCount).toBeGreaterThanOrEqual(12);
    expect(page?.items).toHaveLength(page?.totalCount ?? 0);
    expect(new Set(page?.items?.map((item) => item.category)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(page?.items?.map((item) => item.outputFormat))).toEqual(new Set(["IMAGE", "VIDEO"]));
    for (const item of page?.items ?? []) expect(item.thumbnailUrl).toMatch(/^https:\/\//);
  });

  it("filters by q in title, description or slug, case-insensitively, and by category", async () => {
    const sandbox = sandboxes.create();
    const byTitle = await ok(sandbox, StudioPresetsPageDocument, { q: "GOLDEN" });
    expect(byTitle.studioPresetsPage?.items?.map((item) => item.slug)).toEqual(["golden-hour"]);
    const bySlug = await ok(sandbox, StudioPresetsPageDocument, { q: "turntable-360" });
    expect(bySlug.studioPresetsPage?.totalCount).toBe(1);
    const byCategory = await ok(sandbox, StudioPresetsPageDocument, { category: "camera" });
    expect(byCategory.studioPresetsPage?.items?.every((item) => item.category === "Camera")).toBe(true);
    const both = await ok(sandbox, StudioPresetsPageDocument, { category: "Camera", q: "drone" });
    expect(both.studioPresetsPage?.items?.map((item) => item.slug)).toEqual(["drone-orbit"]);
    const none = await ok(sandbox, StudioPresetsPageDocument, { category: "Nope" });
    expect(none.studioPresetsPage).toEqual({ totalCount: 0, items: [] });
  });

  it("pages by limit and offset, counting the whole filtered list", async () => {
    const sandbox = sandboxes.create();
    const all = (await ok(sandbox, StudioPresetsPageDocument, { category: "Product" })).studioPresetsPage;
    const second = (await ok(sandbox, StudioPresetsPageDocument, { category: "Product", limit: 2, offset: 2 }))
      .studioPresetsPage;
    expect(second?.totalCount).toBe(all?.totalCount);
    expect(second?.items).toEqual(all?.items?.slice(2, 4));
  });

  it.each([
    ["a negative limit", { limit: -1 }],
    ["a limit over 100", { limit: 101 }],
    ["a negative offset", { offset: -5 }],
  ])("refuses %s with BAD_USER_INPUT", async (_, variables) => {
    const sandbox = sandboxes.create();
    expect(errorCode(await send(sandbox, StudioPresetsPageDocument, variables))).toBe("BAD_USER_INPUT");
  });
});

describe("backgroundJob", () => {
  it("answers the finished brand analysis with its two children", async () => {
    const sandbox = sandboxes.create();
    const job = (
      await ok(sandbox, BackgroundJobDocument, { id: "job_brand_analysis", workspaceId: sandbox.workspaceId })
    ).backgroundJob;
    expect(job).toMatchObject({ type: "BRAND_ANALYSIS", status: "COMPLETED", sourceId: "brand_acme" });
    expect(job?.completedAt).toBeTruthy();
    expect(job?.metadata).toMatchObject({ pagesRead: 14 });
    expect(job?.children?.map((child) => child.status)).toEqual(["COMPLETED", "COMPLETED"]);
  });

  it("answers the running product scrape as working until the clock passes its end", async () => {
    const sandbox = sandboxes.create();
    const variables = { id: "job_product_scrape", workspaceId: sandbox.workspaceId };
    const running = (await ok(sandbox, BackgroundJobDocument, variables)).backgroundJob;
    expect(running?.status).not.toBe("COMPLETED");
    expect(running?.completedAt).toBeNull();
    sandbox.advance(10_000);
    const done = (await ok(sandbox, BackgroundJobDocument, variables)).backgroundJob;
    expect(done?.status).toBe("COMPLETED");
    expect(done?.completedAt).toBe(new Date(Date.parse(done?.createdAt ?? "") + 10_000).toISOString());
  });

  it("refuses an unknown id with NOT_FOUND and another workspace's job with FORBIDDEN", async () => {
    const sandbox = sandboxes.create();
    const seeded = sandbox.state.backgroundJobs.get("job_product_scrape");
    if (!seeded) throw new Error("seeded job missing");
    sandbox.state.backgroundJobs.set("job_globex", {
      ...seeded,
      id: "job_globex",
      workspaceId: sandbox.otherWorkspaceId,
    });
    const workspaceId = sandbox.workspaceId;
    expect(errorCode(await send(sandbox, BackgroundJobDocument, { id: "job_nope", workspaceId }))).toBe("NOT_FOUND");
    expect(errorCode(await send(sandbox, BackgroundJobDocument, { id: "job_globex", workspaceId }))).toBe("FORBIDDEN");
    const otherWorkspace = { id: "job_globex", workspaceId: sandbox.otherWorkspaceId };
    expect(errorCode(await send(sandbox, BackgroundJobDocument, otherWorkspace))).toBe("FORBIDDEN");
  });
});

describe("audioStatus", () => {
  it("answers a finished audio with the audio itself", async () => {
    const sandbox = sandboxes.create();
    const { audioStatus } = await ok(sandbox, AudioStatusDocument, {
      audioId: "aud_campfire",
      workspaceId: sandbox.workspaceId,
    });
    expect(audioStatus).toMatchObject({ status: "COMPLETED", progress: 100, errorMessage: null });
    expect(audioStatus?.audio).toMatchObject({ id: "aud_campfire", musicProvider: "ember", durationMs: 2000 });
  });

  it.each([
    ["an unknown id", "aud_nope"],
    ["an id that is not an audio", "img_trail_dawn"],
  ])("refuses %s with NOT_FOUND", async (_, audioId) => {
    const sandbox = sandboxes.create();
    const response = await send(sandbox, AudioStatusDocument, { audioId, workspaceId: sandbox.workspaceId });
    expect(errorCode(response)).toBe("NOT_FOUND");
  });
});

describe("audio generation, followed through audioStatus and backgroundJob", () => {
  it("follows a music track through audioStatus and backgroundJob; the audio appears only once COMPLETED", async () => {
    const sandbox = sandboxes.create();
    const workspaceId = sandbox.workspaceId;
    const { generateMusicTrack } = await ok(sandbox, GenerateMusicTrackDocument, {
      workspaceId,
      provider: "ember",
      prompt: "warm acoustic guitar, campfire mood",
    });
    expect(generateMusicTrack).toMatchObject({ success: true, estimatedCredits: 6 });
    const audioId = generateMusicTrack?.audioId ?? "";
    const jobId = generateMusicTrack?.jobId ?? "";
    const queued = await ok(sandbox, AudioStatusDocument, { audioId, workspaceId });
    expect(queued.audioStatus).toMatchObject({ audioId, status: "QUEUED", audio: null });
    expect((await ok(sandbox, BackgroundJobDocument, { id: jobId, workspaceId })).backgroundJob).toMatchObject({
      status: "QUEUED",
      completedAt: null,
      sourceId: audioId,
    });
    sandbox.advance(PAST_ANY_JOB_MS);
    const done = await ok(sandbox, AudioStatusDocument, { audioId, workspaceId });
    expect(done.audioStatus).toMatchObject({ status: "COMPLETED", progress: 100 });
    expect(done.audioStatus?.audio).toMatchObject({
      musicProvider: "ember",
      model: "music-ember-1",
      durationMs: 30_000,
    });
    expect(done.audioStatus?.audio?.downloadUrl).toMatch(/\.wav/);
    const job = (await ok(sandbox, BackgroundJobDocument, { id: jobId, workspaceId })).backgroundJob;
    expect(job?.status).toBe("COMPLETED");
    expect(job?.completedAt).toBeTruthy();
  });

  it("refuses a provider that no music model has, listing the providers", async () => {
    const sandbox = sandboxes.create();
    const response = await send(sandbox, GenerateMusicTrackDocument, {
      workspaceId: sandbox.workspaceId,
      provider: "spotify",
      prompt: "x",
    });
    expect(errorCode(response)).toBe("BAD_USER_INPUT");
    expect(response.errors?.[0]?.message).toMatch(/"ember"/);
  });

  it("ends a voiceover FAILED with an errorMessage and no audio when the script contains [fail]", async () => {
    const sandbox = sandboxes.create();
    const workspaceId = sandbox.workspaceId;
    const { generateVoiceover } = await ok(sandbox, GenerateVoiceoverDocument, { workspaceId, script: "Hello [fail]" });
    sandbox.advance(PAST_ANY_JOB_MS);
    const status = await ok(sandbox, AudioStatusDocument, { audioId: generateVoiceover?.audioId ?? "", workspaceId });
    expect(status.audioStatus).toMatchObject({ status: "FAILED", audio: null });
    expect(status.audioStatus?.errorMessage).toMatch(/\[fail\]/);
  });

  it("makes sound effects as long as the video", async () => {
    const sandbox = sandboxes.create();
    const workspaceId = sandbox.workspaceId;
    const { generateVideoSfx } = await ok(sandbox, GenerateVideoSfxDocument, {
      workspaceId,
      videoId: "vid_river_crossing",
    });
    sandbox.advance(PAST_ANY_JOB_MS);
    const status = await ok(sandbox, AudioStatusDocument, { audioId: generateVideoSfx?.audioId ?? "", workspaceId });
    expect(status.audioStatus?.audio?.durationMs).toBe(1000);
  });
});

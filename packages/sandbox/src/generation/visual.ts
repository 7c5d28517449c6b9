import { assertOwned, assertWorkspace } from "../access.js";
import { MODEL_CATALOG } from "../catalog/models.js";
import type { RequestContext } from "../core.js";
import { badUserInput } from "../errors.js";
import { createImage, createVideo, generationJob, JOB_SCALE } from "./records.js";
import {
  aspectRatio,
  intInRange,
  mediaRef,
  mediaRefs,
  ownedMedia,
  pickModel,
  pickOption,
  presets,
  requireText,
} from "./validate.js";

// generateImage and generateVideo (spec, Mutations: generation; Generation rules).

type Ref = { id?: string | null; url?: string | null };

export interface GenerateImageArgs {
  workspaceId: string;
  input: {
    prompt: string;
    aspectRatio: string;
    count?: number | null;
    model?: string | null;
    quality?: string | null;
    resolution?: string | null;
    referenceImages?: Ref[] | null;
    parentImageId?: string | null;
    sessionId?: string | null;
    presetSlugs?: string[] | null;
  };
}

/** Images per generateImage call (gap: the spec shows no maximum `count`). */
export const MAX_IMAGE_COUNT = 4;

/** The long side's multiple of 1024 pixels for an image resolution. */
const RESOLUTION_SCALE: Record<string, number> = { "1K": 1, "2K": 2, "4K": 4 };

/** One QUEUED record per image asked for; each spends its model's credits. */
export function generateImage(ctx: RequestContext, args: GenerateImageArgs) {
  const workspaceId = assertWorkspace(ctx, args.workspaceId);
  const { input } = args;
  // Spec, Generation rules 2 and Errors: the column is a foreign key onto a
  // legacy table nothing can set, so any value fails the whole mutation, before
  // a record is made or a credit spent.
  if (input.sessionId !== null && input.sessionId !== undefined) {
    throw badUserInput(
      `generateImage failed: sessionId ${JSON.stringify(input.sessionId)} is refused, since the column is a ` +
        "foreign key onto a legacy table that nothing can set (spec, Generation rules 2). Leave sessionId out " +
        "and put the finished images on a board with createCanvasCards.",
      { field: "sessionId" },
    );
  }
  const prompt = requireText(input.prompt, "prompt");
  const ratio = aspectRatio(input.aspectRatio);
  const count = input.count ?? 1;
  intInRange(count, 1, MAX_IMAGE_COUNT, "count");
  const model = pickModel(MODEL_CATALOG.imageModels, input.model, MODEL_CATALOG.defaultImageModelId, "image");
  pickOption(input.quality, model.supportedQualities, model.defaultQuality, "quality", model.id);
  const resolution = pickOption(
    input.resolution,
    model.supportedResolutions,
    model.defaultResolution,
    "resolution",
    model.id,
  );
  mediaRefs(ctx, input.referenceImages, "Image", "referenceImages", model.maxReferenceImages, model.id);
  if (input.parentImageId) ownedMedia(ctx, input.parentImageId, "Image");
  presets(input.presetSlugs, "IMAGE");

  const images = Array.from({ length: count }, () =>
    createImage(ctx, workspaceId, {
      prompt,
      aspectRatio: ratio,
      scale: RESOLUTION_SCALE[resolution ?? "1K"] ?? 1,
      model: model.id,
      job: generationJob(ctx, {
        workspaceId,
        prompt,
        cost: model.estimatedCredits,
        what: model.label,
        scale: JOB_SCALE.image,
      }),
    }),
  );
  return { success: true, images };
}

export interface GenerateVideoArgs {
  workspaceId: string;
  input: {
    prompt: string;
    aspectRatio: string;
    model?: string | null;
    duration?: number | null;
    resolution?: string | null;
    addMusic?: boolean | null;
    generateAudio?: boolean | null;
    firstFrame?: Ref | null;
    endImage?: Ref | null;
    referenceImages?: Ref[] | null;
    referenceVideos?: Ref[] | null;
    referenceAudios?: Ref[] | null;
    sourceVideo?: Ref | null;
    presetSlugs?: string[] | null;
    sessionId?: string | null;
  };
}

/**
 * One QUEUED video. The model comes from videoModels or referenceToVideoModels;
 * left out, it is the default of the role the references call for.
 */
export function generateVideo(ctx: RequestContext, args: GenerateVideoArgs) {
  const workspaceId = assertWorkspace(ctx, args.workspaceId);
  const { input } = args;
  const prompt = requireText(input.prompt, "prompt");
  const ratio = aspectRatio(input.aspectRatio);
  const withReferences = [input.referenceImages, input.referenceVideos, input.referenceAudios].some(
    (refs) => (refs?.length ?? 0) > 0,
  );
  const model = pickModel(
    [...MODEL_CATALOG.videoModels, ...MODEL_CATALOG.referenceToVideoModels],
    input.model,
    withReferences ? MODEL_CATALOG.defaultReferenceToVideoModelId : MODEL_CATALOG.defaultVideoModelId,
    "video",
  );
  const duration = pickOption(input.duration, model.supportedDurations, model.defaultDuration, "duration", model.id);
  pickOption(input.resolution, model.supportedResolutions, model.defaultResolution, "resolution", model.id);
  if (input.firstFrame) mediaRef(ctx, input.firstFrame, "Image", "firstFrame");
  if (input.endImage) mediaRef(ctx, input.endImage, "Image", "endImage");
  mediaRefs(ctx, input.referenceImages, "Image", "referenceImages", model.maxReferenceImages, model.id);
  mediaRefs(ctx, input.referenceVideos, "Video", "referenceVideos", model.maxReferenceVideos, model.id);
  mediaRefs(ctx, input.referenceAudios, "Audio", "referenceAudios", model.maxReferenceAudios, model.id);
  if (input.sourceVideo) {
    if (!model.supportsVideoToVideo) {
      throw badUserInput(`sourceVideo: ${model.id} does not support video-to-video; pick a model that does.`);
    }
    mediaRef(ctx, input.sourceVideo, "Video", "sourceVideo");
  }
  presets(input.presetSlugs, "VIDEO");
  // Unlike generateImage, generateVideo takes a board id here without warning
  // (docs/schema-gaps.md): it must be a board of this workspace, and is stored.
  if (input.sessionId)
    assertOwned(ctx, ctx.core.state.boards.get(input.sessionId), "Board (sessionId)", input.sessionId);

  const video = createVideo(ctx, workspaceId, {
    prompt,
    aspectRatio: ratio,
    duration,
    model: model.id,
    sessionId: input.sessionId ?? null,
    job: generationJob(ctx, {
      workspaceId,
      prompt,
      cost: model.estimatedCredits,
      what: model.label,
      scale: JOB_SCALE.video,
    }),
  });
  return { success: true, video };
}

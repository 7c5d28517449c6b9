import { assertWorkspace } from "../access.js";
import { MODEL_CATALOG } from "../catalog/models.js";
import type { RequestContext } from "../core.js";
import { badUserInput } from "../errors.js";
import { startJob } from "../jobs.js";
import { createVideo, generationJob, JOB_SCALE } from "./records.js";
import {
  aspectRatio,
  finished,
  intInRange,
  mediaRef,
  numberInRange,
  ownedMedia,
  pickModel,
  pickOption,
} from "./validate.js";

// The generation mutations that make a new video from existing media: format
// variants, colour adjustments, subtitles, lip-sync and speaking characters. Each
// leaves its source untouched and returns a new QUEUED Video (spec, Mutations:
// generation). Only lip-sync and speaking characters have catalog models, so
// only they spend credits; the others have no `estimatedCredits` to charge.

/** Longest audio a lip-sync or speaking character takes (gap: not shown). */
const MAX_AUDIO_SECONDS = 600;

/** A variant takes the source's workspace (spec: "top level, no workspaceId"). */
export function generateVideoFormatVariant(
  ctx: RequestContext,
  // The mode is an open scalar, so any JSON value can arrive.
  args: { input: { videoId: string; targetAspectRatio: string; mode: unknown } },
) {
  const source = finished(ctx, ownedMedia(ctx, args.input.videoId, "Video"));
  const ratio = aspectRatio(args.input.targetAspectRatio, "targetAspectRatio");
  // gap: VideoFormatVariantMode's values are not shown; any non-empty text is taken.
  const { mode } = args.input;
  if (typeof mode !== "string" || !mode.trim()) throw badUserInput("mode must be a non-empty string.");
  const video = createVideo(ctx, source.workspaceId, {
    prompt: source.prompt,
    displayName: `${source.displayName ?? source.id} (${ratio})`,
    aspectRatio: ratio,
    duration: source.duration,
    model: null,
    sessionId: null,
    job: startJob(ctx.core, null, JOB_SCALE.video),
  });
  return { success: true, video };
}

const ADJUSTMENTS = ["exposure", "contrast", "saturation", "temperature", "tint", "highlights", "shadows"] as const;

/** A colour-graded copy; the edit takes the source's workspace, like updateVideo. */
export function applyVideoColorAdjustments(
  ctx: RequestContext,
  args: { id: string; input: Record<(typeof ADJUSTMENTS)[number], number> },
) {
  const source = finished(ctx, ownedMedia(ctx, args.id, "Video"));
  // gap: value ranges not shown; -100..100 is the usual slider range.
  for (const name of ADJUSTMENTS) intInRange(args.input[name], -100, 100, name);
  const video = createVideo(ctx, source.workspaceId, {
    prompt: source.prompt,
    displayName: `${source.displayName ?? source.id} (graded)`,
    aspectRatio: source.aspectRatio,
    duration: source.duration,
    model: null,
    sessionId: null,
    job: startJob(ctx.core, null, JOB_SCALE.video),
  });
  return { success: true, video };
}

export interface AddSubtitlesArgs {
  workspaceId: string;
  input: {
    videoId?: string | null;
    videoUrl?: string | null;
    fontSize?: number | null;
    strokeWidth?: number | null;
    backgroundOpacity?: number | null;
    wordsPerSubtitle?: number | null;
    yOffset?: number | null;
  };
}

export function addSubtitles(ctx: RequestContext, args: AddSubtitlesArgs) {
  const workspaceId = assertWorkspace(ctx, args.workspaceId);
  const { input } = args;
  const source = mediaRef(ctx, { id: input.videoId, url: input.videoUrl }, "Video", "videoId/videoUrl").record;
  // gap: ranges not shown; these refuse only values no renderer could use.
  intInRange(input.fontSize, 1, 400, "fontSize");
  intInRange(input.strokeWidth, 0, 50, "strokeWidth");
  intInRange(input.wordsPerSubtitle, 1, 50, "wordsPerSubtitle");
  intInRange(input.yOffset, -2000, 2000, "yOffset");
  numberInRange(input.backgroundOpacity, 0, 1, "backgroundOpacity");
  const video = createVideo(ctx, workspaceId, {
    prompt: source?.prompt ?? null,
    displayName: `${source?.displayName ?? "Video"} (subtitled)`,
    aspectRatio: source?.aspectRatio ?? null,
    duration: source?.duration ?? null,
    model: null,
    sessionId: null,
    job: startJob(ctx.core, null, JOB_SCALE.video),
  });
  return { success: true, video };
}

export interface GenerateLipsyncArgs {
  workspaceId: string;
  input: {
    videoId?: string | null;
    videoUrl?: string | null;
    audioId?: string | null;
    audioUrl?: string | null;
    audioDurationSeconds?: number | null;
    model?: string | null;
  };
}

/** The audio's length: as given, else the audio record's. */
function audioSeconds(given: number | null | undefined, durationMs: number | null | undefined): number | null {
  numberInRange(given, 0.1, MAX_AUDIO_SECONDS, "audioDurationSeconds");
  return given ?? (durationMs ? durationMs / 1000 : null);
}

export function generateLipsync(ctx: RequestContext, args: GenerateLipsyncArgs) {
  const workspaceId = assertWorkspace(ctx, args.workspaceId);
  const { input } = args;
  const model = pickModel(MODEL_CATALOG.lipSyncModels, input.model, MODEL_CATALOG.defaultLipSyncModelId, "lip-sync");
  const source = mediaRef(ctx, { id: input.videoId, url: input.videoUrl }, "Video", "videoId/videoUrl").record;
  const audio = mediaRef(ctx, { id: input.audioId, url: input.audioUrl }, "Audio", "audioId/audioUrl").record;
  // gap: LipsyncEmotion, LipsyncSyncMode and LipsyncFaceMode values are not shown; any is taken.
  const video = createVideo(ctx, workspaceId, {
    prompt: null,
    displayName: `${source?.displayName ?? "Video"} (lip-synced)`,
    aspectRatio: source?.aspectRatio ?? null,
    duration: audioSeconds(input.audioDurationSeconds, audio?.durationMs) ?? source?.duration ?? null,
    model: model.id,
    sessionId: null,
    job: generationJob(ctx, {
      workspaceId,
      prompt: null,
      cost: model.estimatedCredits,
      what: model.label,
      scale: JOB_SCALE.video,
    }),
  });
  return { success: true, video };
}

export interface GenerateSpeakingCharacterArgs {
  workspaceId: string;
  input: {
    imageId?: string | null;
    imageUrl?: string | null;
    audioId?: string | null;
    audioUrl?: string | null;
    audioDurationSeconds?: number | null;
    model?: string | null;
    resolution?: string | null;
  };
}

export function generateSpeakingCharacter(ctx: RequestContext, args: GenerateSpeakingCharacterArgs) {
  const workspaceId = assertWorkspace(ctx, args.workspaceId);
  const { input } = args;
  const model = pickModel(
    MODEL_CATALOG.speakingAvatarModels,
    input.model,
    MODEL_CATALOG.defaultSpeakingAvatarModelId,
    "speaking avatar",
  );
  pickOption(input.resolution, model.supportedResolutions, model.defaultResolution, "resolution", model.id);
  const image = mediaRef(ctx, { id: input.imageId, url: input.imageUrl }, "Image", "imageId/imageUrl").record;
  const audio = mediaRef(ctx, { id: input.audioId, url: input.audioUrl }, "Audio", "audioId/audioUrl").record;
  const video = createVideo(ctx, workspaceId, {
    prompt: null,
    displayName: `${image?.displayName ?? "Character"} (speaking)`,
    aspectRatio: image?.aspectRatio ?? null,
    duration: audioSeconds(input.audioDurationSeconds, audio?.durationMs),
    model: model.id,
    sessionId: null,
    job: generationJob(ctx, {
      workspaceId,
      prompt: null,
      cost: model.estimatedCredits,
      what: model.label,
      scale: JOB_SCALE.video,
    }),
  });
  return { success: true, video };
}

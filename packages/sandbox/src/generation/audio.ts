import { assertWorkspace } from "../access.js";
import { MODEL_CATALOG } from "../catalog/models.js";
import type { RequestContext } from "../core.js";
import { badUserInput } from "../errors.js";
import { createAudio, generationJob, JOB_SCALE } from "./records.js";
import { aspectRatio, intInRange, mediaRef, numberInRange, pickModel, requireText } from "./validate.js";

// Music, voiceover and sound effects. Each returns `audioId` and `jobId` at
// once; `audioStatus` answers until the finished audio is present, and
// `backgroundJob` answers for the job (spec, States and transitions).

const excerpt = (text: string, length = 48) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

export interface GenerateMusicTrackArgs {
  workspaceId: string;
  input: {
    provider: string;
    prompt: string;
    tags?: string[] | null;
    lyrics?: string | null;
    instrumental?: boolean | null;
    minDurationSeconds?: number | null;
    maxDurationSeconds?: number | null;
  };
}

/** The model's duration closest to its default within [min, max], or a refusal listing the model's durations. */
function musicDuration(
  supported: readonly number[],
  fallback: number,
  min: number,
  max: number,
  modelId: string,
): number {
  const fitting = supported.filter((seconds) => seconds >= min && seconds <= max);
  if (fitting.length === 0) {
    throw badUserInput(
      `${modelId} makes tracks of ${supported.join(", ")} seconds; none lies between ${min} and ${max}.`,
      { field: "minDurationSeconds/maxDurationSeconds", allowed: supported },
    );
  }
  return fitting.reduce((best, seconds) => (Math.abs(seconds - fallback) < Math.abs(best - fallback) ? seconds : best));
}

export function generateMusicTrack(ctx: RequestContext, args: GenerateMusicTrackArgs) {
  const workspaceId = assertWorkspace(ctx, args.workspaceId);
  const { input } = args;
  const models = MODEL_CATALOG.musicModels;
  // The provider picks the model (spec: a music model's provider); the default
  // model wins when two share a provider.
  const model =
    models.find((m) => m.provider === input.provider && m.id === MODEL_CATALOG.defaultMusicModelId) ??
    models.find((m) => m.provider === input.provider);
  if (!model) {
    const providers = [...new Set(models.map((m) => m.provider))];
    throw badUserInput(
      `Unknown music provider ${JSON.stringify(input.provider)}. Allowed: ${providers.map((p) => JSON.stringify(p)).join(", ")}.`,
      { field: "provider", allowed: providers },
    );
  }
  const prompt = requireText(input.prompt, "prompt");
  if (input.instrumental && input.lyrics?.trim()) {
    throw badUserInput("An instrumental track has no vocals: leave out lyrics or set instrumental to false.");
  }
  intInRange(input.minDurationSeconds, 1, 600, "minDurationSeconds");
  intInRange(input.maxDurationSeconds, 1, 600, "maxDurationSeconds");
  const min = input.minDurationSeconds ?? 0;
  const max = input.maxDurationSeconds ?? Number.POSITIVE_INFINITY;
  if (min > max) throw badUserInput(`minDurationSeconds (${min}) is more than maxDurationSeconds (${max}).`);
  const seconds = musicDuration(model.supportedDurations, model.defaultDuration, min, max, model.id);

  const audio = createAudio(ctx, workspaceId, {
    name: excerpt(prompt),
    durationMs: seconds * 1000,
    model: model.id,
    musicProvider: model.provider,
    type: "MUSIC_GENERATION",
    metadata: { provider: model.provider, model: model.id, prompt, tags: input.tags ?? [], durationSeconds: seconds },
    job: generationJob(ctx, {
      workspaceId,
      prompt,
      cost: model.estimatedCredits,
      what: model.label,
      scale: JOB_SCALE.audio,
    }),
  });
  return { success: true, audioId: audio.id, jobId: audio._jobId, estimatedCredits: model.estimatedCredits };
}

export interface GenerateVoiceoverArgs {
  workspaceId: string;
  input: {
    script: string;
    voiceId?: string | null;
    emotion?: string | null;
    language?: string | null;
    speed?: number | null;
    stability?: number | null;
    similarityBoost?: number | null;
    style?: number | null;
    name?: string | null;
  };
}

/** Spoken words per second at speed 1, to size the WAV. */
const WORDS_PER_SECOND = 2.5;

/**
 * gap: the input has no `model`, only `voiceId`, and the catalog lists
 * voiceModels with a default: `voiceId` is read as a voice model id.
 */
export function generateVoiceover(ctx: RequestContext, args: GenerateVoiceoverArgs) {
  const workspaceId = assertWorkspace(ctx, args.workspaceId);
  const { input } = args;
  const script = requireText(input.script, "script");
  const model = pickModel(MODEL_CATALOG.voiceModels, input.voiceId, MODEL_CATALOG.defaultVoiceModelId, "voice");
  // gap: ranges not shown; these are the usual ones of speech engines.
  numberInRange(input.speed, 0.5, 2, "speed");
  numberInRange(input.stability, 0, 1, "stability");
  numberInRange(input.similarityBoost, 0, 1, "similarityBoost");
  numberInRange(input.style, 0, 1, "style");
  const words = script.split(/\s+/).length;
  const durationMs = Math.max(1000, Math.round((words / WORDS_PER_SECOND / (input.speed ?? 1)) * 1000));
  const name = input.name?.trim() || `Voiceover: ${excerpt(script)}`;

  const audio = createAudio(ctx, workspaceId, {
    name,
    durationMs,
    model: model.id,
    musicProvider: null,
    type: "VOICEOVER",
    metadata: { model: model.id, language: input.language ?? null, emotion: input.emotion ?? null, words },
    job: generationJob(ctx, {
      workspaceId,
      prompt: script,
      cost: model.estimatedCredits,
      what: model.label,
      scale: JOB_SCALE.audio,
    }),
  });
  return { success: true, audioId: audio.id, jobId: audio._jobId };
}

export interface GenerateVideoSfxArgs {
  workspaceId: string;
  input: {
    videoId?: string | null;
    videoUrl?: string | null;
    prompt?: string | null;
    videoDurationSeconds?: number | null;
    aspectRatio?: string | null;
  };
}

/**
 * Sound effects for a video, as long as the video. The catalog has no
 * sound-effect model, so there is no `estimatedCredits` to charge and none is spent.
 */
export function generateVideoSfx(ctx: RequestContext, args: GenerateVideoSfxArgs) {
  const workspaceId = assertWorkspace(ctx, args.workspaceId);
  const { input } = args;
  const video = mediaRef(ctx, { id: input.videoId, url: input.videoUrl }, "Video", "videoId/videoUrl").record;
  numberInRange(input.videoDurationSeconds, 0.1, 600, "videoDurationSeconds");
  if (input.aspectRatio) aspectRatio(input.aspectRatio);
  const seconds = input.videoDurationSeconds ?? video?.duration ?? 5;
  const prompt = input.prompt?.trim() || null;

  const audio = createAudio(ctx, workspaceId, {
    name: prompt ? excerpt(prompt) : `Sound effects for ${video?.displayName ?? "video"}`,
    durationMs: Math.round(seconds * 1000),
    model: null,
    musicProvider: null,
    type: "VIDEO_SFX",
    metadata: { videoId: video?.id ?? null, videoUrl: input.videoUrl ?? null, prompt },
    job: generationJob(ctx, { workspaceId, prompt, cost: 0, what: "Sound effects", scale: JOB_SCALE.audio }),
  });
  return { success: true, audioId: audio.id, jobId: audio._jobId };
}

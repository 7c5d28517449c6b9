import type { RequestContext } from "../core.js";
import { injectedFailure } from "../faults/generation.js";
import { FAIL_WORD, startJob } from "../jobs.js";
import { addGeneratedFile, pixelsFor } from "../seed/media.js";
import type { AudioRecord, BackgroundJob, ImageRecord, Job, VideoRecord } from "../state/types.js";
import { spendCredits } from "./credits.js";

// New generated records. Each is stored in the library at once with its job and
// its file; status, progress and URLs are derived from the job when read
// (resolvers/media.ts), so the record is QUEUED when returned and in no canvas
// (spec, States and transitions; Generation rules 3).

/** Job length per kind, times the sandbox's jobMs: video takes longer than a still. */
export const JOB_SCALE = { image: 1, video: 2, audio: 1.5, edit: 1 } as const;

/**
 * A generation that cannot be paid for is still accepted and returned QUEUED; it
 * fails soon after, when the background work would start (spec, Errors).
 */
const SHORTFALL_SCALE = 0.25;

interface JobRequest {
  workspaceId: string;
  /** Text that may carry FAIL_WORD (a prompt, a script). */
  prompt: string | null;
  cost: number;
  /** The model's label, for the credits message. */
  what: string;
  scale: number;
}

/**
 * The job of one generated record. A prompt with FAIL_WORD fails at the end of
 * the job and, like a credit shortfall, spends nothing: a failed record costs no
 * credits (the sandbox's choice; the spec is silent on refunds).
 */
export function generationJob(ctx: RequestContext, request: JobRequest): Job {
  // A generation fault (sandbox.faults) decides first: it spends nothing, like the failures below.
  const injected = injectedFailure(ctx, request.what, request.cost);
  if (injected) return startJob(ctx.core, injected.message, injected.shortfall ? SHORTFALL_SCALE : request.scale);
  if (request.prompt?.toLowerCase().includes(FAIL_WORD)) {
    return startJob(
      ctx.core,
      `The generation failed: the prompt contains ${FAIL_WORD}, the sandbox's word for a failure.`,
      request.scale,
    );
  }
  const shortfall = spendCredits(ctx, request.workspaceId, request.cost, request.what);
  if (shortfall) return startJob(ctx.core, shortfall, SHORTFALL_SCALE);
  return startJob(ctx.core, null, request.scale);
}

/** Longest generated display name, in characters (the sandbox's choice: the spec does not say). */
export const DISPLAY_NAME_MAX = 60;

/**
 * A generation's display name: its prompt, cut at the last whole word that fits, with "…" when cut (never
 * mid-word, which read as "…Acme Outdoor: plain-" on a board card).
 */
export const displayNameOf = (text: string | null, fallback: string) => {
  const clean = (text ?? "").replaceAll(FAIL_WORD, "").replace(/\s+/g, " ").trim();
  if (!clean) return fallback;
  if (clean.length <= DISPLAY_NAME_MAX) return clean;
  const room = clean.slice(0, DISPLAY_NAME_MAX - 1);
  const lastSpace = room.lastIndexOf(" ");
  const whole = lastSpace > DISPLAY_NAME_MAX / 2 ? room.slice(0, lastSpace) : room;
  return `${whole.replace(/[\s,;:.-]+$/, "")}…`;
};

const seedOf = (ctx: RequestContext) => ctx.core.random.int(1, 2_147_483_647);

export interface NewImage {
  prompt: string | null;
  aspectRatio: string;
  /** Multiplies the 1024-pixel long side (2 for a 2K resolution). */
  scale: number;
  model: string | null;
  job: Job;
}

export function createImage(ctx: RequestContext, workspaceId: string, input: NewImage): ImageRecord {
  const base = pixelsFor(input.aspectRatio);
  const width = base.width * input.scale;
  const height = base.height * input.scale;
  const id = ctx.core.newId("img");
  const media = { kind: "png", width, height, seed: seedOf(ctx) } as const;
  const file = addGeneratedFile(ctx.core, workspaceId, `${id}.png`, "image/png", media);
  const image: ImageRecord = {
    __typename: "Image",
    id,
    workspaceId,
    createdAt: ctx.core.clock.iso(),
    displayName: displayNameOf(input.prompt, "Generated image"),
    url: null,
    imageType: "GENERATED",
    prompt: input.prompt,
    width,
    height,
    aspectRatio: input.aspectRatio,
    // Never set for images (spec, Generation rules 2).
    sessionId: null,
    model: input.model,
    fileId: file.id,
    isBackgroundRemoved: false,
    isUpscaled: false,
    _fileId: file.id,
    _job: input.job,
  };
  ctx.core.state.assets.set(id, image);
  return image;
}

export interface NewVideo {
  prompt: string | null;
  /** Defaults to the prompt's start. */
  displayName?: string;
  /** Null when the source's ratio is unknown (a video given by URL). */
  aspectRatio: string | null;
  /** Seconds. */
  duration: number | null;
  model: string | null;
  sessionId: string | null;
  job: Job;
}

/** A generated video: an MP4 and a PNG thumbnail, served once the job is done. */
export function createVideo(ctx: RequestContext, workspaceId: string, input: NewVideo): VideoRecord {
  const id = ctx.core.newId("vid");
  const video = addGeneratedFile(ctx.core, workspaceId, `${id}.mp4`, "video/mp4", { kind: "mp4" });
  const thumbnail = addGeneratedFile(ctx.core, workspaceId, `${id}.png`, "image/png", {
    kind: "png",
    ...pixelsFor(input.aspectRatio ?? "16:9"),
    seed: seedOf(ctx),
  });
  const record: VideoRecord = {
    __typename: "Video",
    id,
    workspaceId,
    createdAt: ctx.core.clock.iso(),
    displayName: input.displayName ?? displayNameOf(input.prompt, "Generated video"),
    name: `${id}.mp4`,
    videoType: "GENERATED",
    prompt: input.prompt,
    aspectRatio: input.aspectRatio,
    duration: input.duration,
    sessionId: input.sessionId,
    model: input.model,
    _fileId: video.id,
    _thumbnailFileId: thumbnail.id,
    _job: input.job,
  };
  ctx.core.state.assets.set(id, record);
  return record;
}

export interface NewAudio {
  name: string;
  durationMs: number;
  model: string | null;
  musicProvider: string | null;
  /** The background job's type: MUSIC_GENERATION, VOICEOVER or VIDEO_SFX. */
  type: string;
  metadata: Record<string, unknown>;
  job: Job;
}

/**
 * A generated audio (a WAV of the asked duration) and the background job that
 * tracks it, sharing one job so that `audioStatus` and `backgroundJob` agree.
 */
export function createAudio(ctx: RequestContext, workspaceId: string, input: NewAudio): AudioRecord {
  const id = ctx.core.newId("aud");
  const jobId = ctx.core.newId("job");
  const media = { kind: "wav", durationMs: input.durationMs, seed: seedOf(ctx) } as const;
  const file = addGeneratedFile(ctx.core, workspaceId, `${id}.wav`, "audio/wav", media);
  const createdAt = ctx.core.clock.iso();
  const audio: AudioRecord = {
    __typename: "Audio",
    id,
    workspaceId,
    createdAt,
    name: input.name,
    displayName: input.name,
    source: "GENERATED",
    durationMs: input.durationMs,
    model: input.model,
    musicProvider: input.musicProvider,
    _fileId: file.id,
    _job: input.job,
    _jobId: jobId,
  };
  const job: BackgroundJob = {
    id: jobId,
    workspaceId,
    type: input.type,
    source: "API",
    sourceId: id,
    metadata: input.metadata,
    createdAt,
    _job: input.job,
    children: [],
  };
  ctx.core.state.assets.set(id, audio);
  ctx.core.state.backgroundJobs.set(jobId, job);
  return audio;
}

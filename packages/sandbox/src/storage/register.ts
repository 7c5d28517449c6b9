import type { RequestContext } from "../core.js";
import type { AudioRecord, ImageRecord, StoredFile, VideoRecord } from "../state/types.js";
import { aspectRatioOf, measureImage } from "./measure.js";

// The library records that step 3 creates from a stored upload (spec, Upload
// flow 3; States and transitions: "stored -> registered as an asset"). They have
// no job: an upload is COMPLETED at once, and the shared field resolvers in
// resolvers/media.ts derive url and downloadUrl from `_fileId`.

export interface UploadImageInput {
  fileId: string;
  id?: string | null;
  name?: string | null;
  displayName?: string | null;
  aspectRatio?: string | null;
}

export interface UploadVideoInput {
  fileId: string;
  id?: string | null;
  name?: string | null;
  displayName?: string | null;
  duration?: number | null;
  aspectRatio?: string | null;
  thumbnailFileId?: string | null;
}

export interface UploadAudioInput {
  fileId: string;
  id?: string | null;
  name?: string | null;
  displayName?: string | null;
  durationMs?: number | null;
  contentType?: string | null;
}

function base(ctx: RequestContext, id: string) {
  return { id, workspaceId: ctx.workspaceId, createdAt: ctx.core.clock.iso() };
}

/** Width and height are measured from the bytes (the input has none); the ratio is derived unless given. */
export async function imageRecord(
  ctx: RequestContext,
  id: string,
  file: StoredFile,
  input: UploadImageInput,
): Promise<ImageRecord> {
  const size = file.path ? await measureImage(file.path) : null;
  return {
    __typename: "Image",
    ...base(ctx, id),
    displayName: input.displayName ?? input.name ?? file.filename,
    url: null,
    imageType: "UPLOADED",
    prompt: null,
    width: size?.width ?? null,
    height: size?.height ?? null,
    aspectRatio: input.aspectRatio ?? (size ? aspectRatioOf(size.width, size.height) : null),
    sessionId: null,
    model: null,
    fileId: file.id,
    isBackgroundRemoved: false,
    isUpscaled: false,
    _fileId: file.id,
    _job: null,
  };
}

/** The sandbox reads no video container: duration and ratio are the client's, or null. */
export function videoRecord(
  ctx: RequestContext,
  id: string,
  file: StoredFile,
  input: UploadVideoInput,
  thumbnail: StoredFile | null,
): VideoRecord {
  return {
    __typename: "Video",
    ...base(ctx, id),
    name: input.name ?? file.filename,
    displayName: input.displayName ?? input.name ?? file.filename,
    videoType: "UPLOADED",
    prompt: null,
    aspectRatio: input.aspectRatio ?? null,
    duration: input.duration ?? null,
    sessionId: null,
    model: null,
    _fileId: file.id,
    _thumbnailFileId: thumbnail?.id ?? null,
    _job: null,
  };
}

export function audioRecord(ctx: RequestContext, id: string, file: StoredFile, input: UploadAudioInput): AudioRecord {
  return {
    __typename: "Audio",
    ...base(ctx, id),
    name: input.name ?? input.displayName ?? file.filename,
    displayName: input.displayName ?? input.name ?? file.filename,
    source: "UPLOADED",
    durationMs: input.durationMs ?? null,
    model: null,
    musicProvider: null,
    _fileId: file.id,
    _job: null,
    _jobId: null,
  };
}

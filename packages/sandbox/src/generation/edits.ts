import { assertOwned } from "../access.js";
import type { RequestContext } from "../core.js";
import { badUserInput } from "../errors.js";
import { fileAvailable } from "../files.js";
import { startJob } from "../jobs.js";
import { addGeneratedFile, pixelsFor } from "../seed/media.js";
import { JOB_SCALE } from "./records.js";
import { finished, ownedMedia } from "./validate.js";

// updateImage and updateVideo edit a record in place (spec, Mutations: tags and
// assets): the record is processing again until the edit's job is done, and
// only then shows its new file, size and flags (see settle.ts).

/** gap: the scale's format is not shown; "2x" and "4x" (or 2 and 4) are what upscalers offer. */
function upscaleFactor(scale: string | null | undefined): number {
  if (scale === null || scale === undefined) return 1;
  const factor = Number(/^\s*(\d+)\s*x?\s*$/i.exec(scale)?.[1]);
  if (factor !== 2 && factor !== 4) {
    throw badUserInput(`upscaleScale ${JSON.stringify(scale)} is not supported. Allowed: "2x", "4x".`, {
      field: "upscaleScale",
      allowed: ["2x", "4x"],
    });
  }
  return factor;
}

/** Largest side an upscale may reach. */
const MAX_SIDE = 8192;

export interface UpdateImageArgs {
  id: string;
  input: { upscaleScale?: string | null; removeBackground?: boolean | null; fileId?: string | null };
}

/** The image's new file: an uploaded image of this workspace whose bytes arrived. */
function uploadedImage(ctx: RequestContext, fileId: string) {
  const file = assertOwned(ctx, ctx.core.state.files.get(fileId), "File", fileId);
  if (!file.contentType.startsWith("image/")) {
    throw badUserInput(`fileId ${fileId} is ${file.contentType}, not an image.`);
  }
  if (!fileAvailable(ctx.core, file.id)) {
    throw badUserInput(`The bytes of file ${fileId} did not arrive: upload again, then retry with the same fileId.`);
  }
  // The image now uses the file, as uploadImage would: it is no longer cleaned up.
  file.kept ??= "registered";
  return file;
}

export function updateImage(ctx: RequestContext, args: UpdateImageArgs) {
  const image = finished(ctx, ownedMedia(ctx, args.id, "Image"));
  const { upscaleScale, removeBackground, fileId } = args.input;
  if (!upscaleScale && !removeBackground && !fileId) {
    throw badUserInput("Nothing to do: give upscaleScale, removeBackground: true or fileId.");
  }
  const factor = upscaleFactor(upscaleScale);
  const base = image.width && image.height ? { width: image.width, height: image.height } : pixelsFor("1:1");
  const width = base.width * factor;
  const height = base.height * factor;
  if (Math.max(width, height) > MAX_SIDE) {
    throw badUserInput(
      `Upscaling ${image.id} by ${factor}x would make it ${width}x${height}; the limit is ${MAX_SIDE}.`,
    );
  }
  const file = fileId
    ? uploadedImage(ctx, fileId)
    : addGeneratedFile(ctx.core, image.workspaceId, `${image.id}-edit.png`, "image/png", {
        kind: "png",
        width,
        height,
        seed: ctx.core.random.int(1, 2_147_483_647),
      });

  image._job = startJob(ctx.core, null, JOB_SCALE.edit);
  // Shown once the edit's job is COMPLETED (settleEdits), not before.
  image._pendingEdit = {
    job: image._job,
    changes: {
      width,
      height,
      fileId: file.id,
      _fileId: file.id,
      isUpscaled: image.isUpscaled || factor > 1,
      isBackgroundRemoved: image.isBackgroundRemoved || removeBackground === true,
    },
  };
  return { success: true, image };
}

export interface UpdateVideoArgs {
  id: string;
  input: { upscaleScale?: string | null; removeBackground?: boolean | null };
}

/** Video records carry no size or flags: the edit shows as a new file once done. */
export function updateVideo(ctx: RequestContext, args: UpdateVideoArgs) {
  const video = finished(ctx, ownedMedia(ctx, args.id, "Video"));
  const { upscaleScale, removeBackground } = args.input;
  if (!upscaleScale && !removeBackground) {
    throw badUserInput("Nothing to do: give upscaleScale or removeBackground: true.");
  }
  upscaleFactor(upscaleScale);
  const file = addGeneratedFile(ctx.core, video.workspaceId, `${video.id}-edit.mp4`, "video/mp4", { kind: "mp4" });
  const thumbnail = addGeneratedFile(ctx.core, video.workspaceId, `${video.id}-edit.png`, "image/png", {
    kind: "png",
    ...pixelsFor(video.aspectRatio ?? "16:9"),
    seed: ctx.core.random.int(1, 2_147_483_647),
  });

  video._job = startJob(ctx.core, null, JOB_SCALE.video * JOB_SCALE.edit);
  video._pendingEdit = { job: video._job, changes: { _fileId: file.id, _thumbnailFileId: thumbnail.id } };
  return { success: true, video };
}

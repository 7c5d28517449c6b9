import type { RequestContext } from "../core.js";
import { fileUrl } from "../files.js";
import { viewRecord } from "../jobs.js";
import type { AssetRecord, AudioRecord, ImageRecord, VideoRecord } from "../state/types.js";

// Field resolvers shared by every operation that returns an Image, Video or
// Audio: status, progress and URLs are derived from the record's job and the
// virtual clock when read, so a record moves from QUEUED to COMPLETED or FAILED
// by advancing time alone.

type Media = ImageRecord | VideoRecord | AudioRecord;

const status = (record: Media, _: unknown, ctx: RequestContext) => viewRecord(ctx.core, record).status;
const progress = (record: Media, _: unknown, ctx: RequestContext) => viewRecord(ctx.core, record).progress;
const errorMessage = (record: Media, _: unknown, ctx: RequestContext) => viewRecord(ctx.core, record).errorMessage;
/** Set once COMPLETED (spec, States and transitions). */
const completedUrl = (record: Media, _: unknown, ctx: RequestContext) => {
  const view = viewRecord(ctx.core, record);
  return view.status === "COMPLETED" ? fileUrl(ctx, record._fileId) : null;
};

const resolveAssetType = (record: AssetRecord | { __typename: string }) => record.__typename;

export const mediaResolvers = {
  Image: {
    status,
    progress,
    errorMessage,
    url: completedUrl,
    downloadUrl: completedUrl,
  },
  Video: {
    status,
    progress,
    errorMessage,
    videoUrl: completedUrl,
    downloadUrl: completedUrl,
    thumbnailUrl: (record: VideoRecord, _: unknown, ctx: RequestContext) =>
      viewRecord(ctx.core, record).done ? fileUrl(ctx, record._thumbnailFileId) : null,
    thumbnailDownloadUrl: (record: VideoRecord, _: unknown, ctx: RequestContext) =>
      viewRecord(ctx.core, record).done ? fileUrl(ctx, record._thumbnailFileId) : null,
  },
  Audio: {
    url: completedUrl,
    downloadUrl: completedUrl,
  },
  Logo: {
    url: (record: { _fileId: string | null }, _: unknown, ctx: RequestContext) => fileUrl(ctx, record._fileId),
  },
  CanvasCardAsset: { __resolveType: resolveAssetType },
  Asset: { __resolveType: resolveAssetType },
};

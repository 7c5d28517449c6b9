import { assertOwned, assertWorkspace } from "../access.js";
import type { RequestContext } from "../core.js";
import { badUserInput, notFound } from "../errors.js";
import { viewRecord } from "../jobs.js";
import { newestFirst, paginate } from "../pagination.js";
import type { AssetRecord, ImageRecord, VideoRecord } from "../state/types.js";

// The asset library: search with filters and cursor pagination, the image and
// video batch lists used for polling, and single records (spec, Endpoints).

/** AssetType values (spec: IMAGE, VIDEO, AUDIO, PROMPT, LOGO, CREATIVE) to the union member they select. */
const TYPENAME_OF: Record<string, AssetRecord["__typename"]> = {
  IMAGE: "Image",
  VIDEO: "Video",
  AUDIO: "Audio",
  PROMPT: "PromptAsset",
  LOGO: "Logo",
  CREATIVE: "Creative",
};

interface AssetFilter {
  types?: string[] | null;
  contentType?: string | null;
  sessionIds?: string[] | null;
  includeProcessing?: boolean | null;
  collectionId?: string | null;
  tags?: { value: string; dimension?: string | null }[] | null;
}

interface AssetsArgs {
  workspaceId: string;
  first?: number | null;
  after?: string | null;
  term?: string | null;
  filter?: AssetFilter | null;
}

const searchableText = (asset: AssetRecord): string =>
  [
    "displayName" in asset ? asset.displayName : null,
    "name" in asset ? asset.name : null,
    "prompt" in asset ? asset.prompt : null,
    "text" in asset ? asset.text : null,
  ]
    .filter(Boolean)
    .join(" ")
    .toLowerCase();

/** Records still generating (or failed) are left out unless `includeProcessing` is true. */
function isFinished(ctx: RequestContext, asset: AssetRecord): boolean {
  return !("_job" in asset) || viewRecord(ctx.core, asset).status === "COMPLETED";
}

function hasTags(ctx: RequestContext, asset: AssetRecord, wanted: NonNullable<AssetFilter["tags"]>): boolean {
  const tags = [...ctx.core.state.tags.values()].filter((tag) => tag.assetId === asset.id);
  return wanted.every((filter) =>
    tags.some(
      (tag) =>
        tag.value.toLowerCase() === filter.value.toLowerCase() &&
        (filter.dimension == null || tag.dimension?.toLowerCase() === filter.dimension.toLowerCase()),
    ),
  );
}

function contentTypeOf(ctx: RequestContext, asset: AssetRecord): string | null {
  const fileId = "_fileId" in asset ? asset._fileId : null;
  return (fileId && ctx.core.state.files.get(fileId)?.contentType) || null;
}

/** A collection is emulated as a board: the assets placed on its canvas (the spec does not describe collections). */
function assetIdsOnBoard(ctx: RequestContext, boardId: string): Set<string> {
  const board = assertOwned(ctx, ctx.core.state.boards.get(boardId), "Collection (board)", boardId);
  const ids = [...ctx.core.state.cards.values()]
    .filter((card) => card.conversationId === board.conversationId && !card.removedAt)
    .map((card) => card.assetId);
  return new Set(ids);
}

function searchAssets(ctx: RequestContext, args: AssetsArgs): AssetRecord[] {
  const filter = args.filter ?? {};
  const types = filter.types ?? Object.keys(TYPENAME_OF);
  const unknown = types.filter((type) => !(type in TYPENAME_OF));
  if (unknown.length > 0) throw badUserInput(`Unknown asset type ${unknown.join(", ")}.`);
  const typenames = new Set(types.map((type) => TYPENAME_OF[type]));
  const term = args.term?.trim().toLowerCase();
  const onBoard = filter.collectionId ? assetIdsOnBoard(ctx, filter.collectionId) : null;
  const sessions = filter.sessionIds ? new Set(filter.sessionIds) : null;
  const contentType = filter.contentType?.toLowerCase();

  return newestFirst(ctx.core.state.assets.values()).filter(
    (asset) =>
      asset.workspaceId === args.workspaceId &&
      typenames.has(asset.__typename) &&
      (filter.includeProcessing || isFinished(ctx, asset)) &&
      (!term || searchableText(asset).includes(term)) &&
      (!sessions || ("sessionId" in asset && asset.sessionId !== null && sessions.has(asset.sessionId))) &&
      (!onBoard || onBoard.has(asset.id)) &&
      (!contentType || (contentTypeOf(ctx, asset) ?? "").startsWith(contentType)) &&
      (!filter.tags?.length || hasTags(ctx, asset, filter.tags)),
  );
}

interface BatchArgs {
  workspaceId: string;
  sessionIds: string[];
  first?: number | null;
  includeProcessing?: boolean | null;
}

/** `images` and `videos`: a session batch, for polling many records in one request (Generation rules 5). */
function batch<T extends ImageRecord | VideoRecord>(ctx: RequestContext, args: BatchArgs, typename: T["__typename"]) {
  assertWorkspace(ctx, args.workspaceId);
  const sessions = new Set(args.sessionIds);
  const records = newestFirst(ctx.core.state.assets.values()).filter(
    (asset): asset is T =>
      asset.__typename === typename &&
      asset.workspaceId === args.workspaceId &&
      asset.sessionId !== null &&
      sessions.has(asset.sessionId) &&
      Boolean(args.includeProcessing || isFinished(ctx, asset)),
  );
  return paginate(records, args.first, null, 10);
}

function single(ctx: RequestContext, id: string, typename: "Image" | "Video") {
  const asset = ctx.core.state.assets.get(id);
  if (asset && asset.__typename !== typename) throw notFound(typename, id);
  return assertOwned(ctx, asset, typename, id);
}

type PageArgs = { workspaceId: string; first?: number | null; after?: string | null };

export const libraryResolvers = {
  Query: {
    assets: (_: unknown, args: AssetsArgs, ctx: RequestContext) => {
      assertWorkspace(ctx, args.workspaceId);
      return paginate(searchAssets(ctx, args), args.first, args.after, 50);
    },
    images: (_: unknown, args: BatchArgs, ctx: RequestContext) => batch<ImageRecord>(ctx, args, "Image"),
    videos: (_: unknown, args: BatchArgs, ctx: RequestContext) => batch<VideoRecord>(ctx, args, "Video"),
    image: (_: unknown, args: { id: string }, ctx: RequestContext) => single(ctx, args.id, "Image"),
    video: (_: unknown, args: { id: string }, ctx: RequestContext) => single(ctx, args.id, "Video"),
    logos: (_: unknown, args: PageArgs, ctx: RequestContext) => {
      assertWorkspace(ctx, args.workspaceId);
      const logos = newestFirst(ctx.core.state.assets.values()).filter(
        (asset) => asset.__typename === "Logo" && asset.workspaceId === args.workspaceId,
      );
      return paginate(logos, args.first, args.after, 50);
    },
    fonts: (_: unknown, args: PageArgs, ctx: RequestContext) => {
      assertWorkspace(ctx, args.workspaceId);
      const fonts = [...ctx.core.state.fonts.values()].filter((font) => font.workspaceId === args.workspaceId);
      return paginate(fonts, args.first, args.after, 50);
    },
  },
};

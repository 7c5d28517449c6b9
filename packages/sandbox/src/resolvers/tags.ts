import { assertOwned, assertWorkspace } from "../access.js";
import type { RequestContext } from "../core.js";
import { badUserInput, notFound } from "../errors.js";
import type { AssetRecord, AssetTag } from "../state/types.js";

// TaggableAssetType's values are not given by the spec; the sandbox accepts the
// AssetType names of the records it can tag.
const TAGGABLE: Record<string, AssetRecord["__typename"]> = {
  IMAGE: "Image",
  VIDEO: "Video",
  AUDIO: "Audio",
  LOGO: "Logo",
};

function taggableAsset(ctx: RequestContext, assetId: string, assetType: string): AssetRecord {
  const typename = TAGGABLE[assetType];
  if (!typename) {
    throw badUserInput(`assetType ${assetType} cannot be tagged; use one of ${Object.keys(TAGGABLE).join(", ")}.`, {
      allowedAssetTypes: Object.keys(TAGGABLE),
    });
  }
  const asset = assertOwned(ctx, ctx.core.state.assets.get(assetId), "Asset", assetId);
  if (asset.__typename !== typename) throw badUserInput(`Asset ${assetId} is a ${asset.__typename}, not ${assetType}.`);
  return asset;
}

const tagsOf = (ctx: RequestContext, assetId: string) =>
  [...ctx.core.state.tags.values()].filter((tag) => tag.assetId === assetId);

/** Words of an image's prompt or name, as the auto-tagger's deterministic stand-in for AI. */
function autoTagValues(asset: AssetRecord): string[] {
  const text = ("prompt" in asset && asset.prompt) || ("displayName" in asset && asset.displayName) || "";
  const words = text.toLowerCase().match(/[a-z]{4,}/g) ?? [];
  return [...new Set(words)].slice(0, 3);
}

export const tagsResolvers = {
  Query: {
    assetTags: (_: unknown, args: { workspaceId: string; assetId: string; assetType: string }, ctx: RequestContext) => {
      assertWorkspace(ctx, args.workspaceId);
      taggableAsset(ctx, args.assetId, args.assetType);
      return tagsOf(ctx, args.assetId);
    },
    /** How many assets carry each (dimension, value), most used first. */
    assetTagFacets: (_: unknown, args: { workspaceId: string; assetType?: string | null }, ctx: RequestContext) => {
      assertWorkspace(ctx, args.workspaceId);
      const counts = new Map<string, { dimension: string | null; value: string; count: number }>();
      for (const tag of ctx.core.state.tags.values()) {
        if (tag.workspaceId !== args.workspaceId || (args.assetType && tag.assetType !== args.assetType)) continue;
        const key = `${tag.dimension ?? ""}\u0000${tag.value.toLowerCase()}`;
        const facet = counts.get(key) ?? { dimension: tag.dimension, value: tag.value, count: 0 };
        facet.count += 1;
        counts.set(key, facet);
      }
      return [...counts.values()].sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
    },
  },
  Mutation: {
    addAssetTag: (
      _: unknown,
      args: { workspaceId: string; assetId: string; assetType: string; value: string; dimension?: string | null },
      ctx: RequestContext,
    ) => {
      assertWorkspace(ctx, args.workspaceId);
      taggableAsset(ctx, args.assetId, args.assetType);
      const value = args.value.trim();
      if (!value) throw badUserInput("A tag needs a value: send a non-empty `value`.");
      const dimension = args.dimension?.trim() || null;
      const existing = tagsOf(ctx, args.assetId).find(
        (tag) => tag.value.toLowerCase() === value.toLowerCase() && tag.dimension === dimension,
      );
      if (existing) return existing;
      const tag: AssetTag = {
        id: ctx.core.newId("tag"),
        workspaceId: args.workspaceId,
        assetId: args.assetId,
        assetType: args.assetType,
        dimension,
        value,
        source: "USER",
        confidence: null,
      };
      ctx.core.state.tags.set(tag.id, tag);
      return tag;
    },
    removeAssetTag: (_: unknown, args: { workspaceId: string; tagId: string }, ctx: RequestContext) => {
      assertWorkspace(ctx, args.workspaceId);
      const tag = ctx.core.state.tags.get(args.tagId);
      if (!tag || tag.workspaceId !== args.workspaceId) throw notFound("Tag", args.tagId);
      ctx.core.state.tags.delete(tag.id);
      return true;
    },
    /** Tags the images (all of the workspace's when no ids are given) with AI-sourced keywords. */
    requestAssetAutoTag: (
      _: unknown,
      args: { workspaceId: string; imageIds?: string[] | null },
      ctx: RequestContext,
    ) => {
      assertWorkspace(ctx, args.workspaceId);
      const images = args.imageIds
        ? args.imageIds.map((id) => taggableAsset(ctx, id, "IMAGE"))
        : [...ctx.core.state.assets.values()].filter(
            (asset) => asset.__typename === "Image" && asset.workspaceId === args.workspaceId,
          );
      for (const image of images) {
        const existing = new Set(tagsOf(ctx, image.id).map((tag) => tag.value.toLowerCase()));
        for (const value of autoTagValues(image).filter((word) => !existing.has(word))) {
          const id = ctx.core.newId("tag");
          const confidence = Math.round((0.7 + ctx.core.random.next() * 0.29) * 100) / 100;
          ctx.core.state.tags.set(id, {
            id,
            workspaceId: args.workspaceId,
            assetId: image.id,
            assetType: "IMAGE",
            dimension: "keyword",
            value,
            source: "AI",
            confidence,
          });
        }
      }
      return true;
    },
  },
};

import type { AssetsQuery } from "@studio-kit/operations";
import { AssetsDocument, type AssetsQueryVariables } from "@studio-kit/operations";
import type { StudioClient } from "../client.js";
import { type NodeOf, type PaginateOptions, paginate } from "../paginate.js";

/** What `searchAssets` filters by: the `assets` variables less the workspace and paging. */
export type AssetSearch = Omit<AssetsQueryVariables, "workspaceId" | "first" | "after">;
/** One asset of the library search: an Image, Video, Audio, Logo, PromptAsset or Creative (narrow by `__typename`). */
export type LibraryAsset = NodeOf<AssetsQuery>;

/**
 * Searches the pinned workspace's library, page by page: every asset matching
 * `term` and the filters (types, tags, sessionIds, includeProcessing, ...).
 * Narrow a result by `__typename`.
 *
 * @example
 * ```ts
 * for await (const asset of searchAssets(client, { term: "lighthouse", types: ["IMAGE"] }, { maxItems: 20 })) {
 *   if (asset.__typename === "Image") console.log(asset.id, asset.url);
 * }
 * ```
 */
export async function* searchAssets(
  client: StudioClient,
  search: AssetSearch = {},
  options: PaginateOptions = {},
): AsyncGenerator<LibraryAsset, void, undefined> {
  const workspaceId = await client.workspaceId(options);
  yield* paginate(client, AssetsDocument, { workspaceId, ...search }, options);
}

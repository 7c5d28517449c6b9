import { boardsResolvers } from "./boards.js";
import { catalogResolvers } from "./catalog.js";
import { generationResolvers } from "./generation.js";
import { libraryResolvers } from "./library.js";
import { mediaResolvers } from "./media.js";
import { productsResolvers } from "./products.js";
import { tagsResolvers } from "./tags.js";
import { uploadsResolvers } from "./uploads.js";
import { workspaceResolvers } from "./workspace.js";

type ResolverMap = Record<string, Record<string, unknown>>;

/** Merges the per-area resolver maps; two areas defining the same field is a bug, reported at start. */
function merge(...maps: ResolverMap[]): ResolverMap {
  const merged: ResolverMap = {};
  for (const map of maps) {
    for (const [typeName, fields] of Object.entries(map)) {
      const target = merged[typeName] ?? {};
      merged[typeName] = target;
      for (const [field, resolver] of Object.entries(fields)) {
        if (field in target) throw new Error(`sandbox: ${typeName}.${field} is resolved by two areas`);
        target[field] = resolver;
      }
    }
  }
  return merged;
}

export const resolvers = merge(
  workspaceResolvers,
  mediaResolvers,
  boardsResolvers,
  libraryResolvers,
  productsResolvers,
  tagsResolvers,
  uploadsResolvers,
  generationResolvers,
  catalogResolvers,
);

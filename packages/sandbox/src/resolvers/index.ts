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

export const resolvers = merge(workspaceResolvers);

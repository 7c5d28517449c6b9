import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { buildSchema, type GraphQLSchema } from "graphql";

/** How the report names the merged SDL when it points into it. */
export const MERGED_SDL_NAME = "@studio-kit/operations/schema.graphql";

/** The merged SDL `@studio-kit/operations` publishes: the schema our documents were generated and checked against. */
export function mergedSdl(): string {
  return readFileSync(createRequire(import.meta.url).resolve(MERGED_SDL_NAME), "utf8");
}

let built: GraphQLSchema | undefined;

/** Our schema, built once on first use (only a refusal that names no parent type needs it). */
export function ourSchema(): GraphQLSchema {
  built ??= buildSchema(mergedSdl());
  return built;
}

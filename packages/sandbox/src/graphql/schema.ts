import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createSchema } from "graphql-yoga";
import type { RequestContext } from "../core.js";
import { resolvers } from "../resolvers/index.js";

/**
 * The project's own SDL (published by @studio-kit/operations), executed: the
 * sandbox serves exactly the fields, arguments and defaults our documents are
 * validated against, so a drift between the two cannot hide.
 */
export function loadTypeDefs(): string {
  const path = createRequire(import.meta.url).resolve("@studio-kit/operations/schema.graphql");
  return readFileSync(path, "utf8");
}

export function createSandboxSchema() {
  return createSchema<RequestContext>({ typeDefs: loadTypeDefs(), resolvers });
}

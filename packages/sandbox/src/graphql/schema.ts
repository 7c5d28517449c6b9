import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { validateSchema } from "graphql";
import { createSchema } from "graphql-yoga";
import { applyDrift } from "../config/drift.js";
import { SandboxConfigError } from "../config/errors.js";
import type { SandboxDriftEntry } from "../config/types.js";
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

/**
 * The schema served: ours, changed by the configuration's drift entries when there are any (config/drift.ts).
 * A drift that names nothing, or breaks the schema, throws SandboxConfigError (naming `source`, the file, if given).
 */
export function createSandboxSchema(drift: readonly SandboxDriftEntry[] = [], source?: string) {
  const drifted = applyDrift(loadTypeDefs(), resolvers, drift, source);
  if (drift.length === 0) return createSchema<RequestContext>(drifted);
  // graphql-js checks a schema on its first request; a drift that breaks it is refused at start instead.
  let problems: readonly { message: string }[];
  try {
    const schema = createSchema<RequestContext>(drifted);
    problems = validateSchema(schema);
    if (problems.length === 0) return schema;
  } catch (error) {
    problems = [{ message: error instanceof Error ? error.message : String(error) }];
  }
  throw new SandboxConfigError(
    "drift",
    `leaves a schema that is not valid: ${problems.map((p) => p.message).join(" ")}`,
    source,
  );
}

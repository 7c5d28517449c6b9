import { readFileSync } from "node:fs";
import { createSandboxSchema } from "../graphql/schema.js";
import { SandboxConfigError } from "./errors.js";
import type { SandboxConfig } from "./types.js";
import { resolveConfig } from "./validate.js";

/**
 * Reads a configuration file (JSON) and checks it, as `--config FILE` does.
 * Throws SandboxConfigError naming the file and the field at fault.
 *
 * @example
 * ```ts
 * const sandbox = createSandbox({ config: loadSandboxConfig("sandbox.config.json") });
 * ```
 */
export function loadSandboxConfig(file: string): SandboxConfig {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new SandboxConfigError("", `cannot be read: ${(error as Error).message}`, file);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new SandboxConfigError("", `is not JSON: ${(error as Error).message}`, file);
  }
  // Drift is checked against the schema here too, so that its mistakes also name the file.
  createSandboxSchema(resolveConfig(value, file).drift, file);
  return value as SandboxConfig;
}

/**
 * The key a person or a script uses by default: the first workspace's first
 * read-write key that is not expired at `now` (the built-in `ws_acme`'s unless
 * the configuration leaves the built-in workspaces out), its read-only key, and
 * the next workspace.
 */
export function primaryAccess(
  workspaces: readonly {
    id: string;
    keys: readonly { key: string; readOnly: boolean; expired: boolean; expiresAt: string | null }[];
  }[],
  now: number,
) {
  const usable = (key: { expired: boolean; expiresAt: string | null }) =>
    !key.expired && (key.expiresAt === null || Date.parse(key.expiresAt) > now);
  const index = workspaces.findIndex((workspace) => workspace.keys.some((key) => usable(key) && !key.readOnly));
  const primary = workspaces[index];
  return {
    apiKey: primary?.keys.find((key) => usable(key) && !key.readOnly)?.key ?? null,
    readOnlyApiKey: primary?.keys.find((key) => usable(key) && key.readOnly)?.key ?? null,
    workspaceId: primary?.id ?? null,
    otherWorkspaceId: workspaces.find((workspace) => workspace !== primary)?.id ?? null,
  };
}

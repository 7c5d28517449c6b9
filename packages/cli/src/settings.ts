import { usageError } from "./errors.js";
import type { CliIo } from "./io.js";

/** Where requests go: the real API with a key, or a sandbox started in this process. */
export type Target = { kind: "api"; apiKey: string; baseUrl: string } | { kind: "sandbox" };

/** The global options every command takes. */
export interface GlobalOptions {
  key?: string;
  baseUrl?: string;
  sandbox?: boolean;
  json?: boolean;
  verbose?: boolean;
  yes?: boolean;
}

/**
 * Decides the target from the flags first, then the environment (`STUDIO_API_KEY`, `STUDIO_BASE_URL`: the names
 * the bot reads). With neither a key nor `--sandbox` it is a usage error (exit 2) that says both ways out.
 */
export function resolveTarget(options: GlobalOptions, env: CliIo["env"]): Target {
  if (options.sandbox) return { kind: "sandbox" };
  const apiKey = (options.key ?? env.STUDIO_API_KEY ?? "").trim();
  const baseUrl = (options.baseUrl ?? env.STUDIO_BASE_URL ?? "").trim();
  if (!apiKey) {
    throw usageError(
      "No API key. Set STUDIO_API_KEY and STUDIO_BASE_URL (or pass --key and --base-url), " +
        "or add --sandbox to try every command against a sandbox started here, with no key.",
    );
  }
  if (!baseUrl) {
    throw usageError("No base URL for the API. Set STUDIO_BASE_URL or pass --base-url https://...");
  }
  if (!/^https?:\/\//i.test(baseUrl)) {
    throw usageError(`The base URL must start with http:// or https:// (got "${baseUrl.slice(0, 60)}").`);
  }
  return { kind: "api", apiKey, baseUrl };
}

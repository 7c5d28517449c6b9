// The creative platform's API: the real one when a key is given, the in-process sandbox otherwise.

import { type Env, httpUrl, read } from "./read.js";

/** The real API when a key is given, the in-process sandbox otherwise. */
export type StudioConfig = { kind: "real"; apiKey: string; baseUrl: string } | { kind: "sandbox"; baseUrl?: string };

/** STUDIO_API_KEY and STUDIO_BASE_URL (required with a key; without one, the sandbox's URL if set). */
export function readStudio(env: Env, problems: string[]): StudioConfig {
  const apiKey = read(env, "STUDIO_API_KEY");
  const baseUrl = read(env, "STUDIO_BASE_URL");
  if (apiKey && !baseUrl)
    problems.push("STUDIO_BASE_URL is required when STUDIO_API_KEY is set: the API's http(s) URL.");
  if (baseUrl && !httpUrl(baseUrl)) problems.push("STUDIO_BASE_URL must be an http:// or https:// URL.");
  if (apiKey && baseUrl) return { kind: "real", apiKey, baseUrl };
  return baseUrl ? { kind: "sandbox", baseUrl } : { kind: "sandbox" };
}

import type { Catalog, Preset } from "@studio-kit/commands";
import type { StudioClient } from "@studio-kit/core";
import { AvailableGenerationModelsDocument, StudioPresetsPageDocument } from "@studio-kit/operations";

/** The catalog and presets the option checks read. */
export interface StudioData {
  catalog: Catalog;
  presets: Preset[];
}

/** Reads {@link StudioData}, from a cache while it is fresh. */
export interface StudioDataCache {
  get(): Promise<StudioData>;
}

/** How long the catalog and presets are reused: they change rarely, and every command needs them. */
export const STUDIO_DATA_TTL_MS = 5 * 60_000;

/**
 * Caches `availableGenerationModels` and `studioPresetsPage` for `ttlMs`, so a command costs one API round trip
 * less. Concurrent misses share one request; a failed read is not cached.
 */
export function createStudioDataCache(
  studio: StudioClient,
  options: { ttlMs?: number; now?: () => number } = {},
): StudioDataCache {
  const ttlMs = options.ttlMs ?? STUDIO_DATA_TTL_MS;
  const now = options.now ?? Date.now;
  let cached: { at: number; data: Promise<StudioData> } | undefined;

  async function load(): Promise<StudioData> {
    const [models, presets] = await Promise.all([
      studio.request(AvailableGenerationModelsDocument),
      studio.request(StudioPresetsPageDocument, { limit: 100 }),
    ]);
    const catalog = models.availableGenerationModels;
    if (!catalog) throw new Error("@studio-kit/slack-bot: the API returned no model catalog.");
    return { catalog, presets: presets.studioPresetsPage?.items ?? [] };
  }

  return {
    get() {
      if (cached && now() - cached.at < ttlMs) return cached.data;
      const entry = { at: now(), data: load() };
      cached = entry;
      entry.data.catch(() => {
        if (cached === entry) cached = undefined;
      });
      return entry.data;
    },
  };
}

import { type BrandReading, fetchBrand } from "@studio-kit/commands";
import type { StudioClient } from "@studio-kit/core";

/**
 * How long the brand and its colours are reused: long enough that a burst of `--brand` commands reads them once,
 * short enough that an edit on the platform shows within a minute.
 */
export const BRAND_TTL_MS = 60_000;

/** Reads the workspace's brand, from a cache while it is fresh. */
export interface BrandCache {
  get(): Promise<BrandReading>;
}

/**
 * Caches the `brand` and `brandColors` answers, read into `@studio-kit/commands`' reading (the words the CLI uses
 * too), for `ttlMs`. Concurrent misses share one pair of requests; a failed read is not cached.
 */
export function createBrandCache(
  studio: StudioClient,
  options: { ttlMs?: number; now?: () => number } = {},
): BrandCache {
  const ttlMs = options.ttlMs ?? BRAND_TTL_MS;
  const now = options.now ?? Date.now;
  let cached: { at: number; reading: Promise<BrandReading> } | undefined;

  return {
    get() {
      if (cached && now() - cached.at < ttlMs) return cached.reading;
      const entry = { at: now(), reading: fetchBrand(studio) };
      cached = entry;
      entry.reading.catch(() => {
        if (cached === entry) cached = undefined;
      });
      return entry.reading;
    },
  };
}

// One cache per studio client, made on first use: the flows reach the brand through `deps` without a new field on
// every deps object (as the pacer does in flows/updates.ts).
const caches = new WeakMap<StudioClient, BrandCache>();

/** The workspace's brand for the bot's studio client, cached {@link BRAND_TTL_MS} on the bot's clock. */
export function readWorkspaceBrand(deps: { studio: StudioClient; now: () => number }): Promise<BrandReading> {
  let cache = caches.get(deps.studio);
  if (!cache) {
    cache = createBrandCache(deps.studio, { now: deps.now });
    caches.set(deps.studio, cache);
  }
  return cache.get();
}

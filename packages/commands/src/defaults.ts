import type { GenerationKind } from "./types.js";

/**
 * The ratio sent when a command gives none: `aspectRatio` is required by generateImage and generateVideo (spec,
 * Mutations: generation), so each app must pick one, and both pick the same: square images, landscape video.
 */
export const DEFAULT_RATIOS = { image: "1:1", video: "16:9" } as const satisfies Partial<
  Record<GenerationKind, string>
>;

import { badUserInput } from "../errors.js";
import type { StudioPreset } from "./types.js";

// Modifier presets served by `studioPresetsPage`; their slugs are what a
// generation accepts in `presetSlugs` (spec, Resources: Modifier preset).

const CDN = "https://cdn.presets.sandbox.example";

/** slug, title, description, category, outputFormat, stackable, defaultAspectRatio. */
type Row = [string, string, string, string, StudioPreset["outputFormat"], boolean, string | null];

const rows: Row[] = [
  // Lighting
  ["golden-hour", "Golden hour", "Low warm sun, long shadows and a soft glow.", "Lighting", "IMAGE", true, "4:5"],
  [
    "overcast-soft",
    "Overcast soft light",
    "Even, shadowless daylight that flatters texture.",
    "Lighting",
    "IMAGE",
    true,
    null,
  ],
  [
    "studio-rim",
    "Studio rim light",
    "Dark backdrop with a crisp rim outlining the subject.",
    "Lighting",
    "IMAGE",
    true,
    "1:1",
  ],
  ["neon-night", "Neon night", "Wet streets, magenta and cyan signage reflections.", "Lighting", "VIDEO", true, "9:16"],
  // Camera
  [
    "macro-detail",
    "Macro detail",
    "Extreme close-up on materials, stitching and grain.",
    "Camera",
    "IMAGE",
    true,
    "1:1",
  ],
  ["wide-landscape", "Wide landscape", "A small subject in a big, open landscape.", "Camera", "IMAGE", true, "16:9"],
  ["drone-orbit", "Drone orbit", "A slow aerial orbit around the subject.", "Camera", "VIDEO", true, "16:9"],
  [
    "handheld-follow",
    "Handheld follow",
    "Documentary-style handheld camera walking behind the subject.",
    "Camera",
    "VIDEO",
    true,
    "9:16",
  ],
  [
    "dolly-zoom",
    "Dolly zoom",
    "The background stretches while the subject holds its size.",
    "Camera",
    "VIDEO",
    false,
    "16:9",
  ],
  // Style
  ["film-grain-35mm", "35mm film", "Kodak-style colour, gentle grain and halation.", "Style", "IMAGE", true, "3:2"],
  [
    "flat-illustration",
    "Flat illustration",
    "Clean vector shapes in a limited brand palette.",
    "Style",
    "IMAGE",
    false,
    "1:1",
  ],
  ["watercolor-wash", "Watercolor wash", "Loose watercolour washes on textured paper.", "Style", "IMAGE", false, "4:5"],
  ["stop-motion", "Stop motion", "Tactile, slightly jerky stop-motion animation.", "Style", "VIDEO", false, "1:1"],
  // Product
  [
    "packshot-white",
    "Packshot on white",
    "Product centred on seamless white with a soft shadow.",
    "Product",
    "IMAGE",
    false,
    "1:1",
  ],
  [
    "product-in-use",
    "Product in use",
    "The product worn or carried by a person mid-action.",
    "Product",
    "IMAGE",
    true,
    "4:5",
  ],
  [
    "unboxing-reveal",
    "Unboxing reveal",
    "Hands open the box and lift the product into frame.",
    "Product",
    "VIDEO",
    false,
    "9:16",
  ],
  ["turntable-360", "360 turntable", "The product turns a full circle on a plinth.", "Product", "VIDEO", false, "1:1"],
];

/** Every preset, with preview URLs (video presets also have a poster frame). */
export const PRESETS: StudioPreset[] = rows.map(
  ([slug, title, description, category, outputFormat, stackable, defaultAspectRatio]) => ({
    slug,
    title,
    description,
    category,
    outputFormat,
    stackable,
    defaultAspectRatio,
    thumbnailUrl: `${CDN}/${slug}/thumbnail.webp`,
    posterUrl: outputFormat === "VIDEO" ? `${CDN}/${slug}/poster.jpg` : null,
  }),
);

/** The preset with this slug, if any. */
export function presetBySlug(slug: string): StudioPreset | undefined {
  return PRESETS.find((preset) => preset.slug === slug);
}

export interface PresetsPageArgs {
  q?: string | null;
  category?: string | null;
  limit?: number | null;
  offset?: number | null;
  surface?: string | null;
}

/** Largest page `studioPresetsPage` serves (the spec gives only the default, 40). */
export const MAX_PRESETS_LIMIT = 100;

/**
 * The presets matching `q` (in title, description or slug) and `category`, both
 * case-insensitive, paged by limit and offset; `totalCount` counts the filtered
 * list. `surface` is accepted and ignored: the spec fixes it to the composer
 * surface without giving the value (docs/schema-gaps.md, G20).
 */
export function presetsPage(args: PresetsPageArgs): { totalCount: number; items: StudioPreset[] } {
  const limit = args.limit ?? 40;
  const offset = args.offset ?? 0;
  if (!Number.isInteger(limit) || limit < 0 || limit > MAX_PRESETS_LIMIT) {
    throw badUserInput(`limit must be an integer from 0 to ${MAX_PRESETS_LIMIT}, got ${limit}.`);
  }
  if (!Number.isInteger(offset) || offset < 0) {
    throw badUserInput(`offset must be an integer of 0 or more, got ${offset}.`);
  }
  const q = args.q?.trim().toLowerCase() ?? "";
  const category = args.category?.trim().toLowerCase() ?? "";
  const matching = PRESETS.filter(
    (preset) =>
      (!q || [preset.title, preset.description, preset.slug].some((text) => text.toLowerCase().includes(q))) &&
      (!category || preset.category.toLowerCase() === category),
  );
  return { totalCount: matching.length, items: matching.slice(offset, offset + limit) };
}

import type { BotDeps } from "../../deps.js";
import { imageEditAction } from "./image-edit.js";

/**
 * Upscale: a copy of the image, then `updateImage` with `upscaleScale: "2x"` on the copy (the original, and any card
 * showing it, stay as they are). No credits guard: `updateImage` is not charged (the sandbox, like the platform,
 * takes no credits for it), unlike Variations, which is a generation.
 */
export function upscaleAction(deps: BotDeps) {
  return imageEditAction(deps, "upscale");
}

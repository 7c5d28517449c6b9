import type { BotDeps } from "../../deps.js";
import { imageEditAction } from "./image-edit.js";

/**
 * Remove background: a copy of the image, then `updateImage` with `removeBackground: true` on the copy (the
 * original, and any card showing it, stay as they are). No credits guard: `updateImage` is not charged (the sandbox,
 * like the platform, takes no credits for it), unlike Variations, which is a generation.
 */
export function removeBackgroundAction(deps: BotDeps) {
  return imageEditAction(deps, "removeBackground");
}

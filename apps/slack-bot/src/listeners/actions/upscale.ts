import type { BotDeps } from "../../deps.js";
import { imageEditAction } from "./image-edit.js";

/** Upscale: `updateImage` with `upscaleScale: "2x"`. No credits guard: `updateImage` edits the image in place and is not charged (the sandbox, like the platform, takes no credits for it), unlike Variations, which is a generation. */
export function upscaleAction(deps: BotDeps) {
  return imageEditAction(deps, "upscale");
}

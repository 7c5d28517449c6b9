import type { BotDeps } from "../../deps.js";
import { imageEditAction } from "./image-edit.js";

/** Upscale: `updateImage` with `upscaleScale: "2x"`. */
export function upscaleAction(deps: BotDeps) {
  return imageEditAction(deps, "upscale");
}

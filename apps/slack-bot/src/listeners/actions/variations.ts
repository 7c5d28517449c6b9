import type { BotDeps } from "../../deps.js";
import { imageEditAction } from "./image-edit.js";

/**
 * Variations: a new generation from the image (`parentImageId`) with its prompt and ratio and every other setting
 * of the original request: as many images as it asked for (`--count`), its model, quality, presets and `--board`.
 */
export function variationsAction(deps: BotDeps) {
  return imageEditAction(deps, "variations");
}

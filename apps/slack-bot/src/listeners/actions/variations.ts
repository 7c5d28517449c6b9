import type { BotDeps } from "../../deps.js";
import { imageEditAction } from "./image-edit.js";

/** Variations: a new image from the same prompt and ratio with `parentImageId`. */
export function variationsAction(deps: BotDeps) {
  return imageEditAction(deps, "variations");
}

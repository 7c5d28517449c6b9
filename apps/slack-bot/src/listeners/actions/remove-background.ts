import type { BotDeps } from "../../deps.js";
import { imageEditAction } from "./image-edit.js";

/** Remove background: `updateImage` with `removeBackground: true`. */
export function removeBackgroundAction(deps: BotDeps) {
  return imageEditAction(deps, "removeBackground");
}

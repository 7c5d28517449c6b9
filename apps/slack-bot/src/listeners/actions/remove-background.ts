import type { BotDeps } from "../../deps.js";
import { imageEditAction } from "./image-edit.js";

/** Remove background: `updateImage` with `removeBackground: true`. No credits guard: `updateImage` edits the image in place and is not charged (the sandbox, like the platform, takes no credits for it), unlike Variations, which is a generation. */
export function removeBackgroundAction(deps: BotDeps) {
  return imageEditAction(deps, "removeBackground");
}

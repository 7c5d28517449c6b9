import type { BotDeps } from "../../deps.js";
import { runImageEditClick } from "../../flows/image-actions.js";
import type { ImageEditKind } from "../../messages/actions.js";
import { type ButtonArgs, cannotRead, clicked, clickSurface, eachClick } from "./shared.js";

/**
 * The listener shared by Variations, Upscale and Remove background: ack, then the edit flow in the thread. Every
 * click is a new job (another set of variations, another edited copy); only a true double click is refused.
 */
export function imageEditAction(deps: BotDeps, kind: ImageEditKind) {
  return async function onImageEdit(args: ButtonArgs): Promise<void> {
    await args.ack();
    const where = clicked(args);
    const imageId = where?.value.imageId;
    if (!where || !imageId) return cannotRead(deps, args);
    const surface = clickSurface(deps, args, where);
    const click = { imageId, jobId: where.value.jobId };
    await eachClick(deps, args, where, (origin) => runImageEditClick(deps, surface, kind, click, { origin }));
  };
}

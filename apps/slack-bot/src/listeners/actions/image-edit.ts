import type { BotDeps } from "../../deps.js";
import { runImageEdit } from "../../flows/image-actions.js";
import type { ImageEditKind } from "../../messages/actions.js";
import { type ButtonArgs, cannotRead, clicked, clickSurface, once } from "./shared.js";

/** The listener shared by Variations, Upscale and Remove background: ack, then the edit flow in the thread. */
export function imageEditAction(deps: BotDeps, kind: ImageEditKind) {
  return async function onImageEdit(args: ButtonArgs): Promise<void> {
    await args.ack();
    const where = clicked(args);
    const imageId = where?.value.imageId;
    if (!where || !imageId) return cannotRead(deps, args);
    const surface = clickSurface(args, where);
    await once(deps, args, where, (origin) =>
      runImageEdit(deps, surface, { channel: where.channel }, kind, imageId, { origin }),
    );
  };
}

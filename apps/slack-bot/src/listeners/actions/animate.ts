import type { BotDeps } from "../../deps.js";
import { runAnimateClick } from "../../flows/animate.js";
import { type ButtonArgs, cannotRead, clicked, clickSurface, eachClick } from "./shared.js";

/**
 * Animate on an image result: ack, then a video from the image (its first frame) in the result's thread
 * (flows/animate.ts). Every click is a new video; only a true double click is refused (`eachClick`).
 */
export function animateAction(deps: BotDeps) {
  return async function onAnimate(args: ButtonArgs): Promise<void> {
    await args.ack();
    const where = clicked(args);
    const imageId = where?.value.imageId;
    if (!where || !imageId) return cannotRead(deps, args);
    const surface = clickSurface(deps, args, where);
    const click = { imageId, jobId: where.value.jobId };
    await eachClick(deps, args, where, (origin) => runAnimateClick(deps, surface, click, { origin }));
  };
}

import type { BotDeps } from "../../deps.js";
import { runRegenerate } from "../../flows/regenerate.js";
import { type ButtonArgs, cannotRead, clicked, clickSurface, eachClick } from "./shared.js";

/**
 * Regenerate, on every result: ack, then the job behind the result runs again with all its settings, as a new job
 * in the result's thread. Every click is a new job; only a true double click is refused (`eachClick`).
 */
export function regenerateAction(deps: BotDeps) {
  return async function onRegenerate(args: ButtonArgs): Promise<void> {
    await args.ack();
    const where = clicked(args);
    const jobId = where?.value.jobId;
    // Results posted before buttons carried job ids name the first image as `requestId`.
    const imageId = where?.value.imageId ?? where?.value.requestId;
    if (!where || (!jobId && !imageId)) return cannotRead(deps, args);
    const surface = clickSurface(deps, args, where);
    await eachClick(deps, args, where, (origin) => runRegenerate(deps, surface, { jobId, imageId }, { origin }));
  };
}

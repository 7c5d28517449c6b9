import type { BotDeps } from "../../deps.js";
import { runRegenerate } from "../../flows/image-actions.js";
import { type ButtonArgs, cannotRead, clicked, clickSurface, once } from "./shared.js";

/** Regenerate: ack, then the same prompt and ratio through the image flow, in the result's thread. */
export function regenerateAction(deps: BotDeps) {
  return async function onRegenerate(args: ButtonArgs): Promise<void> {
    await args.ack();
    const where = clicked(args);
    const requestId = where?.value.requestId;
    if (!where || !requestId) return cannotRead(deps, args);
    await once(deps, args, where, (origin) => runRegenerate(deps, clickSurface(args, where), requestId, { origin }));
  };
}

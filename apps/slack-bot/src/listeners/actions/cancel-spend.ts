import { toSlack } from "../../delivery/conversation.js";
import type { BotDeps } from "../../deps.js";
import { OFFER_USED } from "../../messages/offers.js";
import { cancelledMessage, spendNote } from "./confirm-spend.js";
import type { ButtonArgs } from "./shared.js";

/**
 * Cancel on a costly generation: ack, drop the pending request (a later Confirm finds it used) and replace the
 * confirmation with "Cancelled, nothing was spent". An expired or unknown request was not spent either, so it
 * reads the same; a request already confirmed gets a note instead.
 */
export function cancelSpendAction(deps: BotDeps) {
  return async function onCancelSpend(args: ButtonArgs): Promise<void> {
    await args.ack();
    const user = args.body.user.id;
    const taken = await deps.store.pendingRequests.take(args.action.value ?? "", user);
    // Already confirmed or cancelled: the confirmation keeps saying what its first click did.
    if (taken.status === "used") return spendNote(deps, args, OFFER_USED);
    if (taken.status === "not-yours") return spendNote(deps, args, "Only the person who asked can cancel it.");
    deps.logger.info({ user, status: taken.status }, "costly generation cancelled");
    await args
      .respond({ replace_original: true, ...toSlack(cancelledMessage()) })
      .catch((error: unknown) => deps.logger.warn({ err: error }, "could not replace the confirmation"));
  };
}

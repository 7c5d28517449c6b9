import { confirmationStopped, endConfirmation } from "../../delivery/agent-sessions.js";
import { toSlack } from "../../delivery/conversation.js";
import type { BotDeps } from "../../deps.js";
import { OFFER_USED } from "../../messages/offers.js";
import { cancelledMessage, STOPPED_NOTE, spendNote } from "./confirm-spend.js";
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
    const id = args.action.value ?? "";
    const taken = await deps.store.pendingRequests.take(id, user);
    // Stopped from its thread, confirmed or cancelled already: the note says what happened to it.
    if (taken.status === "stopped") {
      confirmationStopped(deps, id);
      return spendNote(deps, args, STOPPED_NOTE);
    }
    if (taken.status === "used") return spendNote(deps, args, OFFER_USED);
    if (taken.status === "not-yours") return spendNote(deps, args, "Only the person who asked can cancel it.");
    deps.logger.info({ user, status: taken.status }, "costly generation cancelled");
    // The thread's agent session, `processing` while the confirmation waited, is idle again.
    if (taken.status === "taken") await endConfirmation(deps, id);
    await args
      .respond({ replace_original: true, ...toSlack(cancelledMessage()) })
      .catch((error: unknown) => deps.logger.warn({ err: error }, "could not replace the confirmation"));
  };
}

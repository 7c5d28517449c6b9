import type { webApi } from "@slack/bolt";
import { withDirectMessage } from "../../delivery/response-url.js";
import type { Surface } from "../../delivery/surface.js";
import type { BotDeps } from "../../deps.js";
import type { ModalPlace } from "../../messages/modal-parts.js";
import { clickSurface } from "../actions/shared.js";

/**
 * The surface of a modal opened from a result: the result's thread, as a click on the result would answer (in an
 * assistant thread its jobs show on the status line). Notes only the person sees are ephemerals there.
 */
export function modalSurface(deps: BotDeps, client: webApi.WebClient, user: string, place: ModalPlace): Surface {
  // No response_url comes with a modal's submission: where the bot is not in the conversation, the DM answers.
  return withDirectMessage(clickSurface(deps, { client }, { ...place, user, value: {} }), client);
}

/**
 * Runs a modal submission's work once for the view it came from (a view id is one opening of the modal): Slack
 * closes a modal on its first accepted submission, but a resent or forged second one must not spend again. The
 * claim is in the store (shared by replicas, kept across restarts), and released when the work did nothing (a check
 * refused it) or threw, so nothing is held for a job that never ran.
 */
export async function oncePerView(
  deps: BotDeps,
  viewId: string,
  work: (origin: string) => Promise<boolean>,
): Promise<void> {
  const key = `view:${viewId}`;
  const at = deps.now();
  if (!(await deps.store.claims.claim(key, at))) {
    deps.logger.info({ view: viewId }, "ignoring a repeated modal submission");
    return;
  }
  let keep = false;
  try {
    keep = await work(key);
  } finally {
    if (!keep) await deps.store.claims.release(key, at);
  }
}

import type { BotDeps } from "../../deps.js";
import { newImageModal } from "../../messages/home-modal.js";
import { publishHome } from "../events/app-home-opened.js";
import type { ButtonArgs } from "./shared.js";

/**
 * The App Home's Refresh button: ack, then read everything again and re-publish the clicker's Home (the same
 * `publishHome` as opening the tab). Spends nothing, so a double click only publishes twice.
 */
export function homeRefreshAction(deps: BotDeps) {
  return async function onHomeRefresh(args: ButtonArgs): Promise<void> {
    await args.ack();
    await publishHome(deps, args.client, args.body.user.id);
  };
}

/**
 * The App Home's New image button: ack, then open the New image modal with the click's `trigger_id`. Nothing is read
 * first: the trigger lives 3 s (platform-facts.md), and the modal needs no data. Its submission does the checks.
 */
export function homeNewImageAction(deps: BotDeps) {
  return async function onHomeNewImage(args: ButtonArgs): Promise<void> {
    await args.ack();
    try {
      await args.client.views.open({ trigger_id: args.body.trigger_id, view: newImageModal() as never });
    } catch (error) {
      // A Home tab has no conversation to answer in; the person sees no modal and can click again.
      deps.logger.error({ err: error, user: args.body.user.id }, "could not open the New image modal");
    }
  };
}

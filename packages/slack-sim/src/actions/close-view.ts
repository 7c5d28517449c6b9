import { viewJson } from "../api/views.js";
import { SlackSimError } from "../errors.js";
import type { SendOptions } from "./common.js";
import { interactionEnvelope } from "./common.js";
import type { Delivery, DeliveryContext } from "./deliver.js";
import { sendPayload } from "./interactions.js";

// A person closes a modal (its close button, or the ×). Slack closes it on their screen at once and tells the app
// only when the view asked with `notify_on_close: true`, through a `view_closed` payload:
// https://api.slack.com/reference/interaction-payloads/views#view_closed

/** Someone closes one of their open modals. */
export interface CloseViewInput extends SendOptions {
  user: string;
  viewId: string;
  /** The × (the whole stack of modals goes, `is_cleared: true`) rather than the close button (this view only). */
  all?: boolean;
}

/** What closed, and the app's ack when the view asked to be told (`notify_on_close`). */
export interface CloseViewResult {
  /** Ids of the views closed: this one, or the person's whole stack. */
  closed: string[];
  /** Absent when the view did not set `notify_on_close`: Slack sends nothing then. */
  delivery?: Delivery;
}

/** Closes the view (or the stack), then sends `view_closed` if the view has `notify_on_close`. */
export async function sendViewClosed(context: DeliveryContext, input: CloseViewInput): Promise<CloseViewResult> {
  const { state } = context;
  const view = state.views.get(input.viewId);
  if (!view?.open || view.user !== input.user) {
    throw new SlackSimError("view_not_found", `${input.user} has no open view ${input.viewId}`);
  }
  const closing = input.all ? [...state.views.values()].filter((v) => v.open && v.user === view.user) : [view];
  for (const each of closing) each.open = false;
  const closed = closing.map((each) => each.id);
  if (view.view.notify_on_close !== true) return { closed };
  const payload = {
    ...interactionEnvelope(state, "view_closed", input.user),
    view: viewJson(view),
    is_cleared: input.all === true,
  };
  return { closed, delivery: await sendPayload(context, payload, input) };
}

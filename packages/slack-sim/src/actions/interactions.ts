import { viewJson } from "../api/views.js";
import { SlackSimError } from "../errors.js";
import { isInvitePrompt } from "../invite-prompts.js";
import type { FeedbackSide, SimMessage, SimView, View } from "../types.js";
import { interactionEnvelope, newResponseUrl, newTrigger, type SendOptions } from "./common.js";
import { type Delivery, type DeliveryContext, deliver, FORM } from "./deliver.js";
import { findElement } from "./elements.js";
import { findTarget, targetFields } from "./target.js";

/** Someone clicks a button (or picks an option) on a message or in a modal / Home tab. */
export interface ClickInput extends SendOptions {
  user: string;
  actionId: string;
  /** The value sent; default the element's own `value`. */
  value?: string;
  /** A message: its ts (and channel, when the ts alone is ambiguous). */
  messageTs?: string;
  channel?: string;
  /** Or a view: its id. */
  viewId?: string;
  /** For a select (`static_select`, `external_select`, `overflow`): the option picked, sent instead of `value`. */
  selectedOption?: { text: string; value: string };
}

/** The app's ack of an interaction, and the ids the payload carried. */
export interface InteractionResult extends Delivery {
  triggerId: string;
  responseUrl?: string;
}

export const sendPayload = (context: DeliveryContext, payload: Record<string, unknown>, options: SendOptions) =>
  deliver(context, new URLSearchParams({ payload: JSON.stringify(payload) }).toString(), FORM, {
    ...(options.signature ? { signature: options.signature } : {}),
  });

/** Slack's option object, as a select's `selected_option` carries it. */
function optionJson(option: { text: string; value: string }): Record<string, unknown> {
  return { text: { type: "plain_text", text: option.text, emoji: true }, value: option.value };
}

/**
 * A click on a feedback button pair is a click on one of its two buttons: `value` must be one of theirs, and the
 * action carries that button's value and text (https://docs.slack.dev/tools/bolt-js/reference/interfaces/FeedbackButtonsAction).
 */
function feedbackChoice(element: Record<string, unknown>, value: string | undefined): Record<string, unknown> {
  const side = feedbackSide(element, value);
  if (!side) return {};
  const chosen = element[`${side}_button`] as { value?: unknown; text?: unknown };
  return { value: chosen.value, text: chosen.text };
}

/** Which of a feedback pair's buttons `value` is; undefined for another element. Refuses a value of neither. */
function feedbackSide(element: Record<string, unknown>, value: string | undefined): FeedbackSide | undefined {
  if (element.type !== "feedback_buttons") return undefined;
  const sides: FeedbackSide[] = ["positive", "negative"];
  const side = sides.find((each) => (element[`${each}_button`] as { value?: unknown } | undefined)?.value === value);
  if (!side) {
    throw new SlackSimError(
      "action_not_found",
      "a feedback_buttons click needs the value of its positive or negative button",
    );
  }
  return side;
}

/**
 * What Slack's client does on a feedback click besides sending it: the clicked button's icon "changes to 'active'
 * version", for the person who clicked, and the app is sent the click alone, again on every click, with no state and
 * no "unclicked" event (reported: https://github.com/slackapi/bolt-python/issues/1435). The element's reference says
 * nothing of it (https://docs.slack.dev/reference/block-kit/block-elements/feedback-buttons-element), nor of what a
 * second click on the chosen button shows: here the side clicked last stays chosen.
 */
function showChosen(message: SimMessage, user: string, actionId: string, side: FeedbackSide): void {
  message.chosenFeedback ??= {};
  message.chosenFeedback[user] = { ...message.chosenFeedback[user], [actionId]: side };
}

/** Sends a `block_actions` interaction (form-encoded `payload=`), with a `response_url` for message clicks. */
export async function sendClick(context: DeliveryContext, input: ClickInput): Promise<InteractionResult> {
  const { state } = context;
  const target = findTarget(state, input);
  if (target.kind === "message" && isInvitePrompt(state, target.message)) {
    // Slackbot's buttons are Slack's own: no block_actions goes to the app (invite-prompts.ts).
    throw new SlackSimError("invalid_options", "that is Slackbot's invite prompt: answer it with answerInvite");
  }
  const found = findElement(target.blocks, input.actionId);
  if (!found) throw new SlackSimError("action_not_found", `no element with action_id ${input.actionId}`);
  const triggerId = newTrigger(state, input.user);
  // A select sends the picked option instead of a value (static_select, external_select, overflow).
  const picked = input.selectedOption
    ? { selected_option: optionJson(input.selectedOption) }
    : { value: input.value ?? found.element.value };
  const action = {
    type: found.element.type,
    action_id: input.actionId,
    block_id: found.blockId,
    ...(found.element.text ? { text: found.element.text } : {}),
    ...picked,
    ...feedbackChoice(found.element, input.value),
    action_ts: state.nextTs(),
  };
  const side = feedbackSide(found.element, input.value);
  if (side && target.kind === "message") showChosen(target.message, input.user, input.actionId, side);
  const payload: Record<string, unknown> = {
    ...interactionEnvelope(state, "block_actions", input.user),
    trigger_id: triggerId,
    actions: [action],
    ...targetFields(state, target),
  };
  let responseUrl: string | undefined;
  if (target.kind === "message") {
    const { message } = target;
    responseUrl = newResponseUrl(context, {
      channel: message.channel,
      user: input.user,
      messageTs: message.ts,
      ...(message.threadTs ? { threadTs: message.threadTs } : {}),
    });
    Object.assign(payload, { state: { values: {} }, response_url: responseUrl });
  }
  const result = await sendPayload(context, payload, input);
  return { ...result, triggerId, ...(responseUrl ? { responseUrl } : {}) };
}

/** A modal's submission: the values typed, keyed by `block_id` then `action_id`, as Slack sends them. */
export interface SubmitInput extends SendOptions {
  user: string;
  viewId: string;
  values?: Record<string, Record<string, Record<string, unknown>>>;
}

/** The ack, and what the sim did with it (`response_action`). */
export interface SubmitResult extends Delivery {
  responseAction: "close" | "errors" | "update" | "push" | "clear";
  errors?: Record<string, string>;
}

/**
 * Sends `view_submission` and applies the ack as Slack does: empty closes the view, `errors` keeps it open,
 * `update` replaces it, `push` adds one on top, `clear` closes the whole stack.
 */
export async function sendSubmit(context: DeliveryContext, input: SubmitInput): Promise<SubmitResult> {
  const { state } = context;
  const sim = state.views.get(input.viewId);
  if (!sim?.open) throw new SlackSimError("view_not_found", `no open view ${input.viewId}`);
  const payload = {
    ...interactionEnvelope(state, "view_submission", input.user),
    trigger_id: newTrigger(state, input.user),
    view: { ...viewJson(sim), state: { values: input.values ?? {} } },
    response_urls: [],
  };
  const result = await sendPayload(context, payload, input);
  if (result.status !== 200) return { ...result, responseAction: "errors" };
  const action = result.json?.response_action;
  const view = result.json?.view as View | undefined;
  if (action === "errors")
    return { ...result, responseAction: "errors", errors: result.json?.errors as Record<string, string> };
  if (action === "update" && view) {
    sim.view = view;
    sim.hash = state.nextId("h.");
    return { ...result, responseAction: "update" };
  }
  if (action === "push" && view) {
    const pushed: SimView = {
      id: state.nextId("V0"),
      user: sim.user,
      view,
      hash: state.nextId("h."),
      open: true,
      previousViewId: sim.id,
    };
    state.views.set(pushed.id, pushed);
    return { ...result, responseAction: "push" };
  }
  if (action === "clear") {
    for (const other of state.views.values()) if (other.user === sim.user) other.open = false;
    return { ...result, responseAction: "clear" };
  }
  sim.open = false;
  return { ...result, responseAction: "close" };
}

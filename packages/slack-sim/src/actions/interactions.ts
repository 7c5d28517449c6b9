import { storedView, viewJson } from "../api/views.js";
import { SlackSimError } from "../errors.js";
import { isInvitePrompt } from "../invite-prompts.js";
import type { FeedbackSide, SimMessage, SimView, View } from "../types.js";
import { interactionEnvelope, newResponseUrl, newTrigger, type SendOptions } from "./common.js";
import { type Delivery, type DeliveryContext, deliver, FORM } from "./deliver.js";
import { findElement } from "./elements.js";
import { findTarget, targetFields } from "./target.js";
import {
  checkTyped,
  mergeValues,
  missingRequired,
  responseUrlTargets,
  type ViewValues,
  viewState,
} from "./view-state.js";

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
  /**
   * A view only: what the person typed into its inputs before clicking (as `submitView` takes it). The payload's
   * `view.state.values` carries every input's value, these included.
   */
  values?: ViewValues;
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
  if (input.values && target.kind !== "view") {
    throw new SlackSimError("invalid_options", "values are what a person typed into a modal: give its viewId");
  }
  if (target.kind === "view") {
    checkTyped(target.view.view, input.values);
    target.view.typed = mergeValues(target.view.typed, input.values);
  }
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
  if (target.kind === "view") {
    // The full state of the view's inputs, as Slack sends it with every action since 2020
    // (https://api.slack.com/changelog/2020-09-full-state-on-view-submisson-and-block-actions).
    const view = payload.view as Record<string, unknown>;
    payload.view = { ...view, state: { values: viewState(target.view.view, target.view.typed) } };
  }
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

/**
 * A modal's submission: the values typed, keyed by `block_id` then `action_id`, as Slack sends them (`{ type, value }`;
 * `type` may be left out). Inputs not given keep what was typed before (`click` `values`), else their initial or empty
 * value. Values for a block or action the view has no input for are refused (a test error).
 */
export interface SubmitInput extends SendOptions {
  user: string;
  viewId: string;
  values?: ViewValues;
}

/** The ack, and what the sim did with it (`response_action`). */
export interface SubmitResult extends Delivery {
  responseAction: "close" | "errors" | "update" | "push" | "clear";
  errors?: Record<string, string>;
  /**
   * False when Slack's client refused the submit itself (a required input left empty): the view shows `errors` and
   * the app is sent nothing (`status` 0). Absent when the submission was sent.
   */
  sent?: false;
}

/**
 * Sends `view_submission` and applies the ack as Slack does: empty closes the view, `errors` keeps it open,
 * `update` replaces it, `push` adds one on top, `clear` closes the whole stack.
 */
export async function sendSubmit(context: DeliveryContext, input: SubmitInput): Promise<SubmitResult> {
  const { state } = context;
  const sim = state.views.get(input.viewId);
  if (!sim?.open) throw new SlackSimError("view_not_found", `no open view ${input.viewId}`);
  checkTyped(sim.view, input.values);
  sim.typed = mergeValues(sim.typed, input.values);
  const values = viewState(sim.view, sim.typed);
  // Slack's client refuses a submit with a required input left empty, under that input, and sends nothing
  // (https://docs.slack.dev/reference/block-kit/blocks/input-block: `optional` defaults to false).
  const missing = missingRequired(sim.view, values);
  if (missing) {
    sim.errors = missing;
    return { status: 0, body: "", latencyMs: 0, responseAction: "errors", errors: missing, sent: false };
  }
  // One response_url per conversations_select / channels_select with `response_url_enabled`, for the conversation
  // picked (https://docs.slack.dev/reference/interaction-payloads/view-interactions-payload: `response_urls`).
  const responseUrls = responseUrlTargets(sim.view, values).map((target) => ({
    block_id: target.blockId,
    action_id: target.actionId,
    channel_id: target.channelId,
    response_url: newResponseUrl(context, { channel: target.channelId, user: input.user }),
  }));
  const payload = {
    ...interactionEnvelope(state, "view_submission", input.user),
    trigger_id: newTrigger(state, input.user),
    view: { ...viewJson(sim), state: { values } },
    response_urls: responseUrls,
  };
  const result = await sendPayload(context, payload, input);
  if (result.status !== 200) return { ...result, responseAction: "errors" };
  const action = result.json?.response_action;
  const view = result.json?.view as View | undefined;
  if (action === "errors") {
    sim.errors = result.json?.errors as Record<string, string>;
    return { ...result, responseAction: "errors", errors: sim.errors };
  }
  delete sim.errors;
  if (action === "update" && view) {
    sim.view = storedView(state, view);
    sim.hash = state.nextId("h.");
    return { ...result, responseAction: "update" };
  }
  if (action === "push" && view) {
    const pushed: SimView = {
      id: state.nextId("V0"),
      user: sim.user,
      view: storedView(state, view),
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

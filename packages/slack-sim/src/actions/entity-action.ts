// A person clicks one of the actions a Work Object's flexpane shows (`entity_payload.actions`, its primary and
// overflow buttons: https://docs.slack.dev/messaging/work-objects-implementation; @slack/types 3.2
// `EntityActionButton`: `text`, `action_id`, `value`, `url`). Slack's pages do not show the interaction such a click
// sends. What the sim sends is what a Bolt `app.action(action_id)` listener routes on and reads [reported: Slack's
// Work Objects samples answer these clicks with `app.action`]: a `block_actions` payload whose one action is a
// button with the action's `action_id`, `value` and text, the person, and a fresh `trigger_id`. It carries no
// channel, message or `response_url` (a flexpane is not a message), so an app must not count on them. The click's
// `trigger_id` answers the flexpane again with entity.presentDetails (api/entity.ts) [reported: a Work Objects
// reference built from docs.slack.dev's implementation page: after an action, the app refreshes "with chat.unfurl or
// entity.presentDetails as appropriate"].
import { SlackSimError } from "../errors.js";
import { linkState } from "../link-state.js";
import { interactionEnvelope, newTrigger, type SendOptions } from "./common.js";
import type { DeliveryContext } from "./deliver.js";
import { type InteractionResult, sendPayload } from "./interactions.js";

/** A click on a flexpane's action. */
export interface ClickEntityActionInput extends SendOptions {
  user: string;
  /** The `trigger_id` of the `entity_details_requested` the flexpane was opened with (`openEntityDetails`). */
  triggerId: string;
  actionId: string;
}

type ActionButton = { text?: unknown; action_id?: unknown; value?: unknown; url?: unknown };

/** The actions the app's latest answer to that flexpane shows, primary ones first. */
function shownActions(answer: { metadata?: { entity_payload: Record<string, unknown> } } | undefined): ActionButton[] {
  const actions = answer?.metadata?.entity_payload.actions as
    | { primary_actions?: ActionButton[]; overflow_actions?: ActionButton[] }
    | undefined;
  return [...(actions?.primary_actions ?? []), ...(actions?.overflow_actions ?? [])];
}

/**
 * Sends the click as `block_actions`. Throws `action_not_found` when that flexpane (its latest answer, for that
 * person) shows no such action: a person can only click what Slack drew.
 */
export async function sendEntityActionClick(
  context: DeliveryContext,
  input: ClickEntityActionInput,
): Promise<InteractionResult> {
  const { state } = context;
  const opened = linkState(state).details.get(input.triggerId);
  if (!opened || opened.user !== input.user) {
    throw new SlackSimError("action_not_found", `no flexpane of ${input.user} opened with trigger ${input.triggerId}`);
  }
  const answer = opened.answers.at(-1);
  const button = shownActions(answer).find((action) => action.action_id === input.actionId);
  if (!button) throw new SlackSimError("action_not_found", `the flexpane shows no action ${input.actionId}`);
  const triggerId = newTrigger(state, input.user);
  linkState(state).actionTriggers.set(triggerId, { openedWith: input.triggerId, createdAt: state.now() });
  const action = {
    type: "button",
    action_id: input.actionId,
    text: { type: "plain_text", text: typeof button.text === "string" ? button.text : "", emoji: true },
    ...(typeof button.value === "string" ? { value: button.value } : {}),
    ...(typeof button.url === "string" ? { url: button.url } : {}),
    action_ts: state.nextTs(),
  };
  const payload = {
    ...interactionEnvelope(state, "block_actions", input.user),
    trigger_id: triggerId,
    actions: [action],
  };
  const result = await sendPayload(context, payload, input);
  return { ...result, triggerId };
}

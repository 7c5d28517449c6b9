import { SlackSimError } from "../errors.js";
import type { Block, View } from "../types.js";

/** A view's `state.values`: by `block_id`, then `action_id`, the element's value object (`{ type, value }`, ...). */
export type ViewValues = Record<string, Record<string, Record<string, unknown>>>;

/**
 * Where each input element keeps its value in `state.values`, what it holds when the person left it empty, and the
 * element field that fills it before anyone types (the element's `initial_*`): the element types an input block
 * takes (https://docs.slack.dev/reference/block-kit/blocks/input-block), each with the value field its reference
 * gives in `view_submission` (https://docs.slack.dev/reference/interaction-payloads/view-interactions-payload).
 */
const VALUE_FIELDS: Record<string, { key: string; empty: null | []; initial: string }> = {
  plain_text_input: { key: "value", empty: null, initial: "initial_value" },
  email_text_input: { key: "value", empty: null, initial: "initial_value" },
  url_text_input: { key: "value", empty: null, initial: "initial_value" },
  number_input: { key: "value", empty: null, initial: "initial_value" },
  rich_text_input: { key: "rich_text_value", empty: null, initial: "initial_value" },
  static_select: { key: "selected_option", empty: null, initial: "initial_option" },
  external_select: { key: "selected_option", empty: null, initial: "initial_option" },
  radio_buttons: { key: "selected_option", empty: null, initial: "initial_option" },
  multi_static_select: { key: "selected_options", empty: [], initial: "initial_options" },
  multi_external_select: { key: "selected_options", empty: [], initial: "initial_options" },
  checkboxes: { key: "selected_options", empty: [], initial: "initial_options" },
  users_select: { key: "selected_user", empty: null, initial: "initial_user" },
  multi_users_select: { key: "selected_users", empty: [], initial: "initial_users" },
  conversations_select: { key: "selected_conversation", empty: null, initial: "initial_conversation" },
  multi_conversations_select: { key: "selected_conversations", empty: [], initial: "initial_conversations" },
  channels_select: { key: "selected_channel", empty: null, initial: "initial_channel" },
  multi_channels_select: { key: "selected_channels", empty: [], initial: "initial_channels" },
  datepicker: { key: "selected_date", empty: null, initial: "initial_date" },
  timepicker: { key: "selected_time", empty: null, initial: "initial_time" },
  datetimepicker: { key: "selected_date_time", empty: null, initial: "initial_date_time" },
  file_input: { key: "files", empty: [], initial: "" },
};

/** One input block of a view: its (stored, so never missing: block-ids.ts) `block_id`, and its element. */
interface Input {
  blockId: string;
  actionId: string;
  element: Record<string, unknown>;
  optional: boolean;
}

function inputsOf(view: View): Input[] {
  return (view.blocks ?? []).flatMap((block: Block) => {
    const element = block.element as Record<string, unknown> | undefined;
    if (block.type !== "input" || typeof block.block_id !== "string" || typeof element?.action_id !== "string") {
      return [];
    }
    return [{ blockId: block.block_id, actionId: element.action_id, element, optional: block.optional === true }];
  });
}

/**
 * Refuses what a person could not have typed: values for a block or an action the view has no input for, or of
 * another element's type. A test error, not a Slack answer: Slack's client only ever sends its own view's inputs.
 */
export function checkTyped(view: View, values: ViewValues | undefined): void {
  const inputs = inputsOf(view);
  for (const [blockId, actions] of Object.entries(values ?? {})) {
    for (const [actionId, value] of Object.entries(actions)) {
      const input = inputs.find((each) => each.blockId === blockId && each.actionId === actionId);
      if (!input) {
        throw new SlackSimError(
          "invalid_options",
          `the view has no input with block_id ${blockId} and action_id ${actionId} (its inputs: ${inputs.map((i) => `${i.blockId}/${i.actionId}`).join(", ") || "none"})`,
        );
      }
      if (value.type !== undefined && value.type !== input.element.type) {
        throw new SlackSimError(
          "invalid_options",
          `${blockId}/${actionId} is a ${String(input.element.type)}, not a ${String(value.type)}`,
        );
      }
    }
  }
}

/** `earlier` with `later`'s values on top, action by action (what the person typed so far, then now). */
export function mergeValues(earlier: ViewValues | undefined, later: ViewValues | undefined): ViewValues {
  const merged: ViewValues = structuredClone(earlier ?? {});
  for (const [blockId, actions] of Object.entries(later ?? {})) merged[blockId] = { ...merged[blockId], ...actions };
  return merged;
}

/**
 * The view's `state.values` as Slack's client sends it: every input block, each with what the person typed, else the
 * element's initial value, else its empty value (a plain_text_input left empty is `value: null`). Since 2020 this
 * full state comes with both `view_submission` and `block_actions` from a view
 * (https://api.slack.com/changelog/2020-09-full-state-on-view-submisson-and-block-actions).
 */
export function viewState(view: View, typed: ViewValues | undefined): ViewValues {
  const values: ViewValues = {};
  for (const input of inputsOf(view)) {
    const type = String(input.element.type);
    const field = VALUE_FIELDS[type];
    const given = typed?.[input.blockId]?.[input.actionId];
    const initial = field?.initial ? input.element[field.initial] : undefined;
    const start = field ? { [field.key]: initial ?? field.empty } : {};
    values[input.blockId] = { ...values[input.blockId], [input.actionId]: { type, ...start, ...given } };
  }
  return values;
}

function isEmpty(value: Record<string, unknown> | undefined, type: string): boolean {
  const key = VALUE_FIELDS[type]?.key;
  if (!value || !key) return false;
  const held = value[key];
  return held === null || held === undefined || held === "" || (Array.isArray(held) && held.length === 0);
}

/**
 * What Slack's client says under each required input left empty: an input block is required unless `optional` is
 * true ("A boolean that indicates whether the input element may be empty when a user submits the modal. Defaults to
 * false": https://docs.slack.dev/reference/block-kit/blocks/input-block). Such a submit never reaches the app.
 */
export function missingRequired(view: View, values: ViewValues): Record<string, string> | undefined {
  const errors: Record<string, string> = {};
  for (const input of inputsOf(view)) {
    if (input.optional) continue;
    if (isEmpty(values[input.blockId]?.[input.actionId], String(input.element.type))) {
      errors[input.blockId] = "This field is required";
    }
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}

/**
 * The conversations a submission's `response_urls` are for: each `conversations_select` / `channels_select` input
 * with `response_url_enabled: true` and a conversation picked ("When set to true, the view_submission payload from
 * the menu's parent view will contain a response_url. This response_url can be used for message responses. The
 * target conversation for the message will be determined by the value of this select menu":
 * https://docs.slack.dev/reference/block-kit/block-elements/select-menu-element#conversations_select).
 */
export function responseUrlTargets(
  view: View,
  values: ViewValues,
): { blockId: string; actionId: string; channelId: string }[] {
  return inputsOf(view).flatMap((input) => {
    if (input.element.response_url_enabled !== true) return [];
    const value = values[input.blockId]?.[input.actionId];
    const picked =
      input.element.type === "conversations_select"
        ? value?.selected_conversation
        : input.element.type === "channels_select"
          ? value?.selected_channel
          : undefined;
    return typeof picked === "string" && picked
      ? [{ blockId: input.blockId, actionId: input.actionId, channelId: picked }]
      : [];
  });
}

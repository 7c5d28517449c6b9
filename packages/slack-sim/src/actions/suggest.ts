import { SlackSimError } from "../errors.js";
import type { SendOptions } from "./common.js";
import { interactionEnvelope } from "./common.js";
import type { Delivery, DeliveryContext } from "./deliver.js";
import { findElement } from "./elements.js";
import { sendPayload } from "./interactions.js";
import { findTarget, targetFields } from "./target.js";

// Slack asks the app for an external select's options as the person types (a `block_suggestion` to the app's
// options load URL, which Bolt serves on the same endpoint), and shows what the ack carries:
// https://api.slack.com/reference/block-kit/block-elements#external_select and
// https://api.slack.com/reference/interaction-payloads/block-suggestion

/** Someone types into an external select (in a modal, the Home tab or a message). */
export interface SuggestInput extends SendOptions {
  user: string;
  actionId: string;
  /** What they typed so far. Default "". */
  value?: string;
  /** A modal or Home tab (`VH<user>`) ... */
  viewId?: string;
  /** ... or a message: its ts (and channel, when the ts alone is ambiguous). */
  messageTs?: string;
  channel?: string;
}

/** One option of the answer, its text read out of Slack's `plain_text` object. */
export interface SuggestedOption {
  text: string;
  value: string;
}

/** The options the app answered (option groups flattened, at most 100), and its ack; none when Slack would not ask. */
export interface SuggestResult {
  options: SuggestedOption[];
  /** Absent when fewer characters were typed than the element's `min_query_length` (Slack's default 3). */
  delivery?: Delivery;
}

const EXTERNAL = new Set(["external_select", "multi_external_select"]);
/** Slack's default `min_query_length` for external selects. */
export const DEFAULT_MIN_QUERY_LENGTH = 3;
/** Slack shows at most 100 options from an options load. */
const MAX_OPTIONS = 100;

function readOptions(list: unknown): SuggestedOption[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => {
    const option = item as { text?: { text?: unknown } | string; value?: unknown };
    const text = typeof option?.text === "string" ? option.text : option?.text?.text;
    return typeof text === "string" && typeof option.value === "string" ? [{ text, value: option.value }] : [];
  });
}

/** The options in an options-load ack: `options`, or `option_groups` flattened in order. */
export function optionsOf(json: Record<string, unknown> | undefined): SuggestedOption[] {
  if (!json) return [];
  const groups = Array.isArray(json.option_groups)
    ? json.option_groups.flatMap((group) => readOptions((group as { options?: unknown })?.options))
    : [];
  return [...readOptions(json.options), ...groups].slice(0, MAX_OPTIONS);
}

/**
 * Sends a `block_suggestion` (form-encoded `payload=`, signed) for an `external_select` and reads the options the
 * app acked with. Typing fewer characters than `min_query_length` sends nothing, as in Slack.
 */
export async function sendSuggestion(context: DeliveryContext, input: SuggestInput): Promise<SuggestResult> {
  const { state } = context;
  const target = findTarget(state, input);
  const found = findElement(target.blocks, input.actionId);
  if (!found) throw new SlackSimError("action_not_found", `no element with action_id ${input.actionId}`);
  if (!EXTERNAL.has(String(found.element.type))) {
    throw new SlackSimError(
      "invalid_options",
      `${input.actionId} is a ${String(found.element.type)}, not an external select`,
    );
  }
  const value = input.value ?? "";
  const minimum =
    typeof found.element.min_query_length === "number" ? found.element.min_query_length : DEFAULT_MIN_QUERY_LENGTH;
  if (value.length < minimum) return { options: [] };
  const payload = {
    ...interactionEnvelope(state, "block_suggestion", input.user),
    action_id: input.actionId,
    block_id: found.blockId,
    value,
    ...targetFields(state, target),
  };
  const delivery = await sendPayload(context, payload, input);
  return { options: delivery.status === 200 ? optionsOf(delivery.json) : [], delivery };
}

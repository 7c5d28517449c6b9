// The pieces the Remix, Subtitles and Colour look modals are built from, and the reading of what Slack sends back.
// Every input of these modals uses the action id {@link INPUT_ACTION} and is found by its `block_id`, which is
// also the key Slack's `response_action: "errors"` puts an error under. Choices are static selects (one, or several
// for presets) rather than radio buttons or checkboxes: the New image modal uses them too, and the playground
// renders them.
// Limits (Block Kit reference, platform-facts.md): option text 75, option value 150, placeholder 150, label 2,000,
// plain_text_input 3,000, 100 options per select, `private_metadata` 3,000; an `initial_option` must be one of the
// select's options exactly, or Slack refuses the whole view.

import type { Block } from "./blocks.js";
import { truncate } from "./blocks.js";
import { withoutControls } from "./control-characters.js";

/** The action id of every input in these modals (blocks tell them apart). */
export const INPUT_ACTION = "value";

/** The longest text a `plain_text_input` takes (Slack's own limit). */
export const MAX_INPUT_TEXT = 3000;

/** Slack's limits on select options. */
const MAX_OPTIONS = 100;
const MAX_OPTION_VALUE = 150;

/** A plain_text object, cut to `max`. */
export const plain = (text: string, max: number) => ({ type: "plain_text", text: truncate(text, max), emoji: true });

/** A select option. */
export interface Choice {
  value: string;
  label: string;
}

const optionOf = (choice: Choice) => ({
  text: plain(choice.label, 75),
  value: choice.value.slice(0, MAX_OPTION_VALUE),
});

/** The choices Slack can show, each value once (a repeated value would make the initial option ambiguous). */
function usable(choices: readonly Choice[]): Choice[] {
  const seen = new Set<string>();
  return choices.filter((choice) => {
    if (!choice.value || choice.value.length > MAX_OPTION_VALUE || seen.has(choice.value)) return false;
    seen.add(choice.value);
    return true;
  });
}

interface InputCommon {
  block: string;
  label: string;
  optional?: boolean;
  hint?: string;
}

function input(common: InputCommon, element: Record<string, unknown>): Block {
  return {
    type: "input",
    block_id: common.block,
    ...(common.optional ? { optional: true } : {}),
    label: plain(common.label, 2000),
    ...(common.hint ? { hint: plain(common.hint, 2000) } : {}),
    element: { action_id: INPUT_ACTION, ...element },
  };
}

/** A single choice among `choices` (at most 100), starting on `initial` when it is one of them. */
export function selectInput(common: InputCommon & { choices: readonly Choice[]; initial?: string | undefined }): Block {
  const choices = usable(common.choices).slice(0, MAX_OPTIONS);
  const initial = choices.find((choice) => choice.value === common.initial);
  return input(common, {
    type: "static_select",
    placeholder: plain("Choose…", 150),
    options: choices.map(optionOf),
    ...(initial ? { initial_option: optionOf(initial) } : {}),
  });
}

/** Any number of `choices` (at most 100), starting with those of `initial` that are among them. */
export function multiSelectInput(
  common: InputCommon & { choices: readonly Choice[]; initial: readonly string[] },
): Block {
  const choices = usable(common.choices).slice(0, MAX_OPTIONS);
  const initial = choices.filter((choice) => common.initial.includes(choice.value));
  return input(common, {
    type: "multi_static_select",
    placeholder: plain("None", 150),
    options: choices.map(optionOf),
    ...(initial.length ? { initial_options: initial.map(optionOf) } : {}),
  });
}

/** A text input, starting on `initial` (cut to `maxLength`, which Slack requires of an initial value). */
export function textInput(
  common: InputCommon & { initial?: string | undefined; multiline?: boolean; maxLength?: number; placeholder?: string },
): Block {
  const maxLength = Math.min(common.maxLength ?? MAX_INPUT_TEXT, MAX_INPUT_TEXT);
  // Often a person's prompt, given back to edit: plain text (nothing to escape), without control characters (issue 42).
  const text = withoutControls(common.initial ?? "");
  const initial = text.trim() ? text.slice(0, maxLength) : undefined;
  return input(common, {
    type: "plain_text_input",
    max_length: maxLength,
    ...(common.multiline ? { multiline: true } : {}),
    ...(initial ? { initial_value: initial } : {}),
    ...(common.placeholder ? { placeholder: plain(common.placeholder, 150) } : {}),
  });
}

/** One input's state as Slack sends it in `view.state.values[block_id][action_id]`. */
export interface ModalInputState {
  type?: string;
  value?: string | null;
  selected_option?: { value?: string } | null;
  selected_options?: { value?: string }[] | null;
}

/** `view.state.values`: block id, then action id. */
export type ModalValues = Record<string, Record<string, ModalInputState | undefined> | undefined>;

const stateOf = (values: ModalValues, block: string) => values[block]?.[INPUT_ACTION];

/** A text input's value, trimmed; undefined when empty or absent. */
export function textValue(values: ModalValues, block: string): string | undefined {
  const text = stateOf(values, block)?.value?.trim();
  return text ? text : undefined;
}

/** A select's chosen value; undefined when none. */
export function chosenValue(values: ModalValues, block: string): string | undefined {
  return stateOf(values, block)?.selected_option?.value ?? undefined;
}

/** A multi-select's chosen values, in order; [] when none. */
export function chosenValues(values: ModalValues, block: string): string[] {
  const chosen = stateOf(values, block)?.selected_options ?? [];
  return chosen.map((option) => option?.value).filter((value): value is string => typeof value === "string");
}

/** Where a modal opened from a result answers: the result's conversation, thread and message. */
export interface ModalPlace {
  channel: string;
  threadTs: string;
  messageTs: string;
}

/** A modal's `private_metadata`: ids only (never a secret: Slack sends it back in every submission). */
export function modalMetadata(data: Record<string, string | undefined>): string {
  const present = Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined));
  return JSON.stringify(present).slice(0, 3000);
}

/** The strings of a modal's `private_metadata`, with its place; undefined when it is not the bot's. */
export function readModalMetadata(text: string): (ModalPlace & Record<string, string>) | undefined {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!data || typeof data !== "object") return undefined;
  const strings = Object.fromEntries(Object.entries(data).filter(([, value]) => typeof value === "string")) as Record<
    string,
    string
  >;
  const { channel, threadTs, messageTs } = strings;
  if (!channel || !threadTs || !messageTs) return undefined;
  return { ...strings, channel, threadTs, messageTs };
}

// Input blocks (modals): label, control, hint, "(optional)", and the error the app answered for the block.
// The controls carry data-block-id / data-action-id / data-element-type: the modal reads them back on submit
// (collectValues turns them into Slack's view.state.values). https://api.slack.com/reference/block-kit/blocks#input

import { type Child, h, type VNode } from "../dom/vnode.js";
import type { BlockContext, BlockOption, FormContext } from "./context.js";
import {
  initialOption,
  isObj,
  isOption,
  list,
  type Obj,
  optionNodes,
  optionsOf,
  str,
  unsupported,
} from "./elements.js";
import { plainText, rawText } from "./mrkdwn.js";

/** One control's value as read from the page on submit. */
export interface InputEntry {
  blockId: string;
  actionId: string;
  type: string;
  /** Text inputs: what was typed. */
  value?: string | null;
  /** Selects: the chosen option's value and text, or null. */
  selected?: { value: string; text: string } | null;
  /** Multi-selects: every chosen option, in the list's order. */
  selectedMany?: { value: string; text: string }[];
}

type StateOption = { text: { type: "plain_text"; text: string; emoji: true }; value: string };

/** One value in `view.state.values`, shaped as Slack sends it. */
export type StateValue =
  | { type: string; value: string | null }
  | { type: string; selected_option: StateOption | null }
  | { type: string; selected_options: StateOption[] };

/** Slack's `view.state.values`: block id, then action id. */
export type StateValues = Record<string, Record<string, StateValue>>;

const SELECTS = new Set(["static_select", "external_select"]);

const stateOption = (chosen: { value: string; text: string }): StateOption => ({
  text: { type: "plain_text", text: chosen.text, emoji: true },
  value: chosen.value,
});

/**
 * Builds `view.state.values` from the controls' entries, as Slack does: an empty text input is `value: null`, a
 * select with nothing chosen is `selected_option: null`, a multi-select with nothing chosen `selected_options: []`.
 */
export function collectValues(entries: readonly InputEntry[]): StateValues {
  const values: StateValues = {};
  for (const entry of entries) {
    const block = values[entry.blockId] ?? {};
    values[entry.blockId] = block;
    if (SELECTS.has(entry.type)) {
      const chosen = entry.selected;
      block[entry.actionId] = { type: entry.type, selected_option: chosen ? stateOption(chosen) : null };
    } else if (entry.type === "multi_static_select") {
      block[entry.actionId] = { type: entry.type, selected_options: (entry.selectedMany ?? []).map(stateOption) };
    } else {
      block[entry.actionId] = { type: entry.type, value: entry.value ? entry.value : null };
    }
  }
  return values;
}

// Element ids made of the view, block and action ids: only characters that are safe in an id and a selector.
const idPart = (value: string) => value.replace(/[^A-Za-z0-9_-]/g, "_");

function textInput(element: Obj, attrs: Record<string, string | undefined>, kept: string | undefined): VNode {
  const type = str(element.type) ?? "plain_text_input";
  const initial = kept ?? str(element.initial_value) ?? "";
  const common = {
    ...attrs,
    placeholder: rawText(element.placeholder) || undefined,
    maxlength: typeof element.max_length === "number" ? String(element.max_length) : undefined,
    minlength: typeof element.min_length === "number" ? String(element.min_length) : undefined,
  };
  if (type === "plain_text_input" && element.multiline === true) {
    return h("textarea", { ...common, class: "input input-multiline", rows: "4" }, initial);
  }
  const inputType = { email_text_input: "email", url_text_input: "url", number_input: "text" }[type] ?? "text";
  return h("input", {
    ...common,
    class: "input",
    type: inputType,
    inputmode: type === "number_input" ? "decimal" : undefined,
    value: initial,
  });
}

function selectInput(element: Obj, attrs: Record<string, string | undefined>, kept: string | undefined): VNode {
  return h("select", { ...attrs, class: "select" }, optionNodes(element, kept ?? initialOption(element)));
}

/**
 * A multi_static_select as the browser's own multiple select (Slack shows chosen options as tokens; a plain list
 * with the chosen ones highlighted says the same), starting on `initial_options` or what was chosen before the view
 * was updated. No placeholder option: choosing nothing is choosing none.
 */
function multiSelectInput(
  element: Obj,
  attrs: Record<string, string | undefined>,
  kept: readonly string[] | undefined,
): VNode {
  const initial = list(element.initial_options)
    .filter(isOption)
    .map((option) => option.value);
  const chosen = new Set(kept ?? initial);
  const option = (item: BlockOption) =>
    h("option", { value: item.value, selected: chosen.has(item.value) }, plainText(rawText(item.text)));
  const groups = list(element.option_groups).filter(isObj);
  const count = optionsOf(element).length;
  return h("div", { class: "multi-select" }, [
    h(
      "select",
      { ...attrs, class: "select select-multiple", multiple: true, size: String(Math.min(Math.max(count, 2), 6)) },
      [
        ...list(element.options).filter(isOption).map(option),
        ...groups.map((group) =>
          h("optgroup", { label: rawText(group.label) }, list(group.options).filter(isOption).map(option)),
        ),
      ],
    ),
    h("span", { class: "multi-select-how" }, "Ctrl-click (⌘-click on a Mac) to choose more than one."),
  ]);
}

/**
 * An external_select: a search box whose text goes to `/api/suggest` (Slack's block_suggestion) and a select that
 * lists the answer. The select is what the page reads on submit.
 */
function externalSelect(
  element: Obj,
  attrs: Record<string, string | undefined>,
  form: FormContext,
  label: string,
): VNode {
  const actionId = str(element.action_id) ?? "";
  const minLength = typeof element.min_query_length === "number" ? element.min_query_length : 3;
  const initial = isObj(element.initial_option) ? element.initial_option : undefined;
  const select = h(
    "select",
    { ...attrs, class: "select" },
    optionNodes({ ...element, options: initial ? [initial] : [] }, str(initial?.value)),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asked = 0;
  const ask = (input: HTMLInputElement, selectEl: HTMLSelectElement) => {
    const query = input.value;
    if (query.length < minLength) return;
    const ticket = ++asked;
    form
      .suggest(actionId, query)
      .then((options) => {
        // Only the latest answer counts: a slow reply to an older query must not replace a newer one.
        if (ticket === asked) fillOptions(selectEl, options, rawText(element.placeholder) || "Select an option");
      })
      .catch(() => undefined);
  };
  const search = h("input", {
    class: "input input-search",
    type: "search",
    "aria-label": `Search ${label}`,
    placeholder: "Type to search…",
    autocomplete: "off",
  });
  // The hook sits on the wrapper: `mount` calls it once both children are in place.
  const wire = (wrapper: HTMLElement) => {
    const input = wrapper.querySelector("input");
    const selectEl = wrapper.querySelector("select");
    if (!input || !selectEl) return;
    input.addEventListener("input", () => {
      clearTimeout(timer);
      timer = setTimeout(() => ask(input, selectEl), 250);
    });
    if (minLength === 0) ask(input, selectEl);
  };
  return h("div", { class: "external-select" }, [search, select], { ref: wire });
}

/** Replaces a select's options with suggestions, keeping the placeholder first and the choice when still offered. */
export function fillOptions(select: HTMLSelectElement, options: readonly BlockOption[], placeholder: string): void {
  const doc = select.ownerDocument;
  const current = select.value;
  const nodes = [
    { value: "", text: placeholder },
    ...options.map((o) => ({ value: o.value, text: plainText(rawText(o.text)) })),
  ];
  select.replaceChildren(
    ...nodes.map((item) => {
      const option = doc.createElement("option");
      option.value = item.value;
      option.textContent = item.text;
      return option;
    }),
  );
  select.value = nodes.some((item) => item.value === current)
    ? current
    : options.length
      ? (options[0]?.value ?? "")
      : "";
}

/** Renders an input block inside a modal (or the Home tab, which Slack allows too). */
export function renderInputBlock(block: Obj, ctx: BlockContext): VNode {
  const form = ctx.form;
  const element = isObj(block.element) ? block.element : {};
  const type = str(element.type) ?? "";
  const blockId = str(block.block_id) ?? "";
  const actionId = str(element.action_id) ?? "";
  const base = `in-${idPart(form?.viewId ?? "view")}-${idPart(blockId)}-${idPart(actionId)}`;
  const error = form?.errors[blockId];
  const hint = rawText(block.hint);
  const optional = block.optional === true;
  const label = rawText(block.label);
  const describedBy = [hint ? `${base}-hint` : "", error ? `${base}-error` : ""].filter(Boolean).join(" ");
  const attrs: Record<string, string | undefined> = {
    id: base,
    name: base,
    "data-block-id": blockId,
    "data-action-id": actionId,
    "data-element-type": type,
    "aria-describedby": describedBy || undefined,
    "aria-invalid": error ? "true" : undefined,
    "aria-required": optional ? undefined : "true",
  };
  const keptValue = form?.kept[blockId]?.[actionId];
  const kept = typeof keptValue === "string" ? keptValue : undefined;
  let control: VNode;
  if (
    type === "plain_text_input" ||
    type === "number_input" ||
    type === "email_text_input" ||
    type === "url_text_input"
  ) {
    control = textInput(element, attrs, kept);
  } else if (type === "static_select") {
    control = selectInput(element, attrs, kept);
  } else if (type === "multi_static_select") {
    control = multiSelectInput(element, attrs, Array.isArray(keptValue) ? keptValue : undefined);
  } else if (type === "external_select" && form) {
    control = externalSelect(element, attrs, form, label);
  } else {
    control = unsupported(type);
  }
  const labelChildren: Child[] = [plainText(label)];
  if (optional) labelChildren.push(h("span", { class: "optional" }, " (optional)"));
  return h("div", { class: "block block-input", "data-block-type": "input", "data-block-id": blockId || undefined }, [
    h("label", { class: "input-label", for: base }, labelChildren),
    control,
    hint ? h("p", { class: "input-hint", id: `${base}-hint` }, hint) : null,
    error
      ? h("p", { class: "input-error", id: `${base}-error`, "data-testid": "modal-error", role: "alert" }, error)
      : null,
  ]);
}

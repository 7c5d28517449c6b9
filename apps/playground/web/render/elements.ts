// Block Kit's interactive elements (buttons, selects, overflow menus) and the image element, shared by message
// blocks, the Home tab and modals. https://api.slack.com/reference/block-kit/block-elements

import { type Child, h, isSafeUrl, type VNode } from "../dom/vnode.js";
import type { BlockContext, BlockOption } from "./context.js";
import { plainText, rawText } from "./mrkdwn.js";

/** A block or element as JSON: read defensively, since it is whatever the bot sent. */
export type Obj = Record<string, unknown>;

export const isObj = (value: unknown): value is Obj =>
  typeof value === "object" && value !== null && !Array.isArray(value);
export const str = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);
export const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** The options of a select, flattening `option_groups`. */
export function optionsOf(element: Obj): BlockOption[] {
  const direct = list(element.options);
  const grouped = list(element.option_groups).flatMap((group) => (isObj(group) ? list(group.options) : []));
  return [...direct, ...grouped].filter(isOption);
}

export function isOption(value: unknown): value is BlockOption {
  return isObj(value) && typeof value.value === "string";
}

// A `slack_file`'s url is the file's `url_private` (`.../files-pri/<team>-<file id>/[download/]<name>`, which the
// stand-in serves too): the file id sits in the path.
const FILES_PRI = /\/files-pri\/[A-Za-z0-9]+-(F[A-Za-z0-9]+)\//;

/**
 * Where the page loads a `slack_file` from. Slack's file URLs answer only with the bot's token, which the browser
 * never has, so a file named by id (or by a url_private) comes from the page's own route (GET /api/files/:id);
 * any other url is used as given.
 */
function slackFileUrl(file: unknown): string | undefined {
  if (!isObj(file)) return undefined;
  const url = str(file.url);
  const id = str(file.id) || url?.match(FILES_PRI)?.[1];
  return id ? `/api/files/${encodeURIComponent(id)}` : url;
}

/** An image element or block's URL: `image_url`, or where its `slack_file` can be loaded. */
export function imageUrlOf(element: Obj): string | undefined {
  const url = str(element.image_url) ?? slackFileUrl(element.slack_file);
  return url && isSafeUrl(url) ? url : undefined;
}

/** A small image (section accessory, context element). A URL the page may not load shows the alt text. */
export function imageElement(element: Obj, className: string): VNode {
  const alt = str(element.alt_text) ?? "";
  const url = imageUrlOf(element);
  if (!url) return h("span", { class: `${className} image-missing`, title: alt }, alt || "image");
  return h("img", { class: className, src: url, alt, loading: "lazy", decoding: "async" });
}

function button(element: Obj, blockId: string | undefined, ctx: BlockContext): VNode {
  const actionId = str(element.action_id) ?? "";
  const style = str(element.style);
  const url = str(element.url);
  const value = str(element.value);
  const label = rawText(element.text) || "Button";
  return h(
    "button",
    {
      type: "button",
      class: `btn${style === "primary" || style === "danger" ? ` btn-${style}` : ""}`,
      "data-action-id": actionId,
      // A link button shows where it goes; any other its whole label (a long one is cut with an ellipsis).
      title: url && isSafeUrl(url) ? url : label,
      "aria-label": str(element.accessibility_label),
    },
    label,
    {
      on: {
        click: () => {
          // A link button opens its URL (Slack does) and still sends the action to the app.
          if (url && /^https?:\/\//i.test(url) && isSafeUrl(url)) globalThis.open?.(url, "_blank", "noopener");
          ctx.onAction({ actionId, ...(blockId ? { blockId } : {}), ...(value !== undefined ? { value } : {}) });
        },
      },
    },
  );
}

/**
 * A `feedback_buttons` pair (only in a `context_actions` block). Slack draws thumbs up and down; the page writes
 * each button's own text with an arrow instead, since an emoji font is not everywhere the page runs (headless
 * Chromium on a server draws 👍 as an empty box). A click sends that button's value (slack-sim checks it is one of
 * the two). The one the viewer clicked last is drawn chosen, as Slack's client shows it (slack-sim's
 * `chosenFeedback`: reported in https://github.com/slackapi/bolt-python/issues/1435).
 */
export function feedbackButtons(element: Obj, blockId: string | undefined, ctx: BlockContext): VNode {
  const actionId = str(element.action_id) ?? "";
  const chosen = ctx.feedbackChosen?.(actionId);
  const side = (key: "positive_button" | "negative_button", arrow: string) => {
    const button = isObj(element[key]) ? element[key] : {};
    const value = str(button.value);
    const label = str(button.accessibility_label) ?? rawText(button.text);
    const which = key === "positive_button" ? "positive" : "negative";
    return h(
      "button",
      {
        type: "button",
        class: chosen === which ? "btn btn-feedback is-chosen" : "btn btn-feedback",
        "data-action-id": actionId,
        "data-feedback": which,
        title: rawText(button.text),
        "aria-label": label,
        "aria-pressed": chosen === which ? "true" : "false",
      },
      `${arrow} ${rawText(button.text)}`,
      {
        on: {
          click: () =>
            ctx.onAction({ actionId, ...(blockId ? { blockId } : {}), ...(value !== undefined ? { value } : {}) }),
        },
      },
    );
  };
  return h("span", { class: "feedback-buttons" }, [side("positive_button", "▲"), side("negative_button", "▼")]);
}

/** `<option>`s for a select: a placeholder first (chosen when nothing is), then the options or groups. */
export function optionNodes(element: Obj, selected: string | undefined): Child[] {
  const placeholder = rawText(element.placeholder) || "Select an option";
  const option = (item: BlockOption) =>
    h("option", { value: item.value, selected: item.value === selected }, plainText(rawText(item.text)));
  const groups = list(element.option_groups).filter(isObj);
  return [
    h("option", { value: "", selected: selected === undefined }, placeholder),
    ...list(element.options).filter(isOption).map(option),
    ...groups.map((group) =>
      h("optgroup", { label: rawText(group.label) }, list(group.options).filter(isOption).map(option)),
    ),
  ];
}

/** The value of `initial_option`, if the element has one. */
export function initialOption(element: Obj): string | undefined {
  return isObj(element.initial_option) ? str(element.initial_option.value) : undefined;
}

function staticSelect(element: Obj, blockId: string | undefined, ctx: BlockContext): VNode {
  const actionId = str(element.action_id) ?? "";
  // An external_select lists no options of its own: its initial option, when it has one, is the only choice.
  if (element.type === "external_select") {
    element = { ...element, options: isOption(element.initial_option) ? [element.initial_option] : [] };
  }
  const options = optionsOf(element);
  const label = rawText(element.placeholder) || "Select an option";
  return h(
    "select",
    { class: "select", "data-action-id": actionId, "aria-label": label },
    optionNodes(element, initialOption(element)),
    {
      on: {
        change: (event) => {
          const chosen = options.find((option) => option.value === (event.target as HTMLSelectElement).value);
          if (chosen) ctx.onAction({ actionId, ...(blockId ? { blockId } : {}), selectedOption: chosen });
        },
      },
    },
  );
}

// The overflow menu ("…"): a select whose choice is sent at once, like picking from Slack's menu.
function overflow(element: Obj, blockId: string | undefined, ctx: BlockContext): VNode {
  const actionId = str(element.action_id) ?? "";
  const options = optionsOf(element);
  return h(
    "select",
    { class: "select select-overflow", "data-action-id": actionId, "aria-label": "More actions" },
    [
      h("option", { value: "" }, "…"),
      ...options.map((o) => h("option", { value: o.value }, plainText(rawText(o.text)))),
    ],
    {
      on: {
        change: (event) => {
          const select = event.target as HTMLSelectElement;
          const chosen = options.find((option) => option.value === select.value);
          select.value = "";
          if (chosen) ctx.onAction({ actionId, ...(blockId ? { blockId } : {}), selectedOption: chosen });
        },
      },
    },
  );
}

/** An element Slack supports and the page does not: named, so the gap is visible rather than silent. */
export function unsupported(type: string): VNode {
  return h("span", { class: "unsupported" }, `[${type || "element"} not shown in the playground]`);
}

/**
 * An interactive element in a section accessory or an actions block. external_select in a message has no view to
 * ask `/api/suggest` about, so it shows as a static select with its initial option.
 */
export function renderElement(element: unknown, blockId: string | undefined, ctx: BlockContext): VNode {
  if (!isObj(element)) return unsupported("element");
  switch (element.type) {
    case "button":
      return button(element, blockId, ctx);
    case "static_select":
    case "external_select":
      return staticSelect(element, blockId, ctx);
    case "overflow":
      return overflow(element, blockId, ctx);
    case "image":
      return imageElement(element, "accessory-image");
    default:
      return unsupported(str(element.type) ?? "element");
  }
}

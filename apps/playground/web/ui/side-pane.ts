// The parts every side pane opened from the sidebar shares (Workflow steps, Ask Slackbot): its entry in the sidebar,
// a heading and one toggle button that says whether the pane is open, and the pane's frame, an <aside> with a title
// and a close button. What a pane shows inside the frame is its own.

import { type Children, h, type VNode } from "../dom/vnode.js";

/** What a side pane is called and where it lives. */
export interface SidePaneNames {
  /** The pane's element id and test id stem: `<key>-pane`, `<key>-toggle`, classes `<key>-entry` and so on. */
  key: string;
  /** The sidebar heading the entry sits under ("Automations", "Slackbot"). */
  heading: string;
  /** The pane's title, also the toggle's label and the aside's accessible name. */
  title: string;
  /** The one-character mark before the label, as a channel's `#`. */
  icon: string;
}

/** The sidebar entry: the heading and the button that opens or closes the pane. */
export function sidePaneEntry(
  names: SidePaneNames,
  onToggle: () => void,
  toggleRef: (element: HTMLElement) => void,
): VNode {
  return h("div", { class: `${names.key}-entry` }, [
    h("h2", { class: "sidebar-heading" }, names.heading),
    h(
      "ul",
      { class: "channels" },
      h(
        "li",
        {},
        h(
          "button",
          {
            type: "button",
            class: `channel-item ${names.key}-toggle`,
            "data-testid": `${names.key}-toggle`,
            "aria-expanded": "false",
            "aria-controls": `${names.key}-pane`,
          },
          [h("span", { class: "hash", "aria-hidden": "true" }, names.icon), names.title],
          { on: { click: onToggle }, ref: toggleRef },
        ),
      ),
    ),
  ]);
}

/** The pane's frame: an <aside>, hidden until opened, with its title and a close button above `body`. */
export function sidePaneFrame(
  names: SidePaneNames,
  closeLabel: string,
  onClose: () => void,
  body: Children,
  rootRef?: (element: HTMLElement) => void,
): VNode {
  return h(
    "aside",
    {
      class: `${names.key}-pane`,
      id: `${names.key}-pane`,
      "data-testid": `${names.key}-pane`,
      "aria-label": names.title,
      hidden: true,
    },
    [
      h("header", { class: "pane-header" }, [
        h("h2", { class: "pane-title" }, names.title),
        h("button", { type: "button", class: "icon-button", "aria-label": closeLabel }, "×", {
          on: { click: onClose },
        }),
      ]),
      body,
    ],
    rootRef ? { ref: rootRef } : {},
  );
}

/** The words and ids of a pane's picker form: what is picked (a tool, a step) and what the submit button does. */
export interface PickerFormWords {
  /** The form's accessible name ("Call a tool"). */
  name: string;
  /** The id stem of what is picked: the select is `<key>-<picked>`, its description `<key>-<picked>-description`. */
  picked: string;
  /** The select's label ("Tool"). */
  label: string;
  /** The submit button's text and test id. */
  submit: string;
  submitTestId: string;
}

/** Where a picker form's parts are handed back: `picker`, `description`, `fields`, `error`, `run` and `form`. */
export type PaneRef = (name: string) => (element: HTMLElement) => void;

/**
 * A pane's form: a select of what to run with its description, the fields of the one picked (drawn by the pane into
 * `fields`), an error line, and the submit button.
 */
export function pickerForm(
  key: string,
  words: PickerFormWords,
  ref: PaneRef,
  on: { pick: () => void; submit: (event: Event) => void },
): VNode {
  const select = `${key}-${words.picked}`;
  return h(
    "form",
    { class: `${key}-form`, "data-testid": `${key}-form`, "aria-label": words.name, novalidate: true },
    [
      h("div", { class: `${key}-field` }, [
        h("label", { class: "input-label", for: select }, words.label),
        h("select", { id: select, class: "select", "data-testid": select }, [], {
          on: { change: on.pick },
          ref: ref("picker"),
        }),
        h("p", { class: "input-hint", "data-testid": `${select}-description` }, [], { ref: ref("description") }),
      ]),
      h("div", { class: `${key}-fields` }, [], { ref: ref("fields") }),
      h("p", { class: `${key}-form-error`, role: "alert", "data-testid": `${key}-form-error`, hidden: true }, [], {
        ref: ref("error"),
      }),
      h("div", { class: `${key}-actions` }, [
        h("button", { type: "submit", class: "btn btn-primary", "data-testid": words.submitTestId }, words.submit, {
          ref: ref("run"),
        }),
      ]),
    ],
    { on: { submit: on.submit }, ref: ref("form") },
  );
}

/** Shows or hides a pane and marks its sidebar toggle as open or not. */
export function showPane(root: HTMLElement, toggle: HTMLElement, open: boolean): void {
  root.hidden = !open;
  toggle.setAttribute("aria-expanded", String(open));
  toggle.classList.toggle("is-current", open);
}

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

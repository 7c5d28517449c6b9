// The top-most open modal as a dialog: title, ×, blocks (inputs included), and the view's own close and submit
// texts. https://api.slack.com/reference/surfaces/views

import type { ModalView } from "../../src/shared/api.js";
import { h, type VNode } from "../dom/vnode.js";
import { renderBlocks } from "./blocks.js";
import type { BlockContext } from "./context.js";
import { isObj, list } from "./elements.js";
import { plainText, rawText } from "./mrkdwn.js";

/** What the dialog's buttons do. */
export interface ModalHandlers {
  onSubmit(): void;
  onClose(): void;
}

/** Errors keyed by a block id the view does not have: shown at the top rather than lost. */
export function strayErrors(view: Record<string, unknown>, errors: Record<string, string>): string[] {
  const ids = new Set(
    list(view.blocks)
      .filter(isObj)
      .map((block) => block.block_id),
  );
  return Object.entries(errors)
    .filter(([id]) => !ids.has(id))
    .map(([, message]) => message);
}

/** Renders a modal. `busy` disables submit while a submission is in flight. */
export function renderModal(modal: ModalView, ctx: BlockContext, handlers: ModalHandlers, busy: boolean): VNode {
  const view = modal.view;
  const title = plainText(rawText(view.title) || "Studio");
  const closeText = plainText(rawText(view.close) || "Cancel");
  const submitText = rawText(view.submit);
  const stray = strayErrors(view, ctx.form?.errors ?? {});
  return h(
    "div",
    {
      class: "modal",
      role: "dialog",
      "aria-modal": "true",
      "aria-labelledby": "modal-title",
      "data-testid": "modal",
      "data-view-id": modal.id,
    },
    h(
      "form",
      { class: "modal-form", novalidate: true },
      [
        h("header", { class: "modal-header" }, [
          h("h2", { id: "modal-title", class: "modal-title", "data-testid": "modal-title" }, title),
          h("button", { type: "button", class: "icon-button modal-x", "aria-label": "Close" }, "×", {
            on: { click: handlers.onClose },
          }),
        ]),
        h("div", { class: "modal-body" }, [
          ...stray.map((message) =>
            h("p", { class: "input-error", "data-testid": "modal-error", role: "alert" }, message),
          ),
          ...renderBlocks(list(view.blocks), ctx),
        ]),
        h("footer", { class: "modal-footer" }, [
          h("button", { type: "button", class: "btn", "data-testid": "modal-cancel" }, closeText, {
            on: { click: handlers.onClose },
          }),
          // Slack shows no submit button on a view without one (a read-only modal).
          submitText
            ? h(
                "button",
                { type: "submit", class: "btn btn-primary", "data-testid": "modal-submit", disabled: busy },
                plainText(submitText),
              )
            : null,
        ]),
      ],
      {
        on: {
          // A form, so Enter in a one-line input submits as in Slack; the page posts it itself.
          submit: (event) => {
            event.preventDefault();
            if (submitText) handlers.onSubmit();
          },
        },
      },
    ),
  );
}

// Shows the top-most open modal of the user as a dialog, and does what Slack's client does with it: submit posts
// `view.state.values` and shows the app's `errors` under their inputs, Cancel/×/Escape closes (`view_closed`),
// buttons inside send block_actions with the view id. A view updated in place keeps what was typed in it.

import type { ModalView } from "../../src/shared/api.js";
import type { Api } from "../api.js";
import { mount } from "../dom/vnode.js";
import type { BlockAction, TextContext } from "../render/context.js";
import { collectValues, type InputEntry } from "../render/inputs.js";
import { renderModal } from "../render/modal.js";
import { errorText } from "./toast.js";

export interface ModalHost {
  /** The open modals from the polled state, oldest first. */
  update(modals: readonly ModalView[]): void;
  /** Drops the dialog (another user was chosen). */
  reset(): void;
}

const FOCUSABLE =
  "button:not([disabled]), [href], input:not([type=hidden]), select, textarea, [tabindex]:not([tabindex='-1'])";

/** Reads the dialog's controls (marked data-element-type by render/inputs.ts). */
function readEntries(root: ParentNode): InputEntry[] {
  return Array.from(root.querySelectorAll<HTMLElement>("[data-element-type]")).map((control) => {
    const base = {
      blockId: control.dataset.blockId ?? "",
      actionId: control.dataset.actionId ?? "",
      type: control.dataset.elementType ?? "",
    };
    if (control instanceof HTMLSelectElement && control.multiple) {
      const chosen = Array.from(control.selectedOptions);
      return { ...base, selectedMany: chosen.map((o) => ({ value: o.value, text: o.textContent ?? o.value })) };
    }
    if (control instanceof HTMLSelectElement) {
      const option = control.selectedOptions[0];
      return {
        ...base,
        selected: control.value ? { value: control.value, text: option?.textContent ?? control.value } : null,
      };
    }
    return { ...base, value: (control as HTMLInputElement | HTMLTextAreaElement).value ?? null };
  });
}

/** What was typed or chosen, by block and action id, to carry into the updated view. */
function keptValues(root: ParentNode): Record<string, Record<string, string | readonly string[]>> {
  const kept: Record<string, Record<string, string | readonly string[]>> = {};
  for (const entry of readEntries(root)) {
    // A multi-select keeps its choices, none included: an emptied one must not fall back to its initial options.
    const value = entry.selectedMany?.map((option) => option.value) ?? entry.selected?.value ?? entry.value ?? "";
    if (!Array.isArray(value) && !value) continue;
    kept[entry.blockId] = { ...kept[entry.blockId], [entry.actionId]: value };
  }
  return kept;
}

/** Creates the host in `root` (an empty element at the end of the body). */
export function createModalHost(options: {
  root: HTMLElement;
  doc: Document;
  api: Pick<Api, "submit" | "close" | "suggest">;
  user(): string;
  text: TextContext;
  onAction(viewId: string, action: BlockAction): void;
  toast(text: string): void;
  /** After each submission (e.g. refresh the board: "Add to board" is a modal). */
  afterSubmit?(): void;
}): ModalHost {
  const { root, doc, api } = options;
  let shown: { id: string; json: string; overlay: HTMLElement } | undefined;
  let errors: Record<string, string> = {};
  let busy = false;
  let latest: readonly ModalView[] = [];
  let returnFocus: Element | null = null;
  // Views submitted or closed here: hidden at once, before the next poll says they are gone.
  const dismissed = new Set<string>();

  const hide = () => {
    shown?.overlay.remove();
    shown = undefined;
    errors = {};
    if (returnFocus instanceof HTMLElement && returnFocus.isConnected) returnFocus.focus();
    returnFocus = null;
  };

  const draw = (
    modal: ModalView,
    kept: Record<string, Record<string, string | readonly string[]>>,
    focusFirst: boolean,
  ) => {
    const viewId = modal.id;
    const ctx = {
      ...options.text,
      onAction: (action: BlockAction) => options.onAction(viewId, action),
      form: {
        viewId,
        errors,
        kept,
        suggest: (actionId: string, value: string) => api.suggest({ user: options.user(), viewId, actionId, value }),
      },
    };
    const dialog = mount(
      renderModal(modal, ctx, { onSubmit: () => void submit(modal), onClose: () => void close(modal) }, busy),
      doc,
    );
    const overlay = doc.createElement("div");
    overlay.className = "modal-overlay";
    overlay.append(dialog);
    overlay.addEventListener("keydown", (event) => onKey(event, overlay, modal));
    if (shown) shown.overlay.replaceWith(overlay);
    else root.append(overlay);
    shown = { id: modal.id, json: JSON.stringify(modal.view), overlay };
    const invalid = overlay.querySelector<HTMLElement>("[aria-invalid='true']");
    const first = overlay.querySelector<HTMLElement>(".modal-body input, .modal-body textarea, .modal-body select");
    if (invalid) invalid.focus();
    else if (focusFirst) (first ?? overlay.querySelector<HTMLElement>(FOCUSABLE))?.focus();
  };

  // Escape closes; Tab stays inside the dialog (aria-modal).
  const onKey = (event: KeyboardEvent, overlay: HTMLElement, modal: ModalView) => {
    if (event.key === "Escape") {
      event.preventDefault();
      void close(modal);
      return;
    }
    if (event.key !== "Tab") return;
    const items = Array.from(overlay.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && doc.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && doc.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const setBusy = (value: boolean) => {
    busy = value;
    shown?.overlay.querySelector<HTMLButtonElement>("[data-testid='modal-submit']")?.toggleAttribute("disabled", value);
  };

  const submit = async (modal: ModalView) => {
    if (busy || !shown) return;
    const values = collectValues(readEntries(shown.overlay));
    setBusy(true);
    try {
      const answer = await api.submit({ user: options.user(), viewId: modal.id, values });
      if (answer.errors && Object.keys(answer.errors).length) {
        errors = answer.errors;
        if (shown?.id === modal.id) draw(modal, keptValues(shown.overlay), false);
      } else if (answer.responseAction !== "update" && answer.responseAction !== "push") {
        dismissed.add(modal.id);
        render();
      }
    } catch (error) {
      options.toast(`The form was not sent: ${errorText(error)}`);
    } finally {
      setBusy(false);
      options.afterSubmit?.();
    }
  };

  const close = async (modal: ModalView) => {
    dismissed.add(modal.id);
    render();
    try {
      await api.close({ user: options.user(), viewId: modal.id });
    } catch (error) {
      dismissed.delete(modal.id);
      render();
      options.toast(`The dialog could not be closed: ${errorText(error)}`);
    }
  };

  const render = () => {
    const open = latest.filter((modal) => !dismissed.has(modal.id));
    const top = open[open.length - 1];
    if (!top) return hide();
    const json = JSON.stringify(top.view);
    if (shown && shown.id === top.id && shown.json === json) return;
    const sameView = shown?.id === top.id;
    if (!sameView) errors = {};
    if (!shown) returnFocus = doc.activeElement;
    draw(top, sameView && shown ? keptValues(shown.overlay) : {}, !sameView);
  };

  return {
    update(modals) {
      latest = modals;
      // Forget dismissals the server has caught up with, so an id is never hidden for good by mistake.
      for (const id of dismissed) if (!modals.some((modal) => modal.id === id)) dismissed.delete(id);
      render();
    },
    reset() {
      latest = [];
      dismissed.clear();
      hide();
    },
  };
}

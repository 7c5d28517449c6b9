// "Share link" asks before it posts (issue 42): where the board's link goes (a channel picker, the open channel first
// chosen) and what will be posted (the message as it will read, under the person's name), then Share or Cancel, as
// Slack's own share dialogs let a person pick the conversation and see the message before it is sent. Nothing is
// posted until Share is pressed; Cancel, × and Escape post nothing.

import { h, mount, type VNode } from "../dom/vnode.js";
import { errorText } from "./toast.js";

/** A conversation the link may go to. */
export interface ShareTarget {
  id: string;
  /** As the sidebar names it, with its `#`. */
  label: string;
}

export interface ShareDialogOptions {
  doc: Document;
  /** Where the dialog is put (an empty element at the end of the body). */
  root: HTMLElement;
  /** The board's title and web address (what is posted). */
  board: { title: string; webUrl: string };
  /** The conversations the link may go to; at least one. */
  targets: readonly ShareTarget[];
  /** The one chosen at first: the open conversation when it is among `targets`. */
  initial: string;
  /** Who posts it: the name their messages show, on the preview. */
  author: string;
  /** Posts the link to the chosen conversation; a rejection is shown in the dialog, which stays open. */
  onShare(channel: string): Promise<void>;
}

/** The dialog's content for the chosen conversation (exported for the page's unit test). */
export function renderShareDialog(options: Omit<ShareDialogOptions, "doc" | "root" | "onShare">, chosen: string) {
  const target = options.targets.find((each) => each.id === chosen) ?? options.targets[0];
  const title = options.board.title.trim() || "Untitled";
  const option = (each: ShareTarget): VNode =>
    h("option", { value: each.id, ...(each.id === target?.id ? { selected: true } : {}) }, each.label);
  return h(
    "div",
    { class: "modal share-dialog", role: "dialog", "aria-modal": "true", "data-testid": "share-dialog" },
    [
      h("form", { class: "modal-form", novalidate: true }, [
        h("header", { class: "modal-header" }, [
          h("h2", { class: "modal-title", id: "share-title" }, "Share board"),
          h("button", { type: "button", class: "icon-button modal-x", "aria-label": "Close", "data-close": "" }, "×"),
        ]),
        h("div", { class: "modal-body" }, [
          h("label", { class: "share-label", for: "share-target" }, "Share to"),
          h(
            "select",
            { id: "share-target", class: "select share-target", "data-testid": "share-target" },
            options.targets.map(option),
          ),
          h("p", { class: "share-label" }, "Preview"),
          h("div", { class: "share-preview", "data-testid": "share-preview" }, [
            h("p", { class: "share-preview-author" }, options.author),
            h("p", { class: "share-preview-link" }, options.board.webUrl),
            h(
              "p",
              { class: "share-preview-note" },
              `Posted as you in ${target?.label ?? ""}. Studio adds a card of “${title}” under the link.`,
            ),
          ]),
          h("p", { class: "input-error", role: "alert", "data-testid": "share-error", hidden: true }),
        ]),
        h("footer", { class: "modal-footer" }, [
          h("button", { type: "button", class: "btn", "data-testid": "share-cancel", "data-close": "" }, "Cancel"),
          h("button", { type: "submit", class: "btn btn-primary", "data-testid": "share-submit" }, "Share"),
        ]),
      ]),
    ],
  );
}

/** Opens the dialog; returns a function that closes it (posting nothing). */
export function openShareDialog(options: ShareDialogOptions): () => void {
  const { doc, root } = options;
  const overlay = doc.createElement("div");
  overlay.className = "modal-overlay";
  let chosen = options.targets.some((each) => each.id === options.initial)
    ? options.initial
    : (options.targets[0]?.id ?? "");
  let busy = false;
  const close = () => overlay.remove();
  const draw = () => {
    overlay.replaceChildren(mount(renderShareDialog(options, chosen), doc));
    const select = overlay.querySelector<HTMLSelectElement>("select");
    select?.addEventListener("change", () => {
      chosen = select.value;
      draw();
      overlay.querySelector<HTMLSelectElement>("select")?.focus();
    });
    for (const each of overlay.querySelectorAll("[data-close]")) each.addEventListener("click", close);
    overlay.querySelector("form")?.addEventListener("submit", (event) => {
      event.preventDefault();
      if (busy) return;
      busy = true;
      const submit = overlay.querySelector<HTMLButtonElement>('[data-testid="share-submit"]');
      if (submit) submit.disabled = true;
      options.onShare(chosen).then(close, (error: unknown) => {
        busy = false;
        if (submit) submit.disabled = false;
        const shown = overlay.querySelector<HTMLElement>('[data-testid="share-error"]');
        if (!shown) return;
        shown.hidden = false;
        shown.textContent = `That did not work: ${errorText(error)}`;
      });
    });
  };
  overlay.addEventListener("keydown", (event) => {
    if (event.key === "Escape") close();
  });
  draw();
  root.append(overlay);
  overlay.querySelector<HTMLSelectElement>("select")?.focus();
  return close;
}

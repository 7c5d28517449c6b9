// The flexpane: what Slack opens on the right when a person clicks a Work Object's card
// (https://docs.slack.dev/messaging/work-objects-overview). The page asks the server (POST /api/entity/open), which
// sends `entity_details_requested` and waits for the bot's entity.presentDetails; the pane then shows the entity the
// bot presented for this person (or its error status), with its action buttons. A link action opens its URL, as
// Slack's client does, and the click also reaches the bot; other actions only reach the bot, which answers
// elsewhere (the bot's "Add my latest result" answers in the person's DM).

import type { EntityDetailsView, MessageView } from "../../src/shared/api.js";
import type { Api } from "../api.js";
import { type Children, h, mount } from "../dom/vnode.js";
import { detailsErrorText, entityActions, renderEntityDetails } from "../render/work-object.js";
import { errorText } from "./toast.js";

export interface EntityPane {
  open(message: MessageView, url: string): Promise<void>;
  close(): void;
  isOpen(): boolean;
}

export interface EntityPaneElements {
  root: HTMLElement;
  body: HTMLElement;
  close: HTMLElement;
}

export function createEntityPane(options: {
  doc: Document;
  api: Pick<Api, "entityOpen" | "entityAction">;
  user: () => string;
  elements: EntityPaneElements;
  /** Called when the pane opens or closes: one side pane shows at a time. */
  onToggle: (open: boolean) => void;
  toast: (text: string, kind?: "info") => void;
}): EntityPane {
  const { doc, api, elements } = options;
  // Each opening gets a number: an answer that arrives after another card was clicked is dropped.
  let opening = 0;
  let shown: { details: EntityDetailsView; user: string } | undefined;
  const busy = new Set<string>();

  const draw = (content: Children) => {
    elements.body.replaceChildren(mount(h("div", { class: "wo-pane-content" }, content), doc));
  };

  const act = async (actionId: string, url: string | undefined) => {
    if (!shown || busy.has(actionId)) return;
    const { details, user } = shown;
    // A link opens at once, as Slack's client opens it; the click still goes to the app.
    if (url) globalThis.open?.(url, "_blank", "noopener");
    busy.add(actionId);
    render();
    try {
      await api.entityAction({ user, triggerId: details.triggerId, actionId });
      if (!url) options.toast("Sent to Studio: it answers in your direct messages.", "info");
    } catch (error) {
      options.toast(`That did not work: ${errorText(error)}`);
    } finally {
      busy.delete(actionId);
      render();
    }
  };

  function render() {
    if (!shown) return;
    const { details } = shown;
    if (details.pending) {
      draw(h("p", { class: "wo-status", role: "status" }, "Studio has not answered yet. Click the card again."));
      return;
    }
    if (details.error || !details.metadata) {
      const said = detailsErrorText(details.error ?? { status: "internal_error" });
      draw(
        h("div", { class: "wo-error", "data-testid": "work-object-error", role: "alert" }, [
          h("h3", { class: "wo-details-title" }, said.title),
          h("p", {}, said.message),
        ]),
      );
      return;
    }
    const actions = entityActions(details.metadata);
    draw([
      renderEntityDetails(details.metadata),
      actions.length > 0
        ? h(
            "div",
            { class: "wo-actions" },
            actions.map((action, index) =>
              h(
                "button",
                {
                  type: "button",
                  class: index === 0 ? "btn btn-primary" : "btn",
                  "data-testid": "work-object-action",
                  "data-action-id": action.actionId,
                  disabled: busy.has(action.actionId),
                },
                action.url ? `${action.text} ↗` : action.text,
                { on: { click: () => void act(action.actionId, action.url) } },
              ),
            ),
          )
        : null,
    ]);
  }

  const close = () => {
    if (elements.root.hidden) return;
    opening += 1;
    shown = undefined;
    elements.root.hidden = true;
    options.onToggle(false);
  };
  elements.close.addEventListener("click", close);

  return {
    async open(message, url) {
      const ticket = ++opening;
      const user = options.user();
      elements.root.hidden = false;
      options.onToggle(true);
      draw(h("p", { class: "wo-status", role: "status" }, "Loading…"));
      try {
        const details = await api.entityOpen({ user, channel: message.channel, messageTs: message.ts, url });
        if (ticket !== opening) return;
        shown = { details, user };
        render();
      } catch (error) {
        if (ticket !== opening) return;
        draw(h("p", { class: "wo-status", role: "alert" }, `Could not open it: ${errorText(error)}`));
      }
    },
    close,
    isOpen: () => !elements.root.hidden,
  };
}

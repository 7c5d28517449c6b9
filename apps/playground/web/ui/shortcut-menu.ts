// The bot's shortcuts where Slack offers them (https://api.slack.com/interactivity/shortcuts): global ones behind
// the shortcuts button in the message composer, message ones in the "More actions" menu of any non-ephemeral
// message. Each lists what the bot's manifest declares (GET /api/shortcuts), under the app's name; a click runs it
// (POST /api/shortcut) and whatever the bot does next (a modal, a message) arrives through the long poll. With none
// declared the menu says so, rather than hiding: the playground shows what Slack would offer, even nothing.

import type { MessageView, ShortcutView } from "../../src/shared/api.js";
import type { Api } from "../api.js";
import { h, mount } from "../dom/vnode.js";
import { errorText } from "./toast.js";

export interface ShortcutMenus {
  /** Opens the composer's menu of global shortcuts under `anchor` (or closes it when it is open). */
  openGlobal(anchor: HTMLElement): void;
  /** Opens a message's "More actions" menu of message shortcuts under `anchor`. */
  openMessage(anchor: HTMLElement, message: MessageView): void;
}

/** Binds the menus to the page: one menu open at a time, in `root`. */
export function createShortcutMenus(options: {
  doc: Document;
  root: HTMLElement;
  api: Pick<Api, "shortcuts" | "shortcut">;
  botName: string;
  user(): string;
  toast(message: string): void;
}): ShortcutMenus {
  const { doc, root, api, botName } = options;
  // The manifest is read once when the playground starts, so one answer serves every menu.
  let declared: Promise<ShortcutView[]> | undefined;
  const load = () => {
    declared ??= api.shortcuts().catch((error: unknown) => {
      declared = undefined;
      throw error;
    });
    return declared;
  };
  let openOn: HTMLElement | undefined;

  const close = () => {
    openOn?.setAttribute("aria-expanded", "false");
    openOn = undefined;
    root.replaceChildren();
  };
  doc.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && openOn) close();
  });
  // A press anywhere outside the menu (and its button, which toggles it) closes it, as Slack's menus do.
  doc.addEventListener("pointerdown", (event) => {
    const target = event.target as Node | null;
    if (openOn && target && !root.contains(target) && !openOn.contains(target)) close();
  });

  const open = async (
    anchor: HTMLElement,
    type: ShortcutView["type"],
    run: (shortcut: ShortcutView) => Promise<void>,
  ) => {
    if (openOn === anchor) return close();
    close();
    openOn = anchor;
    anchor.setAttribute("aria-expanded", "true");
    let shortcuts: ShortcutView[];
    try {
      shortcuts = (await load()).filter((shortcut) => shortcut.type === type);
    } catch (error) {
      close();
      return options.toast(`Could not read the shortcuts: ${errorText(error)}`);
    }
    if (openOn !== anchor) return;
    const label = type === "global" ? "Shortcuts" : "More actions";
    const items = shortcuts.map((shortcut) =>
      h(
        "button",
        {
          type: "button",
          role: "menuitem",
          class: "shortcut-item",
          "data-testid": "shortcut-item",
          "data-callback-id": shortcut.callback_id,
        },
        [
          h("span", { class: "shortcut-name" }, shortcut.name),
          h("span", { class: "shortcut-description" }, shortcut.description),
        ],
        {
          on: {
            click: () => {
              close();
              run(shortcut).catch((error: unknown) => options.toast(`That did not work: ${errorText(error)}`));
            },
          },
        },
      ),
    );
    const menu = mount(
      h("div", { class: "shortcut-menu", role: "menu", "aria-label": label, "data-testid": `shortcut-menu-${type}` }, [
        h("p", { class: "shortcut-app" }, botName),
        items.length
          ? items
          : h(
              "p",
              { class: "shortcut-none", "data-testid": "shortcut-none" },
              `No ${type === "global" ? "" : "message "}shortcuts: ${botName} declares none`,
            ),
      ]),
      doc,
    ) as HTMLElement;
    root.replaceChildren(menu);
    place(menu, anchor, doc);
    (menu.querySelector("button") as HTMLElement | null)?.focus();
  };

  return {
    openGlobal: (anchor) =>
      void open(anchor, "global", (s) => api.shortcut({ user: options.user(), callbackId: s.callback_id })),
    openMessage: (anchor, message) =>
      void open(anchor, "message", (s) =>
        api.shortcut({
          user: options.user(),
          callbackId: s.callback_id,
          channel: message.channel,
          messageTs: message.ts,
        }),
      ),
  };
}

/** Puts the menu beside its button: above it when there is more room above (the composer is at the bottom). */
function place(menu: HTMLElement, anchor: HTMLElement, doc: Document): void {
  const box = anchor.getBoundingClientRect();
  const view = doc.documentElement;
  const width = menu.offsetWidth;
  const left = Math.max(8, Math.min(box.right - width, view.clientWidth - width - 8));
  menu.style.left = `${left}px`;
  if (box.top > view.clientHeight - box.bottom) menu.style.bottom = `${view.clientHeight - box.top + 4}px`;
  else menu.style.top = `${box.bottom + 4}px`;
}

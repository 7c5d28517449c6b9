// The App Home tab: `POST /api/home` (Slack's app_home_opened) answers the view the bot published, drawn with the
// same block renderer; its buttons click with the view's id. The contract has no way to read the Home without
// opening it again, so the page re-opens it after a click there (the bot republishes on both).

import type { Api } from "../api.js";
import { h, mount } from "../dom/vnode.js";
import { renderBlocks } from "../render/blocks.js";
import type { BlockAction, TextContext } from "../render/context.js";
import { list } from "../render/elements.js";
import { errorText } from "./toast.js";

export interface HomeView {
  /** Opens the Home tab for `user` (again): asks for the view and draws it. */
  load(user: string): Promise<void>;
}

/** The view id the sim gives a Home tab (`VH` + user id), used when the published view carries none. */
export const homeViewId = (view: Record<string, unknown> | null, user: string): string =>
  typeof view?.id === "string" ? view.id : `VH${user}`;

export function createHomeView(options: {
  element: HTMLElement;
  doc: Document;
  api: Pick<Api, "home">;
  text: TextContext;
  onAction(viewId: string, action: BlockAction): Promise<void>;
}): HomeView {
  const { element, doc } = options;
  let ticket = 0;
  const show = (...nodes: Parameters<typeof mount>[0][]) =>
    element.replaceChildren(...nodes.map((node) => mount(node, doc)));

  const load = async (user: string) => {
    const mine = ++ticket;
    element.setAttribute("aria-busy", "true");
    try {
      const view = await options.api.home(user);
      // A newer load (another user, another click) wins over this one.
      if (mine !== ticket) return;
      if (!view) {
        show(h("p", { class: "home-empty" }, "Studio has not published a Home tab yet."));
        return;
      }
      const viewId = homeViewId(view, user);
      const ctx = {
        ...options.text,
        onAction: (action: BlockAction) => {
          void options.onAction(viewId, action).then(() => load(user));
        },
      };
      const scroll = element.scrollTop;
      show(...renderBlocks(list(view.blocks), ctx));
      element.scrollTop = scroll;
    } catch (error) {
      if (mine === ticket)
        show(h("p", { class: "home-empty", role: "alert" }, `The Home tab could not be opened: ${errorText(error)}`));
    } finally {
      if (mine === ticket) element.removeAttribute("aria-busy");
    }
  };
  return { load };
}

// A list of messages kept in step with the polled state. A message's nodes are rebuilt only when the message
// changed, and unchanged nodes are never moved (moving a playing <audio> would stop it); the view stays at the
// bottom when it was there, as in Slack.

import type { MessageView } from "../../src/shared/api.js";
import { type Child, mount } from "../dom/vnode.js";

export interface MessageList {
  /** Shows these messages (in order). */
  update(messages: readonly MessageView[]): void;
  /** Forgets everything: the next update is a fresh conversation, shown from its bottom. */
  reset(): void;
}

// Within this many pixels of the end counts as "at the bottom".
const BOTTOM_SLACK_PX = 48;

/** Binds a list to its element. `render` draws one message; `empty` what shows when there is none. */
export function createMessageList(options: {
  element: HTMLElement;
  doc: Document;
  render(message: MessageView): Child;
  empty(): Child;
}): MessageList {
  const { element, doc } = options;
  let cache = new Map<string, { key: string; node: Node }>();
  let stick = true;
  const atBottom = () => element.scrollHeight - element.scrollTop - element.clientHeight < BOTTOM_SLACK_PX;
  const toBottom = () => {
    element.scrollTop = element.scrollHeight;
  };
  element.addEventListener("scroll", () => {
    stick = atBottom();
  });
  // Images and videos grow the list when they load: follow them down if the reader was at the bottom.
  for (const type of ["load", "loadedmetadata"]) {
    element.addEventListener(type, () => stick && toBottom(), true);
  }
  // The list also shrinks when something beside it grows (the assistant's status line and prompts, a composer's
  // new lines): its scroll position stays, so the end would slide out of view. Follow it when the reader was there.
  if (typeof ResizeObserver !== "undefined") new ResizeObserver(() => stick && toBottom()).observe(element);

  return {
    update(messages) {
      const wasAtBottom = stick || atBottom();
      const next = new Map<string, { key: string; node: Node }>();
      const nodes: Node[] = [];
      for (const message of messages) {
        const key = JSON.stringify(message);
        const cached = cache.get(message.ts);
        const entry = cached && cached.key === key ? cached : { key, node: mount(options.render(message), doc) };
        next.set(message.ts, entry);
        nodes.push(entry.node);
      }
      if (nodes.length === 0) nodes.push(mount(options.empty(), doc));
      cache = next;
      let cursor = element.firstChild;
      for (const node of nodes) {
        if (cursor === node) {
          cursor = cursor.nextSibling;
          continue;
        }
        element.insertBefore(node, cursor);
      }
      while (cursor) {
        const after: ChildNode | null = cursor.nextSibling;
        element.removeChild(cursor);
        cursor = after;
      }
      if (wasAtBottom) {
        toBottom();
        stick = true;
      }
    },
    reset() {
      cache = new Map();
      element.replaceChildren();
      stick = true;
    },
  };
}

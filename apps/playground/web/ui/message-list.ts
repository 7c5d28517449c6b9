// A list of messages kept in step with the polled state. A message's nodes are rebuilt only when the message
// changed, and unchanged nodes are never moved (moving a playing <audio> would stop it).
//
// Where the view stays, as in Slack: pinned to the bottom while the reader is there, so a new message or one that
// grows (a result's images loading) stays in view; left alone once the reader scrolls up to read, with a "New
// messages" button when something new arrives below; or held on a message the page jumped to (a permalink).
// Content grows without any scroll event of its own (an image's size is known before its `load` event, and
// Chromium's scroll anchoring moves scrollTop meanwhile), so "the reader scrolled away" is decided from what the
// reader did (wheel, touch, keys, the scrollbar) or an upward move the content did not cause, never from a
// position read after the content changed.

import type { MessageView } from "../../src/shared/api.js";
import { type Child, mount } from "../dom/vnode.js";

export interface MessageList {
  /** Shows these messages (in order). */
  update(messages: readonly MessageView[]): void;
  /** Forgets everything: the next update is a fresh conversation, shown from its bottom. */
  reset(): void;
  /** Scrolls to the end and stays there (the person just sent something). */
  follow(): void;
  /**
   * Scrolls the message `ts` into view and holds it there while the list settles (images loading above it), until
   * the reader scrolls; with `highlight`, marks it as the one jumped to. False when the list has no such message.
   */
  reveal(ts: string, options?: { highlight?: boolean }): boolean;
}

// Within this many pixels of the end counts as "at the bottom".
const BOTTOM_SLACK_PX = 48;
// A scroll this soon after the reader's own wheel, touch, key or scrollbar press is theirs.
const INTENT_MS = 800;
const SCROLL_KEYS = new Set(["ArrowUp", "ArrowDown", "PageUp", "PageDown", "Home", "End", " "]);

/** Where the view is held: the end, one message, or wherever the reader left it. */
type Pin = { kind: "bottom" } | { kind: "message"; ts: string } | { kind: "free" };

/** Binds a list to its element. `render` draws one message; `empty` what shows when there is none. */
export function createMessageList(options: {
  element: HTMLElement;
  doc: Document;
  render(message: MessageView): Child;
  empty(): Child;
}): MessageList {
  const { element, doc } = options;
  let cache = new Map<string, { key: string; node: Node }>();
  let pin: Pin = { kind: "bottom" };
  // The position and height at the last scroll the list made or saw: a move from there tells who moved.
  let lastTop = 0;
  let lastHeight = 0;
  let intentAt = Number.NEGATIVE_INFINITY;

  // The "New messages" button sits in a zero-height sticky strip at the list's end: it floats over the bottom of
  // the view without adding to the list's height (so showing it never moves anything).
  const dock = doc.createElement("div");
  dock.className = "new-messages-dock";
  const newMessages = doc.createElement("button");
  newMessages.type = "button";
  newMessages.className = "new-messages";
  newMessages.dataset.testid = "new-messages";
  newMessages.textContent = "New messages ↓";
  newMessages.hidden = true;
  newMessages.addEventListener("click", () => follow());
  dock.append(newMessages);

  const atBottom = () => element.scrollHeight - element.scrollTop - element.clientHeight < BOTTOM_SLACK_PX;
  const remember = () => {
    lastTop = element.scrollTop;
    lastHeight = element.scrollHeight;
  };
  const messageNode = (ts: string) =>
    Array.from(element.children).find((node) => node instanceof HTMLElement && node.dataset.ts === ts) as
      | HTMLElement
      | undefined;
  /** Puts the view where the pin says, after anything that may have moved the content. */
  const settle = () => {
    if (pin.kind === "bottom") {
      element.scrollTop = element.scrollHeight;
      newMessages.hidden = true;
    } else if (pin.kind === "message") {
      const node = messageNode(pin.ts);
      // Its middle in the middle of the view; its top at the top when it is taller than the view.
      if (node) node.scrollIntoView({ block: node.offsetHeight > element.clientHeight ? "start" : "center" });
      else pin = { kind: "free" };
    }
    remember();
  };
  function follow() {
    pin = { kind: "bottom" };
    settle();
  }

  for (const type of ["wheel", "touchmove"]) {
    element.addEventListener(
      type,
      () => {
        intentAt = performance.now();
      },
      { passive: true },
    );
  }
  element.addEventListener("keydown", (event) => {
    if (SCROLL_KEYS.has(event.key)) intentAt = performance.now();
  });
  // A press on the list itself (not on a message) is its scrollbar.
  element.addEventListener("pointerdown", (event) => {
    if (event.target === element) intentAt = performance.now();
  });
  element.addEventListener("scroll", () => {
    const top = element.scrollTop;
    const height = element.scrollHeight;
    const moved = Math.abs(top - lastTop) > 1;
    const byReader = performance.now() - intentAt < INTENT_MS;
    // Up, while nothing shrank (a shrink clamps or anchors the position up on its own): only the reader does that.
    const upByItself = top < lastTop - 1 && height >= lastHeight;
    if (atBottom() && (pin.kind !== "message" || byReader)) {
      pin = { kind: "bottom" };
      newMessages.hidden = true;
    } else if (moved && (byReader || upByItself)) {
      pin = { kind: "free" };
    }
    if (pin.kind === "free") remember();
    else settle();
  });
  // Images and videos grow the list when they load, and so does a message that wraps again: keep the pin.
  for (const type of ["load", "loadedmetadata"]) element.addEventListener(type, () => settle(), true);
  // The list also changes size when something beside it grows (the assistant's status line and prompts, a
  // composer's new lines) or when it shows again after the Home tab. Each message is watched too: a size known
  // before its image's `load` event still moves the end.
  const resized = typeof ResizeObserver !== "undefined" ? new ResizeObserver(() => settle()) : undefined;
  resized?.observe(element);

  return {
    update(messages) {
      const before = new Set(cache.keys());
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
      nodes.push(dock);
      cache = next;
      let cursor = element.firstChild;
      for (const node of nodes) {
        if (cursor === node) {
          cursor = cursor.nextSibling;
          continue;
        }
        element.insertBefore(node, cursor);
        if (resized && node instanceof Element && node !== dock) resized.observe(node);
      }
      while (cursor) {
        const after: ChildNode | null = cursor.nextSibling;
        if (resized && cursor instanceof Element) resized.unobserve(cursor);
        element.removeChild(cursor);
        cursor = after;
      }
      // Something new below a reader who scrolled up: say so rather than move them.
      const arrived = before.size > 0 && messages.some((message) => !before.has(message.ts));
      if (pin.kind !== "bottom" && arrived && !atBottom()) newMessages.hidden = false;
      settle();
    },
    reset() {
      cache = new Map();
      element.replaceChildren();
      resized?.disconnect();
      resized?.observe(element);
      pin = { kind: "bottom" };
      newMessages.hidden = true;
    },
    follow,
    reveal(ts, { highlight = false } = {}) {
      const node = messageNode(ts);
      if (!node) return false;
      if (highlight) {
        for (const marked of element.querySelectorAll(".is-highlighted")) marked.classList.remove("is-highlighted");
        node.classList.add("is-highlighted");
      }
      pin = { kind: "message", ts };
      settle();
      return true;
    },
  };
}

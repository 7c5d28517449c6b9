// One message as Slack lays it out: avatar, author, time, "Only visible to you", the blocks (or the mrkdwn text
// when there are none), "(edited)", shared files, the Work Objects its links unfurled into, and "N replies".

import type { MessageView } from "../../src/shared/api.js";
import { h, type VNode } from "../dom/vnode.js";
import { renderSession } from "./agent-session.js";
import { renderBlocks } from "./blocks.js";
import type { BlockContext } from "./context.js";
import { messageTime } from "./dates.js";
import { renderFiles } from "./files.js";
import { renderMrkdwn } from "./mrkdwn.js";
import { renderStream } from "./stream.js";
import { renderUnfurl } from "./work-object.js";

/** What a message needs besides its data. */
export interface MessageOptions {
  /** The context for the message's blocks: clicks carry this message's channel and ts. */
  blocks: BlockContext;
  /** Opens the thread pane on this message; absent inside the thread pane itself. */
  onOpenThread?: (ts: string) => void;
  /** Opens the flexpane of a Work Object unfurled under this message (a click on its card). */
  onOpenEntity?: (message: MessageView, url: string) => void;
  /** Opens the message's "More actions" menu (its shortcuts) under the ⋮ button. */
  onMoreActions?: (message: MessageView, anchor: HTMLElement) => void;
  /** Agent view: draws the session of the thread this message roots (its status, title, Stop) and takes Stop. */
  session?: { botName: string; onStop(message: MessageView): void; stopping?(message: MessageView): boolean };
}

// Slack-like avatar colours, picked by user id so a person keeps theirs.
const COLORS = ["#4a154b", "#1264a3", "#2bac76", "#e01e5a", "#ecb22e", "#36c5f0", "#7c3085", "#d4542a"];

/** A stable colour for an author. */
export function avatarColor(user: string): string {
  let hash = 0;
  for (const char of user) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return COLORS[hash % COLORS.length] ?? "#4a154b";
}

/** The initial shown in the avatar. */
export function initialOf(name: string): string {
  return (Array.from(name.trim())[0] ?? "?").toUpperCase();
}

/** "1 reply", "3 replies". */
export const repliesLabel = (count: number) => (count === 1 ? "1 reply" : `${count} replies`);

/** Renders one message. */
export function renderMessage(message: MessageView, options: MessageOptions): VNode {
  const ctx = options.blocks;
  const time = messageTime(message.ts, ctx.dates());
  const blocks = Array.isArray(message.blocks) && message.blocks.length > 0 ? message.blocks : undefined;
  // A streamed message draws its streamed text in its stream part; a text a later chat.update set shows as usual.
  const ownText = !message.stream || (message.text !== "" && message.text !== message.stream.text);
  const content = [
    message.stream ? renderStream(message.stream, ctx) : null,
    blocks
      ? h("div", { class: "message-blocks" }, renderBlocks(blocks, ctx))
      : ownText
        ? h("div", { class: "message-text mrkdwn" }, renderMrkdwn(message.text, ctx))
        : null,
  ];
  const open = options.onOpenThread;
  const more = options.onMoreActions;
  const stop = options.session?.onStop;
  const thread =
    open && message.replyCount > 0
      ? h(
          "button",
          { type: "button", class: "thread-link", "data-testid": "thread-link" },
          repliesLabel(message.replyCount),
          {
            on: { click: () => open(message.ts) },
          },
        )
      : null;
  const classes = [
    "message",
    message.ephemeral ? "message-is-ephemeral" : "",
    message.fromBot ? "message-from-bot" : "",
  ];
  return h(
    "article",
    {
      class: classes.filter(Boolean).join(" "),
      "data-testid": "message",
      "data-ts": message.ts,
      "aria-label": `${message.authorName}, ${time.short}`,
    },
    [
      h(
        "div",
        { class: "avatar", "aria-hidden": "true", style: `background-color: ${avatarColor(message.user)}` },
        initialOf(message.authorName),
      ),
      h("div", { class: "message-main" }, [
        h("div", { class: "message-head" }, [
          h("span", { class: "author" }, message.authorName),
          message.fromBot ? h("span", { class: "badge" }, "APP") : null,
          h("time", { class: "message-time", title: time.full }, time.short),
        ]),
        message.ephemeral
          ? h("div", { class: "ephemeral-note", "data-testid": "message-ephemeral" }, ["Only visible to you"])
          : null,
        content,
        message.edited ? h("span", { class: "edited" }, "(edited)") : null,
        renderFiles(message.files ?? []),
        (message.unfurls ?? []).map((unfurl) => {
          const open = options.onOpenEntity;
          return renderUnfurl(unfurl, open ? (url) => open(message, url) : undefined);
        }),
        message.session && options.session
          ? renderSession(message.session, {
              botName: options.session.botName,
              onStop: () => stop?.(message),
              stopping: options.session.stopping?.(message) ?? false,
            })
          : null,
        thread,
      ]),
      // Slack offers no thread on an ephemeral message (nobody else could see the replies' parent), and no message
      // shortcuts either: they are "shown in the context menus of non-ephemeral messages"
      // (https://api.slack.com/interactivity/shortcuts).
      (open || more) && !message.ephemeral
        ? h("div", { class: "message-actions" }, [
            open
              ? h("button", { type: "button", class: "btn btn-small", title: "Reply in thread" }, "Reply", {
                  on: { click: () => open(message.ts) },
                })
              : null,
            more
              ? h(
                  "button",
                  {
                    type: "button",
                    class: "icon-button more-actions",
                    title: "More actions",
                    "aria-label": "More actions",
                    "aria-haspopup": "menu",
                    "aria-expanded": "false",
                    "data-testid": "more-actions",
                  },
                  "⋮",
                  { on: { click: (event) => more(message, event.currentTarget as HTMLElement) } },
                )
              : null,
          ])
        : null,
    ],
  );
}

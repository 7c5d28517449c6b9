// rich_text blocks (what Slack clients attach to people's messages): sections, lists, quotes, preformatted, with
// styled text, links, mentions and emoji. https://api.slack.com/reference/block-kit/blocks#rich_text

import { type Child, h, type VNode } from "../dom/vnode.js";
import type { TextContext } from "./context.js";
import { formatSlackDate } from "./dates.js";
import { isObj, list, type Obj, str } from "./elements.js";
import { emojiFor } from "./emoji.js";
import { isLinkUrl, link } from "./mrkdwn.js";

function styled(node: Child, style: unknown): Child {
  if (!isObj(style)) return node;
  let out = node;
  if (style.code === true) out = h("code", {}, out);
  if (style.strike === true) out = h("s", {}, out);
  if (style.italic === true) out = h("em", {}, out);
  if (style.bold === true) out = h("strong", {}, out);
  return out;
}

function inline(element: Obj, ctx: TextContext): Child {
  switch (element.type) {
    case "text":
      return styled(str(element.text) ?? "", element.style);
    case "link": {
      const url = str(element.url) ?? "";
      const label = str(element.text) || url;
      return styled(isLinkUrl(url) ? link(url.trim(), [label]) : label, element.style);
    }
    case "user": {
      const id = str(element.user_id) ?? "";
      return h("span", { class: "mention mention-user" }, `@${ctx.userName(id) ?? id}`);
    }
    case "channel": {
      const id = str(element.channel_id) ?? "";
      return h("span", { class: "mention mention-channel" }, `#${ctx.channelName(id) ?? id}`);
    }
    case "usergroup":
      return h("span", { class: "mention mention-group" }, `@${str(element.usergroup_id) ?? "group"}`);
    case "broadcast":
      return h("span", { class: "mention mention-special" }, `@${str(element.range) ?? "here"}`);
    case "emoji": {
      const name = str(element.name) ?? "";
      return emojiFor(name) ?? `:${name}:`;
    }
    case "date": {
      const epoch = typeof element.timestamp === "number" ? element.timestamp : Number.NaN;
      return formatSlackDate(epoch, str(element.format) ?? "{date_short}", ctx.dates()) ?? str(element.fallback) ?? "";
    }
    default:
      return "";
  }
}

const inlines = (container: Obj, ctx: TextContext): Child[] =>
  list(container.elements)
    .filter(isObj)
    .map((element) => inline(element, ctx));

function part(element: Obj, ctx: TextContext): VNode {
  switch (element.type) {
    case "rich_text_list": {
      const tag = element.style === "ordered" ? "ol" : "ul";
      return h(
        tag,
        {},
        list(element.elements)
          .filter(isObj)
          .map((item) => h("li", {}, inlines(item, ctx))),
      );
    }
    case "rich_text_quote":
      return h("blockquote", {}, inlines(element, ctx));
    case "rich_text_preformatted":
      return h("pre", {}, inlines(element, ctx));
    default:
      return h("div", { class: "rich-text-section" }, inlines(element, ctx));
  }
}

/** The nodes of a rich_text block. */
export function renderRichText(block: Obj, ctx: TextContext): VNode[] {
  return list(block.elements)
    .filter(isObj)
    .map((element) => part(element, ctx));
}

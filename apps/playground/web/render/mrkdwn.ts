// mrkdwn tokens to nodes. Every piece of message text ends up as a string child (a text node), and a link only
// when its URL is http, https or mailto: `<javascript:…|x>` shows "x" as plain text.

import { type Child, h, isSafeUrl, type VNode } from "../dom/vnode.js";
import type { TextContext } from "./context.js";
import { formatSlackDate } from "./dates.js";
import { emojiFor } from "./emoji.js";
import { type MdNode, parseMrkdwn } from "./mrkdwn-parse.js";

const LINK_SCHEME = /^(https?:\/\/|mailto:)/i;

/** An external link, opened in a new tab without giving it this page (`rel="noopener noreferrer"`). */
export function link(url: string, label: Child[]): VNode {
  return h("a", { href: url, target: "_blank", rel: "noopener noreferrer" }, label);
}

/** Whether a mrkdwn link may become an `<a>`: absolute http(s) or mailto only (no same-origin paths either). */
export function isLinkUrl(url: string): boolean {
  return LINK_SCHEME.test(url.trim()) && isSafeUrl(url);
}

function mention(kind: string, text: string, title?: string): VNode {
  return h("span", { class: `mention mention-${kind}`, title }, text);
}

/**
 * Inline code word by word: each word (an id, a flag such as `--from`) is one token to read and copy, so it moves to
 * the next line whole rather than breaking at its hyphens (blocks.css, `.code-word`); lines still break at spaces.
 */
function codeWords(text: string): Child[] {
  return text
    .split(/(\s+)/)
    .filter((part) => part !== "")
    .map((part) => (/^\s+$/.test(part) ? part : h("span", { class: "code-word" }, part)));
}

function renderNode(node: MdNode, ctx: TextContext): Child[] {
  switch (node.type) {
    case "text":
      return [node.text];
    case "br":
      return [h("br")];
    case "bold":
      return [h("strong", {}, renderTokens(node.children, ctx))];
    case "italic":
      return [h("em", {}, renderTokens(node.children, ctx))];
    case "strike":
      return [h("s", {}, renderTokens(node.children, ctx))];
    case "code":
      return [h("code", {}, codeWords(node.text))];
    case "pre":
      return [h("pre", {}, node.text)];
    case "quote":
      return [h("blockquote", {}, renderTokens(node.children, ctx))];
    case "emoji": {
      const char = emojiFor(node.name);
      return [
        char
          ? h("span", { class: "emoji", role: "img", "aria-label": node.name, title: `:${node.name}:` }, char)
          : `:${node.name}:`,
      ];
    }
    case "user": {
      const name = ctx.userName(node.id) ?? node.label?.replace(/^@/, "") ?? node.id;
      return [mention("user", `@${name}`)];
    }
    case "channel": {
      const name = ctx.channelName(node.id) ?? node.label?.replace(/^#/, "") ?? node.id;
      return [mention("channel", `#${name}`)];
    }
    case "subteam":
      // The workspace lists no groups: the label when Slack gave one, else the group's id.
      return [mention("group", `@${node.label?.replace(/^@/, "") ?? node.id}`, "User group")];
    case "special": {
      const words: Record<string, string> = { here: "@here", channel: "@channel", everyone: "@everyone" };
      return [words[node.name] ? mention("special", words[node.name] as string) : (node.label ?? `<!${node.name}>`)];
    }
    case "date": {
      const text = formatSlackDate(node.epoch, node.format, ctx.dates()) ?? node.fallback;
      const time = h("time", { datetime: dateTimeAttr(node.epoch), title: node.fallback || undefined }, text);
      return [node.url && isLinkUrl(node.url) ? link(node.url, [time]) : time];
    }
    case "link": {
      const label = node.label ?? node.url.replace(/^mailto:/i, "");
      // A label-less token that is no URL (`<script>`) was never meant as a link: show it as typed.
      if (!isLinkUrl(node.url)) return [node.label ?? `<${node.url}>`];
      return [link(node.url.trim(), [label])];
    }
  }
}

function dateTimeAttr(epoch: number): string | undefined {
  const date = new Date(epoch * 1000);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** Renders parsed tokens. */
export function renderTokens(nodes: MdNode[], ctx: TextContext): Child[] {
  return nodes.flatMap((node) => renderNode(node, ctx));
}

/** Renders mrkdwn text as inline and block nodes (the caller wraps them). */
export function renderMrkdwn(text: string, ctx: TextContext): Child[] {
  return renderTokens(parseMrkdwn(text), ctx);
}

/** Renders a Block Kit text object: `mrkdwn` formatted, `plain_text` as is (with its emoji when asked). */
export function renderTextObject(value: unknown, ctx: TextContext): Child[] {
  if (typeof value === "string") return [value];
  if (!value || typeof value !== "object") return [];
  const object = value as { type?: unknown; text?: unknown; emoji?: unknown };
  const text = typeof object.text === "string" ? object.text : "";
  if (object.type === "mrkdwn") return renderMrkdwn(text, ctx);
  return [plainText(text, object.emoji !== false)];
}

/** plain_text: no formatting at all; `:name:` becomes the emoji unless `emoji: false`. */
export function plainText(text: string, emoji = true): string {
  if (!emoji) return text;
  return text.replace(/:([a-z0-9_+'-]+):/g, (whole, name: string) => emojiFor(name) ?? whole);
}

/** The text of a text object or string, without formatting (labels, alt text, option names). */
export function rawText(value: unknown): string {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && typeof (value as { text?: unknown }).text === "string") {
    return plainText((value as { text: string }).text);
  }
  return "";
}

// A note the flows wrote for Slack, read as plain text for an agent: the same words the person would see in Slack (a
// refusal says what happened and what to do), without Slack's markup. Slack's escapes are undone last, so a person's
// text that was escaped for Slack reads as they typed it (it is JSON in a tool result, never mrkdwn).

import type { SlackMessage } from "../messages/blocks.js";

const textOf = (value: unknown): string => {
  const text = (value as { text?: unknown } | undefined)?.text;
  return typeof text === "string" ? text : "";
};

/** Slack's markup out of one mrkdwn text: mentions, links, bold, code, emoji codes. */
export function plainMrkdwn(text: string): string {
  return text
    .replace(/<@([A-Z0-9]+)(?:\|[^>]*)?>/g, "@$1")
    .replace(/<#([A-Z0-9]+)(?:\|([^>]*))?>/g, (_all, id: string, name?: string) => `#${name || id}`)
    .replace(/<!subteam\^([A-Z0-9]+)(?:\|([^>]*))?>/g, (_all, id: string, name?: string) => name || `@${id}`)
    .replace(/<(https?:[^|>]+)\|([^>]+)>/g, "$2 ($1)")
    .replace(/<(https?:[^>]+)>/g, "$1")
    .replace(/:[a-z0-9_+-]+: ?/g, "")
    .replace(/[*`]/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .trim();
}

/** The message's sections and context lines as plain text, one per line; its fallback text when it has none. */
export function plainText(message: SlackMessage): string {
  const lines = message.blocks.flatMap((block) => {
    if (block.type === "section") return [textOf(block.text)];
    if (block.type === "context") return ((block.elements as unknown[] | undefined) ?? []).map(textOf);
    return [];
  });
  const text = lines.map(plainMrkdwn).filter(Boolean).join("\n");
  return text || plainMrkdwn(message.text);
}

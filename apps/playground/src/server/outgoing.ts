// What the page's composer text becomes in Slack (CONTRACT.md, POST /api/send): a slash command, a mention of
// the bot, or a plain message. Plain functions, tested without a server.
import { BOT } from "./workspace.js";

/** The composer's text, read the way Slack's client reads it. */
export type Outgoing =
  | { kind: "command"; command: string; text: string }
  | { kind: "mention"; text: string }
  | { kind: "message"; text: string };

const COMMAND = /^\/studio(?=\s|$)/i;
// "@Studio" as a word, any case: "@studio," and "(@Studio)" count, "@studios" and "me@studio.com" do not.
const MENTION_WORD = /(^|[^\w@.])@studio(?![\w-])/gi;
const TAG = `<@${BOT.id}>`;

/** Replaces every typed "@Studio" with the bot's mention tag, as Slack's client does when one picks the bot. */
export function withMentionTags(text: string): string {
  return text.replace(MENTION_WORD, (_match, before: string) => `${before}${TAG}`);
}

/** Whether the text mentions the bot (typed "@Studio", or the tag itself). */
export function mentionsBot(text: string): boolean {
  return withMentionTags(text).includes(TAG);
}

/**
 * `/studio ...` → the command with the text after the command word; text mentioning the bot → a mention with
 * "@Studio" replaced by `<@U0SIMBOT1>`; anything else → a message.
 */
export function classifyOutgoing(text: string): Outgoing {
  const trimmed = text.trim();
  const command = COMMAND.exec(trimmed);
  if (command) return { kind: "command", command: "/studio", text: trimmed.slice(command[0].length).trim() };
  if (mentionsBot(text)) return { kind: "mention", text: withMentionTags(text) };
  return { kind: "message", text };
}

// A link as Slack's client finds one in typed text: http(s), up to whitespace or a closing bracket.
const LINK = /\bhttps?:\/\/[^\s<>]+[^\s<>.,;:!?)\]'"]/gi;

/**
 * The links in a plain message, as Slack's client finds and wraps them (`<url>` in the message's text), so that a
 * link on the app's unfurl domains makes `link_shared` (https://docs.slack.dev/reference/events/link_shared).
 * `text` is the message with its links wrapped; `urls` are the links in order, each once.
 */
export function linksIn(text: string): { text: string; urls: string[] } {
  const urls: string[] = [];
  const wrapped = text.replace(LINK, (url) => {
    if (!urls.includes(url)) urls.push(url);
    return `<${url}>`;
  });
  return { text: wrapped, urls };
}

// Block Kit building blocks that keep within Slack's limits whatever they are given
// (platform notes: ../../shared/notes/platform-facts.md; checked in tests by slack-sim's validateMessage).

import { withoutControls } from "./control-characters.js";

/** A Block Kit block, loosely typed: builders construct known shapes, and the tests validate them. */
export type Block = Record<string, unknown>;

/** What every builder returns: the notification/fallback text and the blocks. */
export interface SlackMessage {
  text: string;
  blocks: Block[];
}

/** Limits the builders keep under, from Slack's Block Kit reference. */
export const LIMITS = {
  blocks: 50,
  sectionText: 3000,
  fieldText: 2000,
  buttonText: 75,
  buttonValue: 2000,
  actionsElements: 25,
  imageUrl: 3000,
  altText: 2000,
  contextText: 3000,
  // Slack refuses a message whose blocks carry more than about 13,200 characters (reported, undocumented):
  // builders stay well under it, leaving room for block types and ids.
  blocksText: 11_000,
  // Top-level text is for notifications and screen readers; Slack truncates long ones, so keep it short.
  text: 3000,
} as const;

/** Cuts text to `max` characters, ending with an ellipsis when cut. Never returns an empty string. */
export function truncate(text: string, max: number): string {
  const value = text.length ? text : " ";
  if (value.length <= max) return value;
  // Do not cut a surrogate pair in half: a lone surrogate renders as garbage.
  let end = max - 1;
  const last = value.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${value.slice(0, end)}…`;
}

/**
 * Escapes text a user typed before it goes into mrkdwn: `<!channel>` or `<@U1>` in a prompt must not ping anyone
 * (https://docs.slack.dev/messaging/formatting-message-text#escaping). It is the one place every echo of a person's
 * text goes through, so it also drops control characters and bidi overrides (control-characters.ts, issue 42),
 * keeping line breaks as `\n`: see {@link escapeLine} for fields of one line.
 */
export function escapeText(text: string): string {
  return withoutControls(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** {@link escapeText} on one line: line breaks and runs of spaces become one space (alt text, titles, quotes). */
export function escapeLine(text: string): string {
  return escapeText(text).replace(/\s+/g, " ").trim();
}

/** User text for mrkdwn: escaped, flattened to one line, and cut to `max` characters. */
export function quote(text: string, max: number): string {
  return truncate(escapeLine(text), max);
}

/** A mrkdwn section. */
export function section(text: string, accessory?: Block): Block {
  const block: Block = { type: "section", text: { type: "mrkdwn", text: truncate(text, LIMITS.sectionText) } };
  if (accessory) block.accessory = accessory;
  return block;
}

/** A section of up to 10 two-column fields. */
export function fields(values: string[]): Block {
  return {
    type: "section",
    fields: values.slice(0, 10).map((value) => ({ type: "mrkdwn", text: truncate(value, LIMITS.fieldText) })),
  };
}

/** A small grey line. */
export function context(text: string): Block {
  return { type: "context", elements: [{ type: "mrkdwn", text: truncate(text, LIMITS.contextText) }] };
}

/** A divider. */
export const divider = (): Block => ({ type: "divider" });

/** A button whose `value` carries ids (never a secret: values come back in every click payload). */
export function button(text: string, actionId: string, value: string, style?: "primary" | "danger"): Block {
  const block: Block = {
    type: "button",
    text: { type: "plain_text", text: truncate(text, LIMITS.buttonText), emoji: true },
    action_id: actionId,
    value: value.slice(0, LIMITS.buttonValue),
  };
  if (style) block.style = style;
  return block;
}

/** An actions block of at most 25 elements. */
export function actions(elements: Block[], blockId?: string): Block {
  const block: Block = { type: "actions", elements: elements.slice(0, LIMITS.actionsElements) };
  if (blockId) block.block_id = blockId.slice(0, 255);
  return block;
}

/**
 * An image block. The alt text and title are plain text, often a person's prompt: escaped here, for every caller,
 * so that `<!channel>` in a prompt is never read as one (issue 27).
 */
export function image(url: string, altText: string, title?: string): Block {
  const block: Block = {
    type: "image",
    image_url: url.slice(0, LIMITS.imageUrl),
    alt_text: truncate(escapeLine(altText), LIMITS.altText),
  };
  if (title) block.title = { type: "plain_text", text: truncate(escapeLine(title), 2000) };
  return block;
}

/**
 * An image block showing a file the bot uploaded to Slack (`slack_file`), which outlives the platform's expiring
 * links. Slack shows png, jpg, jpeg and gif this way only: see {@link isSlackImage}.
 */
export function slackImage(fileId: string, altText: string, title?: string): Block {
  const alt = truncate(escapeLine(altText), LIMITS.altText);
  const block: Block = { type: "image", slack_file: { id: fileId }, alt_text: alt };
  if (title) block.title = { type: "plain_text", text: truncate(escapeLine(title), 2000) };
  return block;
}

/** Whether an image block can show the Slack file of this name (Block Kit's `slack_file`: png, jpg, jpeg, gif). */
export const isSlackImage = (filename: string): boolean => /\.(png|jpe?g|gif)$/i.test(filename);

/** Values as a readable list, cut after `max` items: "a, b, c and 12 more". */
export function listValues(values: readonly string[], max = 15, maxChars = 600): string {
  const shown = values.slice(0, max).map((value) => `\`${truncate(value, 60)}\``);
  const rest = values.length - shown.length;
  const joined = truncate(shown.join(", "), maxChars);
  return rest > 0 ? `${joined} and ${rest} more` : joined;
}

/** Characters of text in blocks, counted the way Slack's size limit is reported to count. */
export function textSize(value: unknown): number {
  if (typeof value === "string") return value.length;
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + textSize(item), 0);
  if (value && typeof value === "object") return Object.values(value).reduce((sum: number, v) => sum + textSize(v), 0);
  return 0;
}

/**
 * Assembles a message and keeps it within the block count and total size, dropping trailing blocks (and saying
 * so) when a list was too long. Builders cap their lists first; this is the last line of defence.
 */
export function message(text: string, blocks: Block[]): SlackMessage {
  const kept: Block[] = [];
  const note = context("_More than fits in one message: narrow it down to see the rest._");
  let size = textSize(note);
  let dropped = false;
  for (const block of blocks) {
    const blockSize = textSize(block);
    if (kept.length >= LIMITS.blocks - 1 || size + blockSize > LIMITS.blocksText) {
      dropped = true;
      break;
    }
    kept.push(block);
    size += blockSize;
  }
  if (dropped) kept.push(note);
  return { text: truncate(text.trim(), LIMITS.text), blocks: kept };
}

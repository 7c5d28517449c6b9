// `/studio show <id>` (issue 29, like Midjourney's `/show`): an earlier result brought back into the conversation
// where it is typed, with its buttons, so that a team can pick up an image from last week without scrolling. The
// words here: the short message the result grows from, the line it carries once shown, and each refusal.
import { context, escapeText, message, type SlackMessage, section } from "./blocks.js";
import { slackDate } from "./slack-date.js";

/** The message a shown result grows from while its files are fetched again (one message, as for a job). */
export function showingMessage(user: string, id: string): SlackMessage {
  const text = `Bringing back ${escapeText(id)}…`;
  return message(text, [
    context(`:leftwards_arrow_with_hook: <@${escapeText(user)}> asked to see \`${escapeText(id)}\` again…`),
  ]);
}

/** The line under a shown result: who brought it back, and the day it was first made (in each reader's time zone). */
export function shownAgainLine(user: string, createdAt: number): string {
  const day = slackDate(createdAt, "date");
  const made = day ? `; first made ${day}` : "";
  return `:leftwards_arrow_with_hook: Brought back by <@${escapeText(user)}> with \`/studio show\`${made}.`;
}

/** Why an id could not be shown, and what to type instead. */
export type ShowRefusal = "unknown" | "elsewhere" | "not-allowed" | "unchecked" | "unfinished" | "failed" | "gone";

const REFUSALS: Record<ShowRefusal, (id: string) => string> = {
  unknown: (id) =>
    `No result I made has the id \`${id}\`. Ids are on each result's id line; \`/studio history\` lists yours.`,
  elsewhere: (id) =>
    `\`${id}\` was made by someone else in a private channel or a direct message, so I won't bring it here. Ask them to share it, or type \`/studio show ${id}\` where it was made.`,
  "not-allowed": (id) =>
    `\`${id}\` was made by someone else, and the access rules don't let you use Studio here, so I won't bring it. Ask them to share it.`,
  unchecked: (id) =>
    `I could not check the access rules just now, so I did not bring \`${id}\` here. Try again in a minute.`,
  unfinished: (id) => `\`${id}\` is still being made: its result will appear where it was asked for.`,
  failed: (id) =>
    `\`${id}\` ended without a result, so there is nothing to show. \`/studio history\` has its Run again.`,
  gone: (id) =>
    `\`${id}\`'s media is no longer available on the platform, so I can't show it again. Its settings still work: \`/studio history\` has its Run again.`,
};

/** A refusal, as the note only the asker sees. */
export function showRefusedMessage(refusal: ShowRefusal, id: string): SlackMessage {
  const text = REFUSALS[refusal](escapeText(id));
  return message(text, [section(text)]);
}

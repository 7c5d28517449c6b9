// The note a person gets after "Add my latest result" in a board's flexpane (flows/board-latest.ts). A flexpane has
// no conversation to answer in, so the note goes to the person's DM with the bot (listeners/actions/work-objects.ts).
import { escapeText, message, quote, type SlackMessage, section } from "./blocks.js";

const PROMPT_SHOWN = 120;

/** What the click did (flows/board-latest.ts decides), for the note the person gets. */
export type AddLatestOutcome =
  | { kind: "added"; board: { title: string; url: string }; added: number; already: number; prompt: string }
  | { kind: "already"; board: { title: string; url: string }; prompt: string }
  | { kind: "no-result" }
  | { kind: "restricted" }
  | { kind: "board-gone" };

/** The board as a link, its title escaped (a `|` would end the label, as in jobs/push-results.ts). */
const boardLink = (board: { title: string; url: string }) =>
  `*<${board.url}|${escapeText(board.title).replace(/\|/g, "¦")}>*`;
const what = (prompt: string) => (prompt.trim() ? `“${quote(prompt, PROMPT_SHOWN)}”` : "your latest result");

/** What the click did, in words. */
export function addLatestMessage(outcome: AddLatestOutcome): SlackMessage {
  switch (outcome.kind) {
    case "added": {
      const count = outcome.added === 1 ? "1 card" : `${outcome.added} cards`;
      const also = outcome.already > 0 ? ` (${outcome.already} already there)` : "";
      const line = `:pushpin: Added ${what(outcome.prompt)} to ${boardLink(outcome.board)}: ${count}${also}.`;
      return message(line, [section(line)]);
    }
    case "already": {
      const line = `:information_source: ${what(outcome.prompt)} is already on ${boardLink(outcome.board)}.`;
      return message(line, [section(line)]);
    }
    case "no-result": {
      const line =
        ":information_source: You have no finished image or video yet to add. Make one with `/studio image <prompt>`, then click Add my latest result again.";
      return message(line, [section(line)]);
    }
    case "restricted": {
      const line =
        ":no_entry: You can't add to that board: the studio's access rules leave you out, or the board belongs to another workspace. Ask whoever runs the Studio app.";
      return message(line, [section(line)]);
    }
    case "board-gone": {
      const line = ":warning: That board is gone (deleted, or never there). Share its link again to see what is.";
      return message(line, [section(line)]);
    }
  }
}

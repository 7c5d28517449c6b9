import type { Board, CreditsBalance } from "@studio-kit/core";
import { DESCRIPTIONS } from "../commands/grammar.js";
import { COMMAND_WORDS } from "../commands/types.js";
import { type Block, context, divider, fields, quote, section } from "./blocks.js";
import { slackTime } from "./credits.js";

/** The App Home tab's view, loosely typed like the modal; tests check it with slack-sim's `validateView`. */
export type HomeView = { type: "home"; blocks: Block[] };

/** What the Home tab shows; `null` for a part that could not be read (the rest is still shown). */
export interface HomeInput {
  credits: CreditsBalance | null;
  /** The workspace's boards, most recently updated first (as `listBoards` returns them). */
  boards: readonly Board[] | null;
}

/** How many recent boards the Home tab lists. */
export const HOME_BOARDS = 5;
// Slack allows 100 blocks in a Home view; the view uses about 10, this is the last line of defence.
const MAX_BLOCKS = 100;

const n = (value: number | null | undefined) => (value ?? 0).toLocaleString("en-US");

function creditsBlocks(credits: CreditsBalance | null): Block[] {
  if (!credits) {
    return [section(":warning: The credits could not be read right now. `/studio credits` tries again.")];
  }
  const daily = credits.dailyFree;
  const spendable = (daily?.remaining ?? 0) + (credits.bonusBalance ?? 0) + (credits.balance ?? 0);
  return [
    section(`:coin: *${n(spendable)} credits* available now.`),
    fields([
      `*Balance*\n${n(credits.balance)}`,
      `*Bonus*\n${n(credits.bonusBalance)}`,
      `*Free today*\n${n(daily?.remaining)} of ${n(daily?.limit)}`,
      `*Next refill*\n${slackTime(credits.nextRefillAt)}`,
    ]),
  ];
}

function boardsBlocks(boards: readonly Board[] | null): Block[] {
  if (!boards) return [section(":warning: The boards could not be read right now. `/studio boards` tries again.")];
  const recent = boards.slice(0, HOME_BOARDS);
  if (recent.length === 0) return [section('No boards yet: `/studio board new "title"` makes one.')];
  const lines = recent.map((board) => {
    const count = typeof board.assetCount === "number" ? ` · ${n(board.assetCount)} assets` : "";
    return `• *${quote(board.title?.trim() || "Untitled", 200)}*${count}`;
  });
  return [section(lines.join("\n"))];
}

function helpBlocks(): Block[] {
  const lines = COMMAND_WORDS.map((word) => `\`/studio ${word}\` — ${DESCRIPTIONS[word]}`);
  return [
    section(lines.join("\n")),
    context("`/studio help <command>` shows a command's options. In a channel, `@Studio <prompt>` works too."),
  ];
}

/**
 * The App Home tab: the workspace's credits, its 5 most recent boards and the commands. Within Slack's limits for
 * any input (100 blocks, section text); a part that could not be read says so instead.
 */
export function homeView(input: HomeInput): HomeView {
  const blocks: Block[] = [
    section("*Studio* — images, video and audio from Slack."),
    divider(),
    section("*Credits*"),
    ...creditsBlocks(input.credits),
    divider(),
    section("*Recent boards*"),
    ...boardsBlocks(input.boards),
    divider(),
    section("*Commands*"),
    ...helpBlocks(),
  ];
  return { type: "home", blocks: blocks.slice(0, MAX_BLOCKS) };
}

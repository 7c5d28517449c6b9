import { COMMAND_WORDS } from "@studio-kit/commands";
import type { Board, CreditsBalance } from "@studio-kit/core";
import { DESCRIPTIONS } from "../intent/slack-grammar.js";
import type { AccessDecision } from "../services/access.js";
import type { DefaultBoard } from "../store/channel-defaults.js";
import type { Limits, ModelRatings, Usage } from "../store/types.js";
import { nextUtcMidnight } from "./access.js";
import { actions, type Block, button, context, divider, fields, quote, section } from "./blocks.js";
import { freeLeft, refillTime } from "./credits.js";
import { counted } from "./describe.js";
import { ratingsBlocks } from "./home-ratings.js";
import { ACTIONS } from "./ids.js";
import { at, channelLink, jobLine, type ListedJob } from "./job-line.js";
import { slackDate } from "./slack-date.js";

/** The App Home tab's view, loosely typed like the modal; tests check it with slack-sim's `validateView`. */
export type HomeView = { type: "home"; blocks: Block[] };

/** A stored job, as far as the Home tab shows it (the line `/studio history` shows: messages/job-line.ts). */
export type HomeJob = ListedJob;

export { jobStatus } from "./job-line.js";

/** What the Home tab shows, for one person; `null` for a part that could not be read (the rest is still shown). */
export interface HomeInput {
  credits: CreditsBalance | null;
  /** The workspace's boards, most recently updated first (as `listBoards` returns them). */
  boards: readonly Board[] | null;
  /** The person's recent jobs, newest first (the store's `jobs.recent`). */
  jobs: readonly HomeJob[] | null;
  /** Permalinks of the jobs' messages by job id (chat.getPermalink); a job without one is listed without a link. */
  links?: ReadonlyMap<string, string>;
  /** The quotas as configured (`config.limits`): a limit left out is not shown. */
  limits: Limits;
  /** What the quotas count for the person now; only read (and shown) when a limit is configured. */
  usage: Usage | null;
  /** Whether the access rules let the person generate (`access.check(user)`, no channel). */
  access: AccessDecision | null;
  /** `STUDIO_ALLOWED_CHANNELS`: where anyone may generate, named when the person is not listed otherwise. */
  allowedChannels: readonly string[];
  /** The studio API key is known to be read-only: nobody can generate. */
  readOnly: boolean;
  /** Every channel's default board (`channelDefaults.list()`). */
  channelDefaults: readonly { channel: string; board: DefaultBoard }[] | null;
  /** The time now (ms): when the daily budget resets. */
  now: number;
  /**
   * For an admin (STUDIO_ADMIN_USERS) only: the week's ratings by model (`feedback.weekByModel`), shown as "Results
   * rated this week"; null when they could not be read. Absent for everyone else: the section is not shown at all.
   */
  ratings?: readonly ModelRatings[] | null;
}

/** How many recent boards the Home tab lists. */
export const HOME_BOARDS = 5;
/** How many of the person's recent generations the Home tab lists (one block each). */
export const HOME_JOBS = 10;
/** How many channel defaults the Home tab names before summing up the rest (one section of 3,000 characters). */
export const HOME_CHANNEL_DEFAULTS = 15;
// Slack allows 100 blocks in a Home view; the view uses about 40 at most, this is the last line of defence.
const MAX_BLOCKS = 100;
// Each channel default is one line: cut user text so that a line stays short whatever was typed.
const TITLE_CHARS = 80;

const n = (value: number | null | undefined) => (value ?? 0).toLocaleString("en-US");

function creditsBlocks(credits: CreditsBalance | null): Block[] {
  if (!credits) {
    return [section(":warning: The credits could not be read right now. Refresh, or `/studio credits`, tries again.")];
  }
  const daily = credits.dailyFree;
  const spendable = (daily?.remaining ?? 0) + (credits.bonusBalance ?? 0) + (credits.balance ?? 0);
  const resetsAt = slackDate(daily?.resetsAt);
  const resets = resetsAt ? `\nresets ${resetsAt}` : "";
  return [
    section(`:coin: *${n(spendable)} credits* available now.`),
    fields([
      `*Balance*\n${n(credits.balance)}`,
      `*Bonus*\n${n(credits.bonusBalance)}`,
      `*Free today*\n${freeLeft(daily)}${resets}`,
      `*Next refill*\n${refillTime(credits.nextRefillAt)}`,
    ]),
  ];
}

function accessLine(input: HomeInput): string {
  if (input.readOnly) {
    return ":closed_lock_with_key: The bot's studio API key is *read-only*: nobody can generate until an admin sets a read-write key.";
  }
  const { access } = input;
  if (!access) return ":warning: Whether you may generate could not be checked right now. Refresh tries again.";
  if (access.allowed) {
    const why = {
      open: "",
      channel: "",
      user: " (you are on the allowed list)",
      group: " (through an allowed user group)",
    };
    return `:white_check_mark: You can generate${why[access.via]}.`;
  }
  if (access.reason === "membership-unknown") {
    return ":warning: I could not check whether you are in an allowed user group. Refresh tries again.";
  }
  if (input.allowedChannels.length) {
    const shown = input.allowedChannels.slice(0, 5).map(channelLink).join(", ");
    const more = input.allowedChannels.length > 5 ? ` and ${n(input.allowedChannels.length - 5)} more` : "";
    return `:lock: You can generate only in the allowed channels: ${shown}${more}.`;
  }
  return ":lock: Generating is limited to listed people and groups, and you are not on the list: an admin can add you. Reading commands still work.";
}

function limitsBlocks(input: HomeInput): Block[] {
  const { userOutputsPerHour: hourly, dailyCredits: daily } = input.limits;
  if (hourly === undefined && daily === undefined) return [];
  const usage = input.usage;
  if (!usage) return [section(":warning: Your use of the quotas could not be read right now. Refresh tries again.")];
  const items: string[] = [];
  if (hourly !== undefined) {
    const used = usage.userOutputsLastHour;
    const frees = usage.userWindowFreesAt;
    const when = frees === null || used === 0 ? "" : `\nthe earliest stops counting ${at(frees)}`;
    items.push(`*Your outputs this hour*\n${n(used)} of ${n(hourly)}${when}`);
  }
  if (daily !== undefined) {
    const resets = `resets ${at(nextUtcMidnight(input.now))}`;
    items.push(`*Workspace credits today*\n${n(usage.creditsToday)} of ${n(daily)} through the bot\n${resets}`);
  }
  return [fields(items)];
}

function jobsBlocks(jobs: readonly HomeJob[] | null, links?: ReadonlyMap<string, string>): Block[] {
  if (!jobs) return [section(":warning: Your recent generations could not be read right now. Refresh tries again.")];
  if (jobs.length === 0) {
    return [section("Nothing yet: *New image* above, or `/studio image <prompt>` in a channel, makes your first.")];
  }
  return jobs.slice(0, HOME_JOBS).map((job) => jobLine(job, job.id ? links?.get(job.id) : undefined));
}

function channelDefaultsBlocks(defaults: HomeInput["channelDefaults"]): Block[] {
  if (!defaults) return [section(":warning: The channels' default boards could not be read right now.")];
  if (defaults.length === 0) {
    return [section('No channel has a default board yet: `/studio board use "title"` in a channel sets one.')];
  }
  const lines = defaults
    .slice(0, HOME_CHANNEL_DEFAULTS)
    .map(
      ({ channel, board }) => `${channelLink(channel)} → *${quote(board.title?.trim() || "Untitled", TITLE_CHARS)}*`,
    );
  const rest = defaults.length - HOME_CHANNEL_DEFAULTS;
  const blocks = [section(lines.join("\n"))];
  if (rest > 0) blocks.push(context(`…and ${n(rest)} more channels with a default board.`));
  return blocks;
}

function boardsBlocks(boards: readonly Board[] | null): Block[] {
  if (!boards) return [section(":warning: The boards could not be read right now. `/studio boards` tries again.")];
  const recent = boards.slice(0, HOME_BOARDS);
  if (recent.length === 0) return [section('No boards yet: `/studio board new "title"` makes one.')];
  const lines = recent.map((board) => {
    const count = typeof board.assetCount === "number" ? ` · ${counted(n(board.assetCount), "asset")}` : "";
    return `• *${quote(board.title?.trim() || "Untitled", 200)}*${count}`;
  });
  return [section(lines.join("\n"))];
}

function helpBlocks(): Block[] {
  const lines = COMMAND_WORDS.map((word) => `\`/studio ${word}\` — ${DESCRIPTIONS[word]}`);
  return [
    section(lines.join("\n")),
    context(
      "`/studio help &lt;command&gt;` shows a command's options. In a channel, `@Studio &lt;prompt&gt;` works too.",
    ),
  ];
}

/**
 * The App Home tab for one person: quick actions (New image, Refresh), the workspace's credits, for an admin the
 * week's ratings by model (messages/home-ratings.ts), whether they may generate and their quotas, their recent
 * generations, the channels' default boards, the recent boards and the commands. Within Slack's limits for any input
 * (100 blocks, section text); a part that could not be read says so.
 */
export function homeView(input: HomeInput): HomeView {
  const blocks: Block[] = [
    section("*Studio* — images, video and audio from Slack."),
    actions([
      button("New image", ACTIONS.homeNewImage, "new", "primary"),
      button("Refresh", ACTIONS.homeRefresh, "refresh"),
    ]),
    divider(),
    section("*Credits*"),
    ...creditsBlocks(input.credits),
    divider(),
    // Workspace figures, next to the credits: only in an admin's view (the Home is published per person).
    ...(input.ratings === undefined ? [] : [...ratingsBlocks(input.ratings), divider()]),
    section("*You*"),
    section(accessLine(input)),
    ...limitsBlocks(input),
    divider(),
    section("*Your recent generations*"),
    ...jobsBlocks(input.jobs, input.links),
    divider(),
    section("*Channel default boards*"),
    ...channelDefaultsBlocks(input.channelDefaults),
    divider(),
    section("*Recent boards*"),
    ...boardsBlocks(input.boards),
    divider(),
    section("*Commands*"),
    ...helpBlocks(),
  ];
  return { type: "home", blocks: blocks.slice(0, MAX_BLOCKS) };
}

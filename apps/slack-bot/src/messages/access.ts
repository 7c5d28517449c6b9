// The ephemeral replies when a generation is refused before anything is spent: by the access rules, by a quota, or
// because the studio API key is read-only. Each says what happened, what still works and what to do. They are meant
// for the asker only (ephemeral): the mentions of allowed people and groups in accessDeniedMessage notify nobody
// there, and nobody else learns the rules.

import type { AccessConfig } from "../config.js";
import type { CreateResult } from "../store/types.js";
import { context, escapeText, message, type SlackMessage, section } from "./blocks.js";
import { slackDate } from "./slack-date.js";

const n = (value: number) => value.toLocaleString("en-US");
const plural = (count: number, one: string, many: string) => `${n(count)} ${count === 1 ? one : many}`;
/** "*3* outputs", "*1* output". */
const outputs = (count: number) => `*${n(count)}* ${count === 1 ? "output" : "outputs"}`;

/** What works without spending: the commands that only read. */
const STILL_WORKS =
  "`/studio credits`, `/studio boards`, `/studio assets`, `/studio models`, `/studio presets` and `/studio help`";
const NOTHING_SPENT = "Nothing was generated and no credits were spent.";

// A rule with more entries than this is summed up ("12 listed people"): a long list is noise, and a short one tells
// the asker whom to ask or where to go.
const MAX_NAMED = 5;

function named(ids: readonly string[], mention: (id: string) => string, many: string): string {
  if (ids.length > MAX_NAMED) return `${n(ids.length)} listed ${many}`;
  const mentions = ids.map((id) => mention(escapeText(id)));
  return mentions.length > 1 ? `${mentions.slice(0, -1).join(", ")} or ${mentions.at(-1)}` : (mentions[0] ?? "");
}

/**
 * The reply when the access rules refuse a generation (decision `not-listed`): who may generate (named when the lists
 * are short), what still works, and that an admin grants access. Ephemeral only.
 *
 * @example respond({ response_type: "ephemeral", ...accessDeniedMessage(config.access) })
 */
export function accessDeniedMessage(access: AccessConfig): SlackMessage {
  const who: string[] = [];
  if (access.users.length) who.push(named(access.users, (id) => `<@${id}>`, "people"));
  if (access.groups.length) who.push(`members of ${named(access.groups, (id) => `<!subteam^${id}>`, "groups")}`);
  if (access.channels.length) who.push(`anyone in ${named(access.channels, (id) => `<#${id}>`, "channels")}`);
  return message("Generating is limited to listed people, groups or channels", [
    section(
      `:lock: Generating with the studio bot is limited to listed people, groups or channels, and this request is not covered. ${NOTHING_SPENT}`,
    ),
    section(`*Who can generate:* ${who.join("; ") || "nobody yet"}.`),
    section(`*Still works for you:* ${STILL_WORKS}.`),
    context(
      "To get access, ask an admin (whoever runs the bot) to add you, one of your user groups or this channel to its allowed list.",
    ),
  ]);
}

/** The reply when a listed user group could not be read (decision `membership-unknown`): nothing spent, try again. */
export function accessUnknownMessage(): SlackMessage {
  const text = "I could not check whether you may generate: try again in a moment";
  return message(text, [
    section(
      `:warning: I could not check whether you are in one of the user groups allowed to generate, so nothing was generated and no credits were spent. Try again in a moment.`,
    ),
    context("If it keeps happening, tell whoever runs the bot; the details are in its logs."),
  ]);
}

/** What the per-user hourly quota saw (the store's `Usage` and `max`, and what this request asks for). */
export interface HourlyLimitInput {
  /** Outputs one person may ask for in any rolling hour. */
  limit: number;
  /** The person's outputs in the last hour. */
  used: number;
  /** Outputs this request asks for (images, or 1 for a video or a track). */
  requested: number;
  /** When the oldest request of the window stops counting (ms), or null. */
  freesAt: number | null;
}

/** The reply when the per-user hourly quota refuses a generation: the limit, the use, and when room frees up. */
export function hourlyLimitMessage(input: HourlyLimitInput): SlackMessage {
  const { limit, used, requested } = input;
  const left = Math.max(0, limit - used);
  const perHour = `*${plural(limit, "output", "outputs")} an hour*`;
  const lines: string[] = [];
  if (requested > limit) {
    lines.push(`This asks for ${outputs(requested)}, and one person may ask for ${perHour}. Ask for fewer.`);
  } else if (left > 0) {
    lines.push(`This asks for ${outputs(requested)} and you have *${n(left)}* left of your ${perHour}.`);
  } else {
    lines.push(`You asked for ${outputs(used)} in the last hour: the most one person may is ${perHour}.`);
  }
  if (input.freesAt !== null && requested <= limit) {
    lines.push(
      `Your earliest request of the last hour stops counting ${slackDate(input.freesAt) ?? "within the hour"}.`,
    );
  }
  const hint = left > 0 || requested > limit ? " Fewer images (`--count`) fit sooner." : "";
  return message(`Hourly limit reached: ${plural(limit, "output", "outputs")} an hour per person`, [
    section(`:hourglass_flowing_sand: ${lines.join(" ")}`),
    context(`${NOTHING_SPENT}${hint}`),
  ]);
}

/** What the workspace's daily credit budget saw. */
export interface DailyBudgetInput {
  /** Credits the workspace may spend through the bot per UTC day. */
  budget: number;
  /** Estimated credits spent through the bot since 00:00 UTC. */
  used: number;
  /** This request's estimated cost. */
  cost: number;
  /** The time now (ms), to say when the budget resets. */
  now: number;
}

/** The next 00:00 UTC after `now` (ms): when the daily budget starts again. */
export function nextUtcMidnight(now: number): number {
  const day = new Date(now);
  return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + 1);
}

/** The reply when the workspace's daily credit budget refuses a generation: budget, used, cost and the reset. */
export function dailyBudgetMessage(input: DailyBudgetInput): SlackMessage {
  const { budget, used, cost } = input;
  const midnight = slackDate(nextUtcMidnight(input.now));
  const resets = `It resets at 00:00 UTC${midnight ? ` (${midnight} your time)` : ""}.`;
  const left = Math.max(0, budget - used);
  let status: string;
  if (budget === 0) status = "Generating through the bot is paused: its daily credit budget is *0*. Ask an admin.";
  else if (left > 0) {
    status = `The workspace's daily budget for the bot is *${n(budget)} credits*: *${n(used)}* spent so far today, and this would cost *${n(cost)}* (*${n(left)}* left).`;
  } else
    status = `The workspace's daily budget for the bot is *${n(budget)} credits*, and *${n(used)}* spent so far today.`;
  const hint =
    left > 0 ? " A cheaper request may fit: fewer images (`--count`) or a cheaper model (`/studio models`)." : "";
  const text =
    budget === 0
      ? "Generating through the bot is paused: its daily credit budget is 0"
      : `Daily credit budget reached: ${n(used)} of ${n(budget)} credits spent today`;
  return message(text, [
    section(`:moneybag: ${status}${budget === 0 ? "" : ` ${resets}`}`),
    context(`${NOTHING_SPENT}${hint} Reading still works: ${STILL_WORKS}.`),
  ]);
}

/**
 * The reply to a quota refusal from the store's `jobs.create`, picking {@link hourlyLimitMessage} or
 * {@link dailyBudgetMessage}. `job` is what was asked for (its outputs and credits).
 */
export function limitReachedMessage(
  refusal: Extract<CreateResult, { ok: false }>,
  job: { outputs: number; credits: number },
  now: number,
): SlackMessage {
  if (refusal.limit === "user-hourly") {
    return hourlyLimitMessage({
      limit: refusal.max,
      used: refusal.usage.userOutputsLastHour,
      requested: job.outputs,
      freesAt: refusal.usage.userWindowFreesAt,
    });
  }
  return dailyBudgetMessage({ budget: refusal.max, used: refusal.usage.creditsToday, cost: job.credits, now });
}

/**
 * The reply when the studio API key is read-only (learned from a refused mutation, services/key-mode.ts): generating,
 * uploads and board changes are off, reading works, and an admin sets a read-write key.
 */
export function readOnlyKeyMessage(): SlackMessage {
  return message("The bot's studio API key is read-only: generating, uploads and board changes are off", [
    section(
      ":closed_lock_with_key: The bot's studio API key is *read-only*, so generating, uploads and board changes are off. Nothing was changed and no credits were spent.",
    ),
    section(`*Reading still works:* ${STILL_WORKS}.`),
    context(
      "An admin can fix this: set STUDIO_API_KEY to a key with Read & write access (workspace settings > API keys) and restart the bot.",
    ),
  ]);
}

// Who may spend credits, and how much: the allow lists, the quotas and the cost that asks first. A bad entry in a
// list is named by its position, never by its value: a pasted list of ids may hold a secret by mistake.

import { type Env, read } from "./read.js";

/**
 * Who may generate (spend credits): a user listed in `users`, a member of a user group in `groups`, or anyone in a
 * channel in `channels`. All empty = no rule, everyone may. Ids only: names change and can be reused.
 */
export interface AccessConfig {
  /** Slack user ids, `U...` or `W...` (Enterprise Grid). */
  users: string[];
  /** Slack user group ids, `S...`. */
  groups: string[];
  /** Conversation ids: `C...` (public), `G...` (private), `D...` (a direct message with the bot). */
  channels: string[];
}

/** Quotas on generations; a limit left out is not enforced (assignable to the store's `Limits`). */
export interface LimitsConfig {
  userOutputsPerHour?: number;
  dailyCredits?: number;
}

/** Defaults for the optional spending settings. */
export const ACCESS_DEFAULTS = {
  creditsConfirmThreshold: 50,
} as const;

/** The spending part of the configuration, and who the bot's admins are. */
export interface AccessSettings {
  /** Costs above this many credits ask for confirmation first. */
  creditsConfirmThreshold: number;
  access: AccessConfig;
  limits: LimitsConfig;
  /**
   * STUDIO_ADMIN_USERS: Slack user ids (`U...`/`W...`) who see the workspace's figures on their App Home (the week's
   * ratings by model). Empty = nobody sees them: being able to generate makes no one an admin.
   */
  admins: string[];
}

// Slack ids are upper-case letters and digits after a one-letter kind, of no fixed length (user ids may start with
// W on Enterprise Grid: https://api.slack.com/changelog/2016-08-11-user-id-format-changes). Lower case is refused on
// purpose: a name such as "wendy" must not pass for a user id.
const ID_LISTS = {
  STUDIO_ALLOWED_USERS: {
    pattern: /^[UW][A-Z0-9]+$/,
    what: "Slack user ids (U... or W...)",
    how: "copy each from the person's profile, ⋮ > Copy member ID",
  },
  STUDIO_ALLOWED_GROUPS: {
    pattern: /^S[A-Z0-9]+$/,
    what: "Slack user group ids (S...)",
    how: "the S... at the end of the group's link in Slack's web app, or from the usergroups.list API",
  },
  STUDIO_ALLOWED_CHANNELS: {
    pattern: /^[CGD][A-Z0-9]+$/,
    what: "Slack channel ids (C..., G... or D...)",
    how: "copy each from the channel's details, at the bottom of the About tab",
  },
  STUDIO_ADMIN_USERS: {
    pattern: /^[UW][A-Z0-9]+$/,
    what: "Slack user ids (U... or W...)",
    how: "copy each from the person's profile, ⋮ > Copy member ID",
  },
} as const;

/**
 * CREDITS_CONFIRM_THRESHOLD, the STUDIO_ALLOWED_* lists, STUDIO_USER_HOURLY_LIMIT, STUDIO_DAILY_CREDIT_BUDGET and
 * STUDIO_ADMIN_USERS.
 */
export function readAccess(env: Env, problems: string[]): AccessSettings {
  const threshold = read(env, "CREDITS_CONFIRM_THRESHOLD");
  const creditsConfirmThreshold = threshold === undefined ? ACCESS_DEFAULTS.creditsConfirmThreshold : Number(threshold);
  if (!Number.isFinite(creditsConfirmThreshold) || creditsConfirmThreshold < 0) {
    problems.push("CREDITS_CONFIRM_THRESHOLD must be a number of credits, 0 or more (0 asks before every generation).");
  }
  const access: AccessConfig = {
    users: readIds(env, "STUDIO_ALLOWED_USERS", problems),
    groups: readIds(env, "STUDIO_ALLOWED_GROUPS", problems),
    channels: readIds(env, "STUDIO_ALLOWED_CHANNELS", problems),
  };
  const admins = readIds(env, "STUDIO_ADMIN_USERS", problems);
  return { creditsConfirmThreshold, access, limits: readLimits(env, problems), admins };
}

/** A comma- or space-separated id list: the ids (deduplicated), or a problem naming the bad entries by position. */
function readIds(env: Env, name: keyof typeof ID_LISTS, problems: string[]): string[] {
  const rule = ID_LISTS[name];
  const entries = (read(env, name) ?? "").split(/[\s,]+/).filter(Boolean);
  const bad = entries.flatMap((entry, index) => (rule.pattern.test(entry) ? [] : [index + 1]));
  if (bad.length) {
    const which = bad.length > 5 ? `${bad.slice(0, 5).join(", ")} and ${bad.length - 5} more` : bad.join(", ");
    problems.push(
      `${name} must list ${rule.what} separated by commas or spaces, not names: ${bad.length === 1 ? "entry" : "entries"} ${which} of ${entries.length} ${bad.length === 1 ? "is" : "are"} not one (${rule.how}).`,
    );
  }
  return [...new Set(entries)];
}

/** The quotas; each one unset is left out (not enforced). */
function readLimits(env: Env, problems: string[]): LimitsConfig {
  const limits: LimitsConfig = {};
  const hourly = read(env, "STUDIO_USER_HOURLY_LIMIT");
  const budget = read(env, "STUDIO_DAILY_CREDIT_BUDGET");
  if (hourly !== undefined) {
    // 0 would stop everyone, which is what the STUDIO_ALLOWED_* lists are for.
    if (/^\d+$/.test(hourly) && Number(hourly) > 0 && Number.isSafeInteger(Number(hourly))) {
      limits.userOutputsPerHour = Number(hourly);
    } else {
      problems.push(
        "STUDIO_USER_HOURLY_LIMIT must be a whole number of outputs, 1 or more, per person per rolling hour (leave it empty for no limit).",
      );
    }
  }
  if (budget !== undefined) {
    // Digits with an optional fraction only: Number() would also take "0x10", "1e3" and "Infinity".
    if (/^\d+(\.\d+)?$/.test(budget)) limits.dailyCredits = Number(budget);
    else {
      problems.push(
        "STUDIO_DAILY_CREDIT_BUDGET must be a number of credits, 0 or more, per UTC day for the whole workspace (leave it empty for no budget; 0 stops all generation).",
      );
    }
  }
  return limits;
}

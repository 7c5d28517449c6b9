// Who may spend credits (STUDIO_ALLOWED_USERS, _GROUPS, _CHANNELS). The decision is a plain value so a flow can
// turn it into a message (messages/access.ts) and a log line; only user group membership needs Slack, and it comes
// through an injected function, cached because usergroups.users.list is a Tier 2 method (20+ a minute per
// workspace, platform-facts.md) while every generation asks.

import type { AccessConfig } from "../config.js";

/** Why a generation was let through: no rule at all, or the rule that matched. */
export type AccessGrant = "open" | "user" | "channel" | "group";

/**
 * The outcome of {@link AccessPolicy.check}.
 * - `not-listed`: the user, the channel and (as far as could be read) the groups are all outside the rules;
 * - `membership-unknown`: the user may be in a listed group, but a group could not be read: the message says to try
 *   again, and the caller logs `failures`.
 */
export type AccessDecision =
  | { allowed: true; via: AccessGrant }
  | { allowed: false; reason: "not-listed" }
  | { allowed: false; reason: "membership-unknown"; failures: GroupReadFailure[] };

/** A user group whose members could not be read for this check, and what the read threw (for the log). */
export interface GroupReadFailure {
  group: string;
  error: unknown;
}

/** Reads the members (user ids) of one user group. */
export type UsergroupMembers = (groupId: string) => Promise<string[]>;

/** Decides whether a user may generate in a channel. */
export interface AccessPolicy {
  /** True when any rule is configured (false: everyone may generate). */
  readonly restricted: boolean;
  /** Never rejects: a failed group read becomes a `membership-unknown` decision. */
  check(user: string, channel?: string): Promise<AccessDecision>;
}

/** How long a group's members are reused: joining a group takes effect within this time. */
export const GROUP_MEMBERS_TTL_MS = 5 * 60_000;

/** What {@link createAccessPolicy} needs besides the rules. */
export interface AccessPolicyOptions {
  /** The members of a user group; the app passes {@link usergroupMembersFrom}(client). */
  usergroupMembers: UsergroupMembers;
  /** Clock for the cache (ms). Default `Date.now`. */
  now?: () => number;
  /** How long a group's members are cached. Default {@link GROUP_MEMBERS_TTL_MS}; 0 reads every time. */
  ttlMs?: number;
}

/**
 * The access rules as a policy: allowed when no rule is configured, or the user is listed, or the channel is listed,
 * or the user is in a listed group. Users and channels are checked first, so they cost no Slack call. Each group's
 * members are cached for `ttlMs`; concurrent misses share one read; a failed read is not cached.
 *
 * @example
 * const access = createAccessPolicy(config.access, { usergroupMembers: usergroupMembersFrom(client) });
 * const decision = await access.check(body.user_id, body.channel_id);
 * if (!decision.allowed) await respond(decision.reason === "not-listed" ? accessDeniedMessage(config.access) : ...);
 */
export function createAccessPolicy(access: AccessConfig, options: AccessPolicyOptions): AccessPolicy {
  const ttlMs = options.ttlMs ?? GROUP_MEMBERS_TTL_MS;
  if (!Number.isFinite(ttlMs) || ttlMs < 0) {
    throw new RangeError(
      "@studio-kit/slack-bot: createAccessPolicy: ttlMs must be a number of milliseconds, 0 or more.",
    );
  }
  const now = options.now ?? Date.now;
  const users = new Set(access.users);
  const channels = new Set(access.channels);
  const groups = [...new Set(access.groups)];
  const restricted = users.size > 0 || channels.size > 0 || groups.length > 0;
  const cache = new Map<string, { at: number; members: Promise<ReadonlySet<string>> }>();

  function membersOf(group: string): Promise<ReadonlySet<string>> {
    const cached = cache.get(group);
    if (cached && now() - cached.at < ttlMs) return cached.members;
    const entry = {
      at: now(),
      // Called inside the promise chain so that a function that throws synchronously is a failed read too.
      members: Promise.resolve()
        .then(() => options.usergroupMembers(group))
        .then((ids) => new Set(ids) as ReadonlySet<string>),
    };
    cache.set(group, entry);
    entry.members.catch(() => {
      // Not cached: the next check reads again (a later entry may already have replaced this one).
      if (cache.get(group) === entry) cache.delete(group);
    });
    return entry.members;
  }

  return {
    restricted,
    async check(user, channel) {
      if (!restricted) return { allowed: true, via: "open" };
      if (users.has(user)) return { allowed: true, via: "user" };
      if (channel !== undefined && channels.has(channel)) return { allowed: true, via: "channel" };
      const reads = await Promise.allSettled(groups.map(membersOf));
      const failures: GroupReadFailure[] = [];
      for (const [index, read] of reads.entries()) {
        if (read.status === "fulfilled" && read.value.has(user)) return { allowed: true, via: "group" };
        if (read.status === "rejected") failures.push({ group: groups[index] as string, error: read.reason });
      }
      return failures.length
        ? { allowed: false, reason: "membership-unknown", failures }
        : { allowed: false, reason: "not-listed" };
    },
  };
}

/** The part of Bolt's `client` (a `@slack/web-api` WebClient) that reads a user group's members. */
export interface UsergroupsClient {
  usergroups: {
    users: {
      list(args: { usergroup: string }): Promise<{ ok?: boolean; error?: string; users?: string[] }>;
    };
  };
}

/**
 * Adapts a WebClient to {@link UsergroupMembers} with `usergroups.users.list` (scope `usergroups:read`). Only enabled
 * members are listed (the method's default): a deactivated person does not keep access. An answer without `ok` or
 * without a member list is a failed read, never "no members".
 *
 * @example createAccessPolicy(config.access, { usergroupMembers: usergroupMembersFrom(app.client) })
 */
export function usergroupMembersFrom(client: UsergroupsClient): UsergroupMembers {
  return async (usergroup) => {
    const answer = await client.usergroups.users.list({ usergroup });
    if (answer.ok !== true || !Array.isArray(answer.users)) {
      const why = answer.error ? `: ${answer.error}` : "";
      throw new Error(`@studio-kit/slack-bot: usergroups.users.list gave no members for ${usergroup}${why}.`);
    }
    return answer.users;
  };
}

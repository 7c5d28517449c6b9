import { SlackSimError } from "./errors.js";
import { dmIdOf } from "./state.js";

// Slack's Web API rate limits (https://api.slack.com/apis/rate-limits, platform-facts.md): per method, per
// workspace, per app. Most methods sit in a tier that allows a number of calls per minute; chat.postMessage is
// "special": about one message per second per channel, short bursts allowed. Slack answers a call over the limit
// with HTTP 429, `{ ok: false, error: "ratelimited" }` and `Retry-After` in seconds, and does not apply it.

/**
 * A per-channel token bucket (chat.postMessage): `burst` calls at once, then `perSecond` calls a second. Slack says
 * only "1 per second per channel, short bursts allowed"; the sim reads "short burst" as 3.
 */
export interface ChannelBucket {
  perSecond: number;
  burst: number;
}

/** A method's limit: calls per rolling 60 s in the workspace (`Infinity` lifts it), or a per-channel bucket. */
export type RateLimit = number | ChannelBucket;

/** Limits by Web API method name. A method that is not listed is not limited. */
export type RateLimitTable = Record<string, RateLimit>;

/** Slack's tier of each method the sim limits, for people reading the table (Slack's method pages name them). */
export const SLACK_RATE_TIERS: Readonly<Record<string, "Tier 2" | "Tier 3" | "Tier 4" | "Special">> = {
  "auth.test": "Special",
  "chat.postMessage": "Special",
  "chat.postEphemeral": "Tier 4",
  "chat.update": "Tier 3",
  "chat.delete": "Tier 3",
  "chat.getPermalink": "Special",
  "chat.startStream": "Tier 2",
  "chat.appendStream": "Tier 4",
  "chat.stopStream": "Tier 2",
  "views.open": "Tier 4",
  "views.push": "Tier 4",
  "views.update": "Tier 4",
  "views.publish": "Tier 4",
  "conversations.history": "Tier 3",
  "conversations.replies": "Tier 3",
  "conversations.info": "Tier 4",
  "conversations.join": "Tier 3",
  "conversations.open": "Tier 3",
  "users.info": "Tier 4",
  "usergroups.users.list": "Tier 2",
  "files.getUploadURLExternal": "Tier 4",
  "files.completeUploadExternal": "Tier 4",
  "files.info": "Tier 4",
  "assistant.threads.setStatus": "Special",
  "assistant.threads.setSuggestedPrompts": "Tier 4",
  "assistant.threads.setTitle": "Tier 4",
  "agents.sessions.setStatus": "Tier 3",
  "agents.sessions.rename": "Tier 3",
};

/**
 * The limits `createSlackSim({ rateLimits: true })` enforces: Tier 2 20/min, Tier 3 50/min, Tier 4 100/min (Slack's
 * floors: "20+", "50+", "100+"), auth.test 100/min, chat.postMessage 1/s per channel with a burst of 3.
 * chat.startStream and chat.stopStream are Tier 2 (20/min), chat.appendStream Tier 4 (100/min).
 * conversations.history/replies are Tier 3 for internal apps; Slack allows far less to some distributed apps.
 * assistant.threads.setStatus is "Special" with no published number: the sim gives it Tier 4's 100/min, as it does
 * auth.test.
 */
export const SLACK_RATE_LIMITS: Readonly<RateLimitTable> = {
  "auth.test": 100,
  "chat.postMessage": { perSecond: 1, burst: 3 },
  "chat.postEphemeral": 100,
  "chat.update": 50,
  "chat.delete": 50,
  // Text streaming (the methods' pages, https://docs.slack.dev/reference/methods/chat.startStream and siblings):
  // starting and stopping a stream are Tier 2, appending Tier 4.
  "chat.startStream": 20,
  "chat.appendStream": 100,
  "chat.stopStream": 20,
  "views.open": 100,
  "views.push": 100,
  "views.update": 100,
  "views.publish": 100,
  "conversations.history": 50,
  "conversations.replies": 50,
  "conversations.info": 100,
  "conversations.join": 50,
  "conversations.open": 50,
  "users.info": 100,
  "usergroups.users.list": 20,
  "files.getUploadURLExternal": 100,
  "files.completeUploadExternal": 100,
  // https://docs.slack.dev/reference/methods/files.info: Tier 4.
  "files.info": 100,
  "assistant.threads.setStatus": 100,
  "assistant.threads.setSuggestedPrompts": 100,
  "assistant.threads.setTitle": 100,
  // Agent sessions: Tier 3 both, as Slack's SDK maintainers register them (github.com/slackapi/java-slack-sdk/pull/1633,
  // "Rate limit: Tier 3 (both)"; slack-morphism's agents.rs uses its Tier 3 config too).
  "agents.sessions.setStatus": 50,
  "agents.sessions.rename": 50,
};

/** The rolling window of the per-minute limits. */
export const RATE_WINDOW_MS = 60_000;

export const isBucket = (limit: RateLimit | undefined): limit is ChannelBucket => typeof limit === "object";

/** A limit as a person reads it: "50/min", "1/s per channel, burst 3". */
export function describeRateLimit(limit: RateLimit | undefined): string {
  if (limit === undefined || limit === Number.POSITIVE_INFINITY) return "none";
  return isBucket(limit) ? `${limit.perSecond}/s per channel, burst ${limit.burst}` : `${limit}/min`;
}

/**
 * The channel a call counts against: its `channel` argument, with a user id read as the DM Slack opens for it
 * (as `chat.postMessage` does), without creating anything (a refused call must change nothing).
 */
export function channelKey(args: Record<string, unknown>): string | undefined {
  const channel = typeof args.channel === "string" && args.channel ? args.channel : undefined;
  return channel && /^[UW]/.test(channel) ? dmIdOf(channel) : channel;
}

/** The table in force for `createSlackSim`'s `rateLimits` option; undefined when limits are off (the default). */
export function resolveRateLimits(option: boolean | Partial<RateLimitTable> | undefined): RateLimitTable | undefined {
  if (option === undefined || option === false) return undefined;
  if (option === true) return { ...SLACK_RATE_LIMITS };
  if (typeof option !== "object" || option === null) {
    throw new SlackSimError("invalid_options", "rateLimits is true, false or a table of limits by method");
  }
  const table: RateLimitTable = { ...SLACK_RATE_LIMITS };
  for (const [method, limit] of Object.entries(option)) {
    if (limit === undefined) continue;
    const valid = isBucket(limit)
      ? limit.perSecond > 0 && Number.isFinite(limit.perSecond) && Number.isInteger(limit.burst) && limit.burst >= 1
      : limit === Number.POSITIVE_INFINITY || (Number.isInteger(limit) && limit > 0);
    if (!valid) {
      throw new SlackSimError(
        "invalid_options",
        `rateLimits["${method}"] must be a whole number of calls per minute (or Infinity) or { perSecond, burst }`,
      );
    }
    table[method] = limit;
  }
  return table;
}

/** Admits a call or answers how long to wait. Refused calls do not count: they were not applied. */
export interface RateLimiter {
  /** Undefined when the call may run (and it now counts); else the whole seconds for `Retry-After` (at least 1). */
  admit(method: string, args: Record<string, unknown>): number | undefined;
}

/** The sim's limiter over `table`, on the sim's clock. */
export function createRateLimiter(table: RateLimitTable, now: () => number): RateLimiter {
  // Per method: the times of the calls admitted within the last window, oldest first.
  const windows = new Map<string, number[]>();
  // Per method and channel: the tokens left and when they were last counted.
  const buckets = new Map<string, { tokens: number; at: number }>();

  const admitWindow = (method: string, limit: number, at: number): number | undefined => {
    const times = windows.get(method) ?? [];
    windows.set(method, times);
    // A call made exactly one window ago has left it: the window is (at - 60 s, at].
    while (times.length > 0 && (times[0] as number) <= at - RATE_WINDOW_MS) times.shift();
    if (times.length < limit) {
      times.push(at);
      return undefined;
    }
    const oldest = times[0] as number;
    return Math.max(1, Math.ceil((oldest + RATE_WINDOW_MS - at) / 1000));
  };

  const admitBucket = (method: string, limit: ChannelBucket, channel: string, at: number): number | undefined => {
    const key = `${method}\u0000${channel}`;
    const bucket = buckets.get(key) ?? { tokens: limit.burst, at };
    buckets.set(key, bucket);
    bucket.tokens = Math.min(limit.burst, bucket.tokens + (Math.max(0, at - bucket.at) / 1000) * limit.perSecond);
    bucket.at = at;
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return undefined;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / limit.perSecond));
  };

  return {
    admit(method, args) {
      const limit = table[method];
      if (limit === undefined || limit === Number.POSITIVE_INFINITY) return undefined;
      const at = now();
      if (!isBucket(limit)) return admitWindow(method, limit, at);
      const channel = channelKey(args);
      // Without a channel the method fails on its own (channel_not_found); there is no bucket to charge.
      return channel ? admitBucket(method, limit, channel, at) : undefined;
    },
  };
}

import { channelKey, isBucket, RATE_WINDOW_MS, type RateLimit, type RateLimitTable } from "./rate-limits.js";
import type { SimCall } from "./types.js";

// What benchmarks and tests read after a run: how close each method came to its limit. Computed from the call
// log (`sim.calls()`), so it works with limits on or off: off, it says what Slack would have allowed.

/** One channel's share of a per-channel limit (chat.postMessage). */
export interface ChannelRateStats {
  /** Calls answered (not 429) in this channel. */
  calls: number;
  /** Most answered calls in any rolling 1 s. */
  peakPerSecond: number;
  /** Most answered calls in any rolling 60 s. */
  peakPerMinute: number;
  /** Calls answered 429. */
  rateLimited: number;
}

/** One Web API method's use of its limit. */
export interface MethodRateStats {
  /** Calls answered (not 429): the ones Slack counts against the limit. */
  calls: number;
  /** Most answered calls in any rolling 60 s (over the workspace, every channel together). */
  peakPerMinute: number;
  /** The limit in force (with `rateLimits` off: Slack's, from `SLACK_RATE_LIMITS`); undefined when it has none. */
  limit: RateLimit | undefined;
  /** Calls answered 429 `ratelimited` (a limit, or a fault queued with `failNext`). */
  rateLimited: number;
  /** For a per-channel limit (chat.postMessage): the same by channel. */
  channels?: Record<string, ChannelRateStats>;
}

/** Per method called at least once, sorted by name. */
export type RateStats = Record<string, MethodRateStats>;

/** The most of `times` (ascending) that fall in any window `(t - windowMs, t]`. */
export function peakIn(times: readonly number[], windowMs: number): number {
  let peak = 0;
  let start = 0;
  for (let end = 0; end < times.length; end++) {
    while ((times[start] as number) <= (times[end] as number) - windowMs) start++;
    peak = Math.max(peak, end - start + 1);
  }
  return peak;
}

const ascending = (a: number, b: number) => a - b;

/** The calls by key, in log order; calls without a key are left out. */
function groupBy(calls: readonly SimCall[], key: (call: SimCall) => string | undefined): Map<string, SimCall[]> {
  const groups = new Map<string, SimCall[]>();
  for (const call of calls) {
    const name = key(call);
    if (name === undefined) continue;
    const group = groups.get(name);
    if (group) group.push(call);
    else groups.set(name, [call]);
  }
  return groups;
}

/** Stats over the call log, against `table` (the limits in force, or Slack's when none are). */
export function rateStats(calls: readonly SimCall[], table: RateLimitTable): RateStats {
  const byMethod = groupBy(calls, (call) => call.method);
  const stats: RateStats = {};
  for (const method of [...byMethod.keys()].sort()) {
    const own = byMethod.get(method) ?? [];
    const answered = own.filter((call) => call.status !== 429);
    const limit = table[method];
    const entry: MethodRateStats = {
      calls: answered.length,
      peakPerMinute: peakIn(answered.map((call) => call.at).sort(ascending), RATE_WINDOW_MS),
      limit,
      rateLimited: own.length - answered.length,
    };
    if (isBucket(limit)) entry.channels = channelStats(own);
    stats[method] = entry;
  }
  return stats;
}

function channelStats(calls: readonly SimCall[]): Record<string, ChannelRateStats> {
  const byChannel = groupBy(calls, (call) => channelKey(call.args));
  const stats: Record<string, ChannelRateStats> = {};
  for (const channel of [...byChannel.keys()].sort()) {
    const own = byChannel.get(channel) ?? [];
    const times = own
      .filter((call) => call.status !== 429)
      .map((call) => call.at)
      .sort(ascending);
    stats[channel] = {
      calls: times.length,
      peakPerSecond: peakIn(times, 1000),
      peakPerMinute: peakIn(times, RATE_WINDOW_MS),
      rateLimited: own.length - times.length,
    };
  }
  return stats;
}

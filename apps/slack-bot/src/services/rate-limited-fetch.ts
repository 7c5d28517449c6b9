// Slack answers a call over its method's limit with HTTP 429 and Retry-After, having done nothing. @slack/web-api
// then pauses its WHOLE request queue for the Retry-After (WebClient.makeRequest, 8.2): a 429 on chat.postMessage
// in one channel would hold every result in every channel, although Slack's limits are per method and, for
// chat.postMessage, per channel. This fetch, given to the client (`clientOptions.fetch`), takes the 429 first: it
// records the pause for that method (and channel) in the pacer, shared with the other replicas through the store,
// waits it out and sends the same request again; a 429 means nothing was applied, so nothing is sent twice. The
// client only sees the answer that came after. It keeps waiting as long as Slack keeps answering 429, up to
// RATE_LIMIT_WAIT_MS of Retry-After for one call (a storm of 429s for half a minute must lose nothing: issue 22);
// only then does it hand the 429 to the client, whose own policy (slack-retry.ts) tries again later.

import { isPaced, type SlackPacer } from "./slack-pacer.js";

/**
 * How long (the sum of the Retry-After seconds) one call waits out 429s here before the client's own retry policy
 * takes over. A 429 means Slack applied nothing, so waiting is always safe; five minutes is longer than any storm
 * Slack's limits make, and short enough that a call does not wait forever on a workspace that refuses the app.
 */
export const RATE_LIMIT_WAIT_MS = 5 * 60_000;

/** Options of {@link rateLimitedFetch}. */
export interface RateLimitedFetchOptions {
  pacer: SlackPacer;
  /** Default the global fetch. */
  fetch?: typeof fetch;
  /** Waits `ms`. Default a timer. */
  sleep?: (ms: number) => Promise<void>;
  /** Told of each 429 (method and seconds only: the request carries the token). */
  onRateLimited?: (method: string, retryAfterSeconds: number) => void;
  /** How much Retry-After one call waits out before it hands the 429 to the client. Default RATE_LIMIT_WAIT_MS. */
  maxWaitMs?: number;
}

/** The Web API method a request calls: the last segment of its URL (`.../api/chat.update`). */
export function methodOf(url: string): string {
  try {
    return new URL(url).pathname.split("/").pop() ?? "";
  } catch {
    return "";
  }
}

/** The channel a Web API request names (form-encoded, as @slack/web-api sends it, or JSON); undefined if none. */
export function channelOf(body: unknown): string | undefined {
  if (typeof body !== "string") return undefined;
  try {
    const value = body.trimStart().startsWith("{")
      ? (JSON.parse(body) as Record<string, unknown>).channel
      : new URLSearchParams(body).get("channel");
    return typeof value === "string" && value ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Retry-After in seconds (Slack sends whole seconds); 1 when missing or unreadable. */
function retryAfterOf(response: Response): number {
  const seconds = Number.parseInt(response.headers.get("retry-after") ?? "", 10);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : 1;
}

/**
 * A fetch for the Slack Web API client that waits out 429s per method (and channel) instead of pausing every call.
 *
 * @example new App({ ..., clientOptions: { fetch: rateLimitedFetch({ pacer }) } })
 */
export function rateLimitedFetch(options: RateLimitedFetchOptions): typeof fetch {
  const { pacer } = options;
  const maxWaitMs = options.maxWaitMs ?? RATE_LIMIT_WAIT_MS;
  const send = options.fetch ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  return async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const method = methodOf(url);
    const channel = channelOf(init?.body);
    for (let waitedMs = 0; ; ) {
      // A pause another call (or replica) met holds this one too: Slack would refuse it anyway. Asked (a store round
      // trip) for the methods the pacer keeps, which a burst leans on, and after a 429 of this call; any other
      // method goes at once and learns of a pause from its own 429.
      const paused = isPaced(method) || waitedMs > 0 ? await pacer.pausedFor(method, channel) : 0;
      if (paused > 0) await sleep(paused);
      const response = await send(input, init);
      if (response.status !== 429 || waitedMs >= maxWaitMs) return response;
      const seconds = retryAfterOf(response);
      waitedMs += Math.max(1, seconds) * 1000;
      await response.body?.cancel();
      options.onRateLimited?.(method, seconds);
      await pacer.pause(method, channel, Math.max(1, seconds) * 1000);
    }
  };
}

// Slack's side of the metrics: every HTTP call of the Web API client by method and answer (the fetch under
// services/rate-limited-fetch.ts, so each 429 it waits out is counted), and the time calls wait for their method's
// budget in the pacer (services/slack-pacer.ts). Only the method name is read from a request: its URL (the
// workspace's API host), its token and its text never reach a label.

import { methodOf } from "../services/rate-limited-fetch.js";
import type { SlackPacer } from "../services/slack-pacer.js";
import type { BotMetrics } from "./metrics.js";

/** The answer's class: `2xx`, `429`, `4xx`, `5xx` (or `3xx`). */
function statusClass(status: number): string {
  if (status === 429) return "429";
  return `${Math.floor(status / 100)}xx`;
}

/**
 * A fetch for the Web API client that counts each call by method and answer.
 *
 * @example rateLimitedFetch({ pacer, fetch: countSlackCalls(metrics) })
 */
export function countSlackCalls(metrics: BotMetrics, send: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const method = methodOf(url);
    try {
      const response = await send(input, init);
      metrics.slackCall(method, statusClass(response.status));
      return response;
    } catch (error) {
      metrics.slackCall(method, "network_error");
      throw error;
    }
  };
}

/**
 * The pacer, measured: how long each `acquire` waited for its slot, and each progress update `tryTake` skipped.
 *
 * @example const pacer = measurePacer(createSlackPacer({ windows: store.windows }), metrics);
 */
export function measurePacer(pacer: SlackPacer, metrics: BotMetrics, clock = () => performance.now()): SlackPacer {
  return {
    ...pacer,
    async acquire(method, channel, signal) {
      const started = clock();
      await pacer.acquire(method, channel, signal);
      metrics.pacerWait(method, (clock() - started) / 1000);
    },
    async tryTake(method, channel, options) {
      const taken = await pacer.tryTake(method, channel, options);
      if (!taken) metrics.pacerSkipped(method);
      return taken;
    },
  };
}

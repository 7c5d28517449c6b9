// What whoever runs the bot sees of it: health (ops/health.ts), metrics (ops/metrics.ts) and the record of the
// studio API's answers (ops/studio-fetch.ts), made once per process. main.ts makes them before the studio client
// (whose fetch they measure) and hands them to createBotApp, which measures the store, the pacer and the Slack
// client with them and serves them (ops/routes.ts).

import { createHealth, type Health, type HealthBinding } from "./health.js";
import { type BotMetrics, createBotMetrics } from "./metrics.js";
import { createStudioReach, type StudioReach, studioFetch } from "./studio-fetch.js";

/** Health, metrics and the studio API's reachability of one replica. */
export interface BotOps {
  /** This replica's id (the in-flight gauge's label; createBotApp uses it for the leases too). */
  readonly replica: string;
  metrics: BotMetrics;
  health: Health & HealthBinding;
  reach: StudioReach;
  /**
   * The fetch for the studio client (`createStudioClient({ fetch })`): every request measured and its answer
   * remembered. Readiness probes the API through it too.
   */
  readonly studioFetch: typeof fetch;
}

/** Options of {@link createBotOps}. */
export interface BotOpsOptions {
  /** This replica's id (the in-flight gauge's label). */
  replica: string;
  /** Default `Date.now`. */
  now?: () => number;
  /** What the studio fetch sends with. Default the global fetch. */
  fetch?: typeof fetch;
  /** Node's process metrics (memory, event loop). Default true. */
  processMetrics?: boolean;
}

/**
 * Creates a replica's health and metrics.
 *
 * @example
 * const ops = createBotOps({ replica: replicaId() });
 * const studio = createStudioClient({ apiKey, baseUrl, fetch: ops.studioFetch });
 * const app = createBotApp({ config, studio, poller, logger, store, ops, replicaId: ops.replica });
 */
export function createBotOps(options: BotOpsOptions): BotOps {
  const now = options.now ?? Date.now;
  const metrics = createBotMetrics({
    replica: options.replica,
    ...(options.processMetrics === undefined ? {} : { processMetrics: options.processMetrics }),
  });
  const reach = createStudioReach(now);
  const health = createHealth({ reach, now });
  return {
    replica: options.replica,
    metrics,
    health,
    reach,
    studioFetch: studioFetch({ metrics, reach, ...(options.fetch ? { fetch: options.fetch } : {}) }),
  };
}

/**
 * Asks the studio API once, without the key, whether it answers: a tiny GraphQL query to its endpoint; any answer
 * below 500 (a 401 included) means it is up.
 */
export async function probeStudio(send: typeof fetch, endpoint: string): Promise<boolean> {
  const response = await send(endpoint, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: "query ReadinessProbe { __typename }", operationName: "ReadinessProbe" }),
  });
  await response.body?.cancel();
  return response.status < 500;
}

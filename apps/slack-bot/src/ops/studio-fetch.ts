// The fetch the studio client sends with (createStudioClient's `fetch`): each HTTP request is counted and timed by
// its GraphQL operation and how it ended, and whether the API answered at all is remembered, for readiness
// (ops/health.ts) and for the "the studio is not answering, still trying" line on progress messages (jobs/run.ts).
// The request's URL, headers (the API key) and variables (people's prompts) are never looked at beyond the
// operation's name.

import { operationLabel } from "./labels.js";
import type { BotMetrics } from "./metrics.js";

/** Whether the studio API answers, as the requests the bot sent found it. */
export interface StudioReach {
  /** When it last answered (any HTTP status below 500), ms since the epoch; undefined before its first answer. */
  lastAnswerAt(): number | undefined;
  /**
   * How long it has failed without answering (connection refused or dropped, a timeout, a 5xx): ms since the
   * first failure after its last answer; 0 while it answers.
   */
  silentForMs(): number;
  /** Records an answer (or, with `false`, a failure) seen outside the wrapped fetch. */
  saw(answered: boolean): void;
}

/** Creates the record of the studio API's answers. */
export function createStudioReach(now: () => number = Date.now): StudioReach {
  let answeredAt: number | undefined;
  let failingSince: number | undefined;
  return {
    lastAnswerAt: () => answeredAt,
    silentForMs: () => (failingSince === undefined ? 0 : Math.max(0, now() - failingSince)),
    saw(answered) {
      if (answered) {
        answeredAt = now();
        failingSince = undefined;
      } else {
        failingSince ??= now();
      }
    },
  };
}

/** The GraphQL operation a request body names (graphql-request sends `operationName`), or undefined. */
export function operationOf(body: unknown): string | undefined {
  if (typeof body !== "string") return undefined;
  try {
    const name = (JSON.parse(body) as { operationName?: unknown }).operationName;
    return typeof name === "string" ? name : undefined;
  } catch {
    return undefined;
  }
}

/** How an answered request ended, from its status and (for a 200) whether the GraphQL answer holds errors. */
async function outcomeOf(response: Response): Promise<string> {
  if (response.status === 429) return "rate_limited";
  if (response.status >= 500) return "http_5xx";
  if (response.status >= 400) return "http_4xx";
  if (response.status >= 300) return "http_3xx";
  try {
    // A copy: the client reads the original. GraphQL answers are small JSON documents.
    const body = (await response.clone().json()) as { errors?: unknown };
    return Array.isArray(body.errors) && body.errors.length > 0 ? "graphql_error" : "ok";
  } catch {
    return "unreadable";
  }
}

/** Options of {@link studioFetch}. */
export interface StudioFetchOptions {
  metrics: BotMetrics;
  reach: StudioReach;
  /** Default the global fetch. */
  fetch?: typeof fetch;
  /** For durations, in ms. Default `performance.now`. */
  clock?: () => number;
}

/**
 * A fetch for the studio client that measures every request.
 *
 * @example createStudioClient({ apiKey, baseUrl, fetch: studioFetch({ metrics, reach }) })
 */
export function studioFetch(options: StudioFetchOptions): typeof fetch {
  const { metrics, reach } = options;
  const send = options.fetch ?? fetch;
  const clock = options.clock ?? (() => performance.now());
  return async (input, init) => {
    const operation = operationLabel(operationOf(init?.body));
    const started = clock();
    let response: Response;
    try {
      response = await send(input, init);
    } catch (error) {
      const aborted = error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError");
      reach.saw(false);
      metrics.studioRequest(operation, aborted ? "aborted" : "network_error", (clock() - started) / 1000);
      throw error;
    }
    const seconds = (clock() - started) / 1000;
    reach.saw(response.status < 500);
    // Counted once its body says how it ended; the caller has the response meanwhile.
    void outcomeOf(response).then((outcome) => metrics.studioRequest(operation, outcome, seconds));
    return response;
  };
}

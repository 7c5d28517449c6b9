// GET /healthz, /readyz and /metrics as Bolt custom routes: on the HTTP receiver's port, or in Socket Mode on
// STUDIO_HEALTH_PORT (Bolt's SocketModeReceiver serves custom routes on a port of their own). None of them needs
// Slack's signature: they say nothing secret (fixed reasons, counts, label values from closed lists).

import type { IncomingMessage, ServerResponse } from "node:http";
import type { Health } from "./health.js";
import type { BotMetrics } from "./metrics.js";

/** A route as Bolt's `customRoutes` takes it. */
export interface OpsRoute {
  path: string;
  method: "GET";
  handler: (request: IncomingMessage, response: ServerResponse) => void;
}

/** The paths, for a load balancer's settings and Prometheus' scrape config. */
export const OPS_PATHS = { live: "/healthz", ready: "/readyz", metrics: "/metrics" } as const;

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
  response.end(JSON.stringify(body));
}

/**
 * The three routes. `/readyz` answers 200 when every check passes, 503 with the failing checks named otherwise;
 * `/healthz` answers 200 while the process can answer at all; `/metrics` Prometheus' text format.
 *
 * @example new App({ ..., customRoutes: opsRoutes({ health, metrics }) })
 */
export function opsRoutes(parts: {
  health: Health;
  metrics: BotMetrics;
  onError?: (error: unknown) => void;
}): OpsRoute[] {
  const { health, metrics } = parts;
  const failed = (response: ServerResponse, error: unknown) => {
    parts.onError?.(error);
    if (!response.headersSent) json(response, 500, { error: "internal error" });
    else response.end();
  };
  return [
    {
      path: OPS_PATHS.live,
      method: "GET",
      handler: (_request, response) => json(response, 200, { live: true }),
    },
    {
      path: OPS_PATHS.ready,
      method: "GET",
      handler: (_request, response) => {
        health.readiness().then(
          (readiness) => json(response, readiness.ready ? 200 : 503, readiness),
          (error: unknown) => failed(response, error),
        );
      },
    },
    {
      path: OPS_PATHS.metrics,
      method: "GET",
      handler: (_request, response) => {
        metrics.text().then(
          (text) => {
            response.writeHead(200, { "content-type": metrics.contentType, "cache-control": "no-store" });
            response.end(text);
          },
          (error: unknown) => failed(response, error),
        );
      },
    },
  ];
}

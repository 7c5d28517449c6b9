// A signed request sent again inside its five minutes passes the signature check: a captured `tools/call` replayed
// would generate (and spend) twice. So a request that may act is run once per signature: its signature is claimed in
// the store's claims (the table the Slack requests' replay check uses too, listeners/middleware/refuse-replays.ts),
// which every replica shares, so a replay sent to another replica is refused as well; the claims are pruned once
// their window is over (store.prune, hourly), so the set stays bounded by five minutes of requests.
// Only requests that may act are claimed. The protocol's own requests (initialize, ping, tools/list, the
// notifications) change nothing and, from Slack, are byte for byte the same for every conversation that starts in
// the same second: refusing the second as a replay would refuse a person for nothing.

import type { BotDeps } from "../deps.js";
import { IDENTITY_WINDOW_MS } from "./verify.js";

/** JSON-RPC methods that read or do nothing: a replay of one spends nothing, so they are not claimed. */
const HARMLESS = new Set([
  "initialize",
  "ping",
  "tools/list",
  "resources/list",
  "resources/templates/list",
  "prompts/list",
  "notifications/initialized",
  "notifications/cancelled",
  "notifications/progress",
  "notifications/roots/list_changed",
]);

/** The JSON-RPC messages of a parsed body (one, or a batch). */
export function messagesOf(body: unknown): { method?: unknown; params?: unknown }[] {
  const list = Array.isArray(body) ? body : [body];
  return list.filter((item): item is { method?: unknown } => typeof item === "object" && item !== null);
}

/** Whether any message of the body may act (a tool call, or a method this list does not know). */
export function mayAct(body: unknown): boolean {
  return messagesOf(body).some((message) => typeof message.method !== "string" || !HARMLESS.has(message.method));
}

/**
 * `first` the first time a signature is seen in the window (it is then claimed), `replay` after. `unchecked` when
 * the store could not be read: the caller refuses the request (a tool call can spend; Slackbot can ask again).
 */
export async function claimSignature(deps: BotDeps, signature: string): Promise<"first" | "replay" | "unchecked"> {
  try {
    const first = await deps.store.claims.claim(`mcp-signed:${signature}`, deps.now(), IDENTITY_WINDOW_MS);
    return first ? "first" : "replay";
  } catch (error) {
    deps.logger.error({ err: error }, "could not check an MCP request's signature for a replay; refusing it");
    return "unchecked";
  }
}

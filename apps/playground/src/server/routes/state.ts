import { withAgentView } from "../agent-view.js";
import type { RouteContext } from "../context.js";
import { HttpError } from "../http/errors.js";
import { json, requireString } from "../http/responses.js";
import type { Router } from "../http/router.js";
import { conversationState } from "../views.js";
import { isKnownChannel, personOf } from "../workspace.js";

/** The person and channel of a request, checked: the page may only act as one of the workspace's people. */
export function checkedWho(context: RouteContext, source: Record<string, unknown>): { user: string; channel: string } {
  const user = requireString(source, "user");
  const channel = requireString(source, "channel");
  if (!personOf(user))
    throw new HttpError(400, "unknown_user", "Pick one of the workspace's people (GET /api/workspace).");
  if (!isKnownChannel(context.sim, channel)) {
    throw new HttpError(404, "channel_not_found", "Pick one of the workspace's channels (GET /api/workspace).");
  }
  return { user, channel };
}

/**
 * GET /api/state?user=U&channel=C[&thread=ts][&since=version]. With `since` equal to the current version the
 * request is held until something changes or `longPollMs` pass (a page polling every second would otherwise
 * re-read everything for nothing); any other `since` answers at once, so a page that missed changes (or a server
 * that restarted, its version back near 0) catches up immediately.
 */
export function register(router: Router, context: RouteContext): void {
  router.add("GET", "/api/state", async (request) => {
    const query = Object.fromEntries(new URL(request.url).searchParams);
    const who = checkedWho(context, query);
    const thread = query.thread || undefined;
    const since = query.since === undefined || query.since === "" ? undefined : Number(query.since);
    if (since !== undefined && !Number.isInteger(since)) {
      throw new HttpError(400, "invalid_request", '"since" must be a version number from an earlier answer.');
    }
    if (since !== undefined && since === context.tracker.version()) {
      await context.tracker.waitForChange(since, context.longPollMs, request.signal);
    }
    const version = context.tracker.version();
    const state = conversationState(context.sim, { ...who, ...(thread ? { thread } : {}) }, version);
    // The agent view (the bot's default surface): sessions on the threads' roots, the DM's pinned prompts.
    return json(context.workspace().surface === "agent" ? withAgentView(context.sim, who, state) : state);
  });
}

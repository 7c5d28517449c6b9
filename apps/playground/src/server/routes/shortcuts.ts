import type { RouteContext } from "../context.js";
import { HttpError } from "../http/errors.js";
import { json, optionalString, readJson, requireString } from "../http/responses.js";
import type { Router } from "../http/router.js";
import { requireAck, simAction } from "../sim-errors.js";
import { personOf } from "../workspace.js";

/**
 * GET /api/shortcuts: the bot's declared shortcuts (what the composer's shortcut menu and a message's "More actions"
 * list). POST /api/shortcut: a person runs one, global (`{ user, callbackId }`) or on a message (`channel` +
 * `messageTs` too); slack-sim refuses one the bot does not declare (`shortcut_not_found`).
 */
export function register(router: Router, context: RouteContext): void {
  router.add("GET", "/api/shortcuts", () => json(context.sim.shortcuts()));
  router.add("POST", "/api/shortcut", async (request) => {
    const body = await readJson(request);
    const user = requireString(body, "user");
    if (!personOf(user)) {
      throw new HttpError(400, "unknown_user", "Pick one of the workspace's people (GET /api/workspace).");
    }
    const callbackId = requireString(body, "callbackId");
    const channel = optionalString(body, "channel");
    const messageTs = optionalString(body, "messageTs");
    const result = await simAction(() =>
      channel && messageTs
        ? context.sim.messageShortcut({ user, callbackId, channel, messageTs })
        : context.sim.shortcut({ user, callbackId }),
    );
    requireAck(result);
    return json({ ok: true });
  });
}

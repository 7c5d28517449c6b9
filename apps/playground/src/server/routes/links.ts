import type { EntityDetailsView, EntityView } from "../../shared/api.js";
import type { RouteContext } from "../context.js";
import { HttpError } from "../http/errors.js";
import { json, readJson, requireString } from "../http/responses.js";
import type { Router } from "../http/router.js";
import { requireAck, simAction } from "../sim-errors.js";
import { personOf } from "../workspace.js";
import { checkedWho } from "./state.js";

/**
 * POST /api/entity/open and /api/entity/action: what a person does with a Work Object (a board or asset link the bot
 * unfurled). Opening is slack-sim's `openEntityDetails` (Slack's `entity_details_requested`); the answer waits for
 * the bot's entity.presentDetails, as POST /api/home waits for its views.publish, since Slack opens the flexpane
 * with what the app presents. An action is `clickEntityAction` (block_actions with the action's id and value).
 * Sharing a link is an ordinary message (POST /api/send), as in Slack.
 */
export function register(router: Router, context: RouteContext): void {
  const { sim } = context;

  router.add("POST", "/api/entity/open", async (request) => {
    const body = await readJson(request);
    const { user, channel } = checkedWho(context, body);
    const messageTs = requireString(body, "messageTs");
    const url = requireString(body, "url");
    const opened = await simAction(() => sim.openEntityDetails({ user, channel, messageTs, url }));
    requireAck(opened);
    const answered = () => sim.entityDetails(opened.triggerId).length > 0;
    await context.tracker.waitUntil(answered, context.homeWaitMs, request.signal);
    const answer = sim.entityDetails(opened.triggerId).at(-1);
    const view: EntityDetailsView = {
      triggerId: opened.triggerId,
      ...(answer?.metadata ? { metadata: answer.metadata as EntityView } : {}),
      ...(answer?.error ? { error: answer.error } : {}),
      ...(answer ? {} : { pending: true }),
    };
    return json(view);
  });

  router.add("POST", "/api/entity/action", async (request) => {
    const body = await readJson(request);
    const user = requireString(body, "user");
    if (!personOf(user))
      throw new HttpError(400, "unknown_user", "Pick one of the workspace's people (GET /api/workspace).");
    const triggerId = requireString(body, "triggerId");
    const actionId = requireString(body, "actionId");
    requireAck(await simAction(() => sim.clickEntityAction({ user, triggerId, actionId })));
    return json({ ok: true });
  });
}

import type { AllMiddlewareArgs, BlockAction, ButtonAction, SlackActionMiddlewareArgs } from "@slack/bolt";
import type { BotDeps } from "../../deps.js";
import { addLatestResult } from "../../flows/board-latest.js";
import { tellProblem } from "../../flows/tell-problem.js";
import { entityDetails } from "../../flows/work-objects.js";
import type { SlackMessage } from "../../messages/blocks.js";
import { addLatestMessage } from "../../messages/board-latest.js";
import { boardWebUrl, studioWebBase } from "../../services/studio-links.js";
import { DOUBLE_CLICK_MS } from "./shared.js";

type Args = SlackActionMiddlewareArgs<BlockAction<ButtonAction>> & AllMiddlewareArgs;

/**
 * The flexpane's Open: a link button, which the person's Slack opens itself; the click still reaches the app, as a
 * Block Kit link button's does, and is acked so that Slack shows no error beside it. Nothing else to do.
 */
export function openBoardAction() {
  return async function onOpenBoard({ ack }: Args): Promise<void> {
    await ack();
  };
}

/**
 * The flexpane's "Add my latest result" (issue 30): the action's `value` is the board's id (set by
 * messages/work-objects.ts), the clicker is `body.user`. Slack does not document what else a flexpane action's
 * payload carries, so nothing else is read. The answer goes to the person's DM with the bot (`channel` = their user
 * id, https://docs.slack.dev/reference/methods/chat.postMessage#channels): a flexpane is no conversation, and the
 * unfurl may be in a channel without the bot. A double click within a few seconds is dropped: the first one answers.
 *
 * When cards were added, the flexpane the click came from is answered again with the board as it is now:
 * entity.presentDetails on the click's `trigger_id` (issue 41, decision 0027) [reported: a Work Objects reference
 * built from docs.slack.dev's implementation page: after a flexpane action, "refresh with chat.unfurl or
 * entity.presentDetails as appropriate"]. The board's unfurls are unfurled again by `deps.boardChanged`.
 */
export function addLatestAction(deps: BotDeps) {
  return async function onAddLatest({ ack, action, body, client }: Args): Promise<void> {
    await ack();
    const user = body.user.id;
    const boardId = action.value?.trim();
    const dm = {
      user,
      ephemeral: async (note: SlackMessage) => {
        await client.chat.postMessage({ channel: user, text: note.text, blocks: note.blocks as never });
      },
    };
    if (!boardId) {
      deps.logger.warn({ user }, "a flexpane click without a board id");
      return;
    }
    const key = `wo-add-latest:${user}:${boardId}`;
    const at = deps.now();
    if (!(await deps.store.claims.claim(key, at, DOUBLE_CLICK_MS))) {
      deps.logger.info({ user, board: boardId }, "ignoring a repeated Add my latest result click");
      return;
    }
    try {
      const channel = body.channel?.id;
      const outcome = await addLatestResult(deps, { user, boardId, ...(channel ? { channel } : {}) });
      deps.logger.info({ user, board: boardId, outcome: outcome.kind }, "flexpane: add my latest result");
      if (outcome.kind === "added") await refreshFlexpane(deps, client, { user, boardId, triggerId: body.trigger_id });
      await dm.ephemeral(addLatestMessage(outcome));
    } catch (error) {
      await deps.store.claims.release(key, at);
      await tellProblem(deps, dm, error, "flexpane: could not add the latest result", { board: boardId });
    }
  };
}

/** Answers the flexpane again, with the board read afresh; a refusal is logged (the DM note still says what changed). */
async function refreshFlexpane(
  deps: BotDeps,
  client: Args["client"],
  click: { user: string; boardId: string; triggerId: string | undefined },
): Promise<void> {
  if (!click.triggerId) return;
  const answer = await entityDetails(deps, {
    user: click.user,
    externalRef: { id: click.boardId, type: "board" },
    entityUrl: boardWebUrl(studioWebBase(deps.studio), click.boardId),
  });
  try {
    await client.entity.presentDetails({ trigger_id: click.triggerId, ...answer });
  } catch (error) {
    deps.logger.warn({ err: error, user: click.user }, "flexpane: could not show the board again");
  }
}

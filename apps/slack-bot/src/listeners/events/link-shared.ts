import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from "@slack/bolt";
import type { BotDeps } from "../../deps.js";
import { unfurlEntities } from "../../flows/work-objects.js";

type Args = SlackEventMiddlewareArgs<"link_shared"> & AllMiddlewareArgs;

/**
 * `link_shared` (https://docs.slack.dev/reference/events/link_shared): a person shared links on the app's unfurl
 * domains. Those that are boards or assets the bot can read are unfurled as Work Objects: chat.unfurl with
 * `metadata.entities` (https://docs.slack.dev/messaging/work-objects-implementation#unfurl-implementation), naming
 * the message by `unfurl_id` + `source` when the event has them (a link still in the composer has no message yet)
 * and by `channel` + `ts` otherwise. Nothing to unfurl: no call. Bolt acks the event before this runs.
 *
 * A posted message's unfurl is remembered (store.unfurls): when the bot later changes a board, it unfurls that
 * message's links again with `channel` + `ts` (flows/board-refresh.ts, decision 0027). A link still in the composer
 * (`source: composer`) is not: it names no message yet.
 */
export function linkShared(deps: BotDeps) {
  return async function onLinkShared({ event, client }: Args): Promise<void> {
    const entities = await unfurlEntities(deps, {
      user: event.user,
      channel: event.channel,
      urls: event.links.map((link) => link.url),
    });
    if (entities.length === 0) return;
    const target =
      event.unfurl_id && event.source
        ? { unfurl_id: event.unfurl_id, source: event.source as "composer" | "conversations_history" }
        : { channel: event.channel, ts: event.message_ts };
    try {
      await client.chat.unfurl({ ...target, metadata: { entities } });
    } catch (error) {
      deps.logger.warn({ err: error, channel: event.channel }, "work objects: chat.unfurl failed");
      return;
    }
    if (event.source === "composer" || !event.message_ts) return;
    const links = entities.flatMap((entity) =>
      entity.app_unfurl_url
        ? [
            {
              url: entity.app_unfurl_url,
              boardId: entity.external_ref.type === "board" ? entity.external_ref.id : null,
            },
          ]
        : [],
    );
    try {
      await deps.store.unfurls.remember(
        { channel: event.channel, ts: event.message_ts, user: event.user, links },
        deps.now(),
      );
    } catch (error) {
      deps.logger.warn({ err: error, channel: event.channel }, "work objects: could not remember an unfurl");
    }
  };
}

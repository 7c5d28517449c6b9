import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from "@slack/bolt";
import type { BotDeps } from "../../deps.js";
import { entityDetails } from "../../flows/work-objects.js";

type Args = SlackEventMiddlewareArgs<"entity_details_requested"> & AllMiddlewareArgs;

/**
 * `entity_details_requested` (https://docs.slack.dev/reference/events/entity_details_requested): a person clicked a
 * board's or an asset's Work Object. Answered with entity.presentDetails
 * (https://docs.slack.dev/reference/methods/entity.presentDetails) on the event's `trigger_id`: the flexpane's
 * entity for this person, or an error status (`restricted`, `not_found`) when they may not see it.
 */
export function entityDetailsRequested(deps: BotDeps) {
  return async function onEntityDetailsRequested({ event, client }: Args): Promise<void> {
    const answer = await entityDetails(deps, {
      user: event.user,
      ...(event.channel ? { channel: event.channel } : {}),
      ...(event.external_ref ? { externalRef: event.external_ref } : {}),
      entityUrl: event.entity_url,
    });
    try {
      await client.entity.presentDetails({ trigger_id: event.trigger_id, ...answer });
    } catch (error) {
      deps.logger.warn({ err: error, user: event.user }, "work objects: entity.presentDetails failed");
    }
  };
}

import type { AnyMiddlewareArgs, Middleware } from "@slack/bolt";
import type { BotDeps } from "../../deps.js";

/**
 * A global middleware that runs each Events API delivery once: Slack redelivers an event it thinks was lost
 * (X-Slack-Retry-Num), also across a restart of the bot, and a mention answered twice would generate twice. The
 * event id is recorded in the store on first sight; a later delivery of the same id stops here (Bolt has acked
 * it already). If the store cannot be read the event goes on: losing a request is worse than a rare double.
 */
export function dedupeEvents(deps: BotDeps): Middleware<AnyMiddlewareArgs> {
  return async ({ body, next }) => {
    const eventId = (body as { type?: unknown; event_id?: unknown }).event_id;
    if ((body as { type?: unknown }).type !== "event_callback" || typeof eventId !== "string") return next();
    let first = true;
    try {
      first = await deps.store.events.firstSight(eventId, deps.now());
    } catch (error) {
      deps.logger.error({ err: error, eventId }, "could not check an event id; handling it");
    }
    if (!first) {
      deps.logger.info({ eventId }, "ignoring a redelivered event");
      return;
    }
    await next();
  };
}

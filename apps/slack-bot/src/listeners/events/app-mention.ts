import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from "@slack/bolt";
import { parseMention } from "../../commands/parse.js";
import type { BotDeps } from "../../deps.js";
import { dispatch } from "../../flows/dispatch.js";
import type { Surface } from "../../flows/surface.js";
import { postLive, toSlack } from "../slack-message.js";

type Args = SlackEventMiddlewareArgs<"app_mention"> & AllMiddlewareArgs;

/** The surface of a mention: everything goes to the thread the mention came from. */
export function mentionSurface({ event, client }: Pick<Args, "event" | "client">, user: string): Surface {
  const channel = event.channel;
  const threadTs = event.thread_ts ?? event.ts;
  return {
    user,
    channel,
    threadTs,
    files: client,
    async reply(message) {
      await client.chat.postMessage({ channel, thread_ts: threadTs, ...toSlack(message) });
    },
    async ephemeral(message) {
      await client.chat.postEphemeral({ channel, user, thread_ts: threadTs, ...toSlack(message) });
    },
    async post(message) {
      return await postLive(client, channel, message, threadTs);
    },
  };
}

/**
 * `@Studio <text>`: reads the text after the mention as `/studio` does and answers in the thread. Bolt acks the
 * event itself, before this runs.
 */
export function appMention(deps: BotDeps) {
  return async function onAppMention(args: Args): Promise<void> {
    // Slack redelivers an event it thinks was lost (X-Slack-Retry-Num); answering again would generate twice.
    // Retries are dropped for now: a durable dedupe on event_id (a redelivery after a restart) is issue 8.
    if (args.context.retryNum) {
      deps.logger.info({ retryNum: args.context.retryNum }, "ignoring a redelivered app_mention");
      return;
    }
    const user = args.event.user;
    if (!user) return; // a bot or an app wrote it: nobody to answer
    await dispatch(deps, mentionSurface(args, user), parseMention(args.event.text));
  };
}

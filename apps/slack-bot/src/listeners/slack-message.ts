import type { types, webApi } from "@slack/bolt";
import type { Posted } from "../flows/surface.js";
import type { SlackMessage } from "../messages/blocks.js";

/** A builder's message as the Web API's arguments: the builders type blocks loosely, Slack's types strictly. */
export function toSlack(message: SlackMessage): { text: string; blocks: types.KnownBlock[] } {
  return { text: message.text, blocks: message.blocks as unknown as types.KnownBlock[] };
}

/**
 * Posts a message (in a thread when `threadTs` is given) and returns the handle the flows update it through:
 * progress first, then the result in its place.
 */
export async function postLive(
  client: webApi.WebClient,
  channel: string,
  message: SlackMessage,
  threadTs?: string,
): Promise<Posted> {
  const posted = await client.chat.postMessage({
    channel,
    ...(threadTs === undefined ? {} : { thread_ts: threadTs }),
    ...toSlack(message),
  });
  return livePosted(client, channel, posted.ts ?? "");
}

/** The handle of a message the bot posted earlier (a job resumed after a restart keeps replacing it). */
export function livePosted(client: webApi.WebClient, channel: string, ts: string): Posted {
  return {
    live: true,
    key: `${channel}:${ts}`,
    where: { ts },
    update: async (next) => {
      await client.chat.update({ channel, ts, ...toSlack(next) });
    },
  };
}

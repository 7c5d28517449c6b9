import type { types, webApi } from "@slack/bolt";
import type { SlackMessage } from "../messages/blocks.js";
import { jobMetadata } from "../services/job-metadata.js";
import type { Posted, PostTag, Surface } from "./surface.js";

/** Whether Slack lets a reply be streamed there ("Required when streaming to channels": a DM needs no recipient). */
export function streamable(place: { channel: string; threadTs?: string | undefined; team?: string | undefined }) {
  return place.threadTs !== undefined && (place.channel.startsWith("D") || place.team !== undefined);
}

/** A builder's message as the Web API's arguments: the builders type blocks loosely, Slack's types strictly. */
export function toSlack(message: SlackMessage): { text: string; blocks: types.KnownBlock[] } {
  return { text: message.text, blocks: message.blocks as unknown as types.KnownBlock[] };
}

/**
 * Posts a message (in a thread when `threadTs` is given) and returns the handle the flows update it through:
 * progress first, then the result in its place. A tagged post carries its job's id in the message's metadata.
 */
export async function postLive(
  client: webApi.WebClient,
  channel: string,
  message: SlackMessage,
  threadTs?: string,
  tag?: PostTag,
): Promise<Posted> {
  const posted = await client.chat.postMessage({
    channel,
    ...(threadTs === undefined ? {} : { thread_ts: threadTs }),
    ...toSlack(message),
    ...(tag ? { metadata: jobMetadata(tag.jobId, tag.finished) } : {}),
  });
  return livePosted(client, channel, posted.ts ?? "");
}

/** The handle of a message the bot posted earlier (a job resumed after a restart keeps replacing it). */
export function livePosted(client: webApi.WebClient, channel: string, ts: string): Posted {
  return {
    live: true,
    key: `${channel}:${ts}`,
    where: { ts },
    update: async (next, fileIds, tag) => {
      await client.chat.update({
        channel,
        ts,
        ...toSlack(next),
        ...(fileIds?.length ? { file_ids: [...fileIds] } : {}),
        // Without metadata chat.update keeps the message's own: a progress update leaves the job's tag in place.
        ...(tag ? { metadata: jobMetadata(tag.jobId, tag.finished) } : {}),
      });
    },
    remove: async () => {
      await client.chat.delete({ channel, ts });
    },
  };
}

/** Where a surface answers: who asked, in which conversation, and the thread (none for the channel itself). */
export interface SurfacePlace {
  user: string;
  channel: string;
  threadTs?: string | undefined;
  /** The asker's team (Bolt's `context.teamId`): lets a job's reply stream in a channel's thread. */
  team?: string | undefined;
}

/**
 * A surface that answers in a conversation through the Web API: replies and the progress in the thread (or the
 * channel), notes for the asker as ephemerals there. Mentions, clicks, resumed jobs and direct messages all answer
 * this way. In a direct message only the two of them are there, so `ephemeralAsReply` posts notes as messages.
 */
export function conversationSurface(
  client: webApi.WebClient,
  place: SurfacePlace,
  options: { ephemeralAsReply?: boolean } = {},
): Surface {
  const { user, channel, threadTs, team } = place;
  const thread = threadTs === undefined ? {} : { thread_ts: threadTs };
  const reply: Surface["reply"] = async (message) => {
    await client.chat.postMessage({ channel, ...thread, ...toSlack(message) });
  };
  const ephemeral: Surface["ephemeral"] = async (message) => {
    await client.chat.postEphemeral({ channel, user, ...thread, ...toSlack(message) });
  };
  return {
    user,
    channel,
    ...(threadTs === undefined ? {} : { threadTs }),
    files: client,
    links: client,
    reply,
    ephemeral: options.ephemeralAsReply ? reply : ephemeral,
    post: (message, tag) => postLive(client, channel, message, threadTs, tag),
    ...(threadTs !== undefined && streamable({ channel, threadTs, team })
      ? { streamPlace: { client, channel, threadTs, user, ...(team ? { team } : {}) } }
      : {}),
  };
}

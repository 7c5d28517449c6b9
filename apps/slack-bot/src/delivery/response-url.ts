// A channel the bot is not in: the Web API refuses to post there (chat.postMessage, chat.postEphemeral, chat.update
// and chat.delete answer `not_in_channel`, or `channel_not_found` for a private channel it cannot see:
// https://docs.slack.dev/reference/methods/chat.postMessage#errors), but the request's own `response_url` still
// answers the person who asked: a slash command's (https://docs.slack.dev/interactivity/implementing-slash-commands)
// or a click's (https://docs.slack.dev/interactivity/handling-user-interaction), ephemeral or
// `in_channel`, at most 5 times within 30 minutes. Only a click's `response_url` is documented to replace or delete
// a message (the one clicked: https://docs.slack.dev/messaging/modifying-messages), so the bot never counts on
// replacing anything through one: the asker gets a note at once, and the result is one new message.
import type { RespondFn, webApi } from "@slack/bolt";
import { context, type SlackMessage } from "../messages/blocks.js";
import { notInChannelNote } from "../messages/not-in-channel.js";
import { toSlack } from "./conversation.js";
import { type Posted, type Surface, slackErrorCode } from "./surface.js";

const NOT_IN_CONVERSATION = new Set(["not_in_channel", "channel_not_found"]);

/** Whether a Web API call failed because the bot is not in the conversation (or cannot see it). */
export const notInConversation = (error: unknown): boolean => NOT_IN_CONVERSATION.has(slackErrorCode(error) ?? "");

/** A request's `response_url` and what to call a message posted through it. */
export interface ResponsePlace {
  channel: string;
  /** The `response_url` (a secret: stored with a job only, never logged). */
  responseUrl: string;
  /** Identifies the job's message for the update throttle. */
  key: string;
}

/**
 * Stands in for a progress message where the bot is not a member: a note only the asker sees now (one use of the
 * `response_url`), and a handle whose `update` posts the final message as one new `in_channel` message (a second
 * use). `live: false`, so no progress update spends a use in between.
 */
export async function postThroughResponseUrl(respond: RespondFn, place: ResponsePlace): Promise<Posted> {
  await respond({ response_type: "ephemeral", replace_original: false, ...toSlack(notInChannelNote(place.channel)) });
  return {
    live: false,
    key: place.key,
    where: { responseUrl: place.responseUrl, replaceOriginal: false },
    update: async (final) => {
      await respond({ response_type: "in_channel", replace_original: false, ...toSlack(final) });
    },
  };
}

/**
 * `surface` (the Web API's) with the request's `response_url` behind it: whatever Slack refuses because the bot is
 * not in the conversation goes through `respond` instead (notes ephemeral, replies and results `in_channel`, never
 * replacing the clicked message), so a click there gives the clicker a result or a clear note, never silence.
 */
export function withResponseUrl(surface: Surface, respond: RespondFn, place: ResponsePlace): Surface {
  const fallBack =
    (send: (message: SlackMessage) => Promise<void>, responseType: "ephemeral" | "in_channel") =>
    async (message: SlackMessage) => {
      try {
        await send(message);
      } catch (error) {
        if (!notInConversation(error)) throw error;
        await respond({ response_type: responseType, replace_original: false, ...toSlack(message) });
      }
    };
  return {
    ...surface,
    reply: fallBack(surface.reply, "in_channel"),
    ephemeral: fallBack(surface.ephemeral, "ephemeral"),
    async post(message, tag) {
      try {
        return await surface.post(message, tag);
      } catch (error) {
        if (!notInConversation(error)) throw error;
        return postThroughResponseUrl(respond, place);
      }
    },
  };
}

/**
 * `surface` with the person's DM with the bot behind it, for answers that have no `response_url` (a modal's
 * submission): what Slack refuses in the conversation because the bot is not in it (a note, a reply) goes to the
 * DM instead, saying which conversation it is about. chat.postMessage to a user id posts there
 * (https://docs.slack.dev/reference/methods/chat.postMessage, the `channel` argument).
 */
export function withDirectMessage(surface: Surface, client: webApi.WebClient): Surface {
  const toDm = async (message: SlackMessage) => {
    const about = context(`About <#${surface.channel}>: I'm not a member there, so I answer here.`);
    await client.chat.postMessage({
      channel: surface.user,
      ...toSlack({ ...message, blocks: [about, ...message.blocks] }),
    });
  };
  const fallBack = (send: (message: SlackMessage) => Promise<void>) => async (message: SlackMessage) => {
    try {
      await send(message);
    } catch (error) {
      if (!notInConversation(error)) throw error;
      await toDm(message);
    }
  };
  return { ...surface, reply: fallBack(surface.reply), ephemeral: fallBack(surface.ephemeral) };
}

import type { RespondFn, webApi } from "@slack/bolt";
import { type Posted, type Surface, slackErrorCode } from "../flows/surface.js";
import type { SlackMessage } from "../messages/blocks.js";
import { postLive, toSlack } from "./slack-message.js";

// Slack cannot post for the bot in a channel it was not invited to (or a private one it cannot see); a
// response_url still can, for the person who typed it and, with `in_channel`, for everyone.
const NOT_IN_CONVERSATION = new Set(["not_in_channel", "channel_not_found"]);

/** Where a `response_url` surface answers. */
export interface RespondPlace {
  user: string;
  channel: string;
  /** The `response_url` (a secret: stored with a job only, never logged). */
  responseUrl: string;
  /** Identifies a progress message posted through the `response_url`, for the update throttle. */
  key: string;
  /**
   * Whether answering through `response_url` may replace its original message: true for a slash command (the
   * original is the bot's own `in_channel` progress), false for a click (the original is the message clicked).
   */
  replaces: boolean;
}

/**
 * The surface of a slash command, or of a click on one of its ephemeral replies: notes and replies only the asker
 * sees go through `response_url`; progress and results go to the channel with the Web API, or through
 * `response_url` as `in_channel` messages where the bot is not a member (5 uses in 30 minutes: the progress and
 * the result, no updates).
 */
export function respondSurface(client: webApi.WebClient, respond: RespondFn, place: RespondPlace): Surface {
  const { user, channel, responseUrl, key, replaces } = place;
  const keep = replaces ? {} : { replace_original: false };
  const ephemeral = async (message: SlackMessage) => {
    await respond({ response_type: "ephemeral", ...keep, ...toSlack(message) });
  };
  return {
    user,
    channel,
    files: client,
    links: client,
    reply: ephemeral,
    ephemeral,
    async post(message, tag): Promise<Posted> {
      try {
        return await postLive(client, channel, message, undefined, tag);
      } catch (error) {
        if (!NOT_IN_CONVERSATION.has(slackErrorCode(error) ?? "")) throw error;
        await respond({ response_type: "in_channel", ...keep, ...toSlack(message) });
        return {
          live: false,
          key,
          where: replaces ? { responseUrl } : { responseUrl, replaceOriginal: false },
          // Replacing would replace the clicked message rather than the progress: a click's result is a new one.
          update: async (next) => {
            await respond({ response_type: "in_channel", replace_original: replaces, ...toSlack(next) });
          },
        };
      }
    },
  };
}

import type { RespondFn, webApi } from "@slack/bolt";
import type { SlackMessage } from "../messages/blocks.js";
import { postLive, toSlack } from "./conversation.js";
import { notInConversation, postThroughResponseUrl, type ResponsePlace } from "./response-url.js";
import type { Posted, Surface } from "./surface.js";

/** Where a `response_url` surface answers. */
export interface RespondPlace extends ResponsePlace {
  user: string;
}

/**
 * The surface of a slash command, or of a click on one of its ephemeral replies: notes and replies only the asker
 * sees go through `response_url` (never replacing the message clicked); progress and results go to the channel
 * with the Web API. Where the bot is not a member, the asker gets a note instead of progress and the result comes
 * as one `in_channel` message through `response_url` (listeners/response-url.ts).
 */
export function respondSurface(client: webApi.WebClient, respond: RespondFn, place: RespondPlace): Surface {
  const { user, channel } = place;
  const ephemeral = async (message: SlackMessage) => {
    await respond({ response_type: "ephemeral", replace_original: false, ...toSlack(message) });
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
        if (!notInConversation(error)) throw error;
        return postThroughResponseUrl(respond, place);
      }
    },
  };
}

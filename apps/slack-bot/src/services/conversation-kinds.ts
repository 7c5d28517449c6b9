// Whether a conversation is a public channel, as Slack says it: conversations.info's booleans
// (https://docs.slack.dev/reference/objects/conversation-object), never the id's first letter, which Slack says not to
// rely on (a private channel's id starts with C too:
// https://docs.slack.dev/changelog/2018/09/01/more-reasons-to-be-a-conversations-api-convert). The manifest asks for
// channels:read only (public channels); a private channel or a DM the bot cannot read reads as not public, so a
// refusal, a missing scope or Slack not answering all keep a result where it was made.
import type { BotLogger } from "../logger.js";

/** The part of Bolt's `client` that describes a conversation. */
export interface ConversationInfoApi {
  conversations: {
    info(args: { channel: string }): Promise<{
      ok?: boolean;
      channel?: { is_channel?: boolean; is_private?: boolean; is_im?: boolean; is_mpim?: boolean; is_group?: boolean };
    }>;
  };
}

/** What the bot knows of a conversation's kind. */
export interface ConversationKinds {
  /** True only when Slack says `channel` is a public channel; false for anything else or when it cannot tell. */
  isPublic(channel: string): Promise<boolean>;
}

/**
 * Reads a conversation's kind through conversations.info each time it is asked (a channel can be made private at any
 * time; `/studio show` asks rarely).
 *
 * @example
 * const kinds = conversationKindsFrom(app.client, logger);
 * if (await kinds.isPublic(job.channel)) ... // anyone may see what was posted there
 */
export function conversationKindsFrom(client: ConversationInfoApi, logger?: BotLogger): ConversationKinds {
  return {
    async isPublic(channel) {
      try {
        const { channel: info } = await client.conversations.info({ channel });
        if (!info) return false;
        const { is_channel, is_private, is_im, is_mpim, is_group } = info;
        return is_channel === true && is_private === false && !is_im && !is_mpim && !is_group;
      } catch (error) {
        logger?.info({ err: error, channel }, "could not read whether a conversation is public; taken as not");
        return false;
      }
    },
  };
}

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
      channel?: {
        is_channel?: boolean;
        is_private?: boolean;
        is_im?: boolean;
        is_mpim?: boolean;
        is_group?: boolean;
        /** An im's other person (https://docs.slack.dev/reference/objects/im-object). */
        user?: string;
      };
    }>;
    /** The bot's DM with `users` (im:write), for an install from before im:read: see {@link ConversationKinds.dmOwner}. */
    open?(args: { users: string }): Promise<{ channel?: { id?: string } }>;
  };
}

/**
 * Whose direct message with the bot a conversation is: `none` when it is no DM, `user` when it is that person's, and
 * `unknown` (with Slack's error code) when Slack did not say.
 */
export type DmOwner = { kind: "none" } | { kind: "dm"; user: string } | { kind: "unknown"; error: string };

/** What the bot knows of a conversation's kind. */
export interface ConversationKinds {
  /** True only when Slack says `channel` is a public channel; false for anything else or when it cannot tell. */
  isPublic(channel: string): Promise<boolean>;
  /**
   * Whose DM with the bot `channel` is, as conversations.info says (`is_im` and `user`; the manifest's im:read allows
   * it on a DM). `person` is the one a caller would let post there: an install without im:read (Slack answers
   * `missing_scope`) still tells that person's own DM by opening it (im:write).
   */
  dmOwner(channel: string, person: string): Promise<DmOwner>;
}

const errorCode = (error: unknown): string => {
  const data = (error as { data?: { error?: unknown } } | null)?.data;
  return typeof data?.error === "string" ? data.error : "no_answer";
};

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
    async dmOwner(channel, person) {
      try {
        const { channel: info } = await client.conversations.info({ channel });
        if (!info?.is_im) return { kind: "none" };
        return info.user ? { kind: "dm", user: info.user } : { kind: "unknown", error: "no_user" };
      } catch (error) {
        const code = errorCode(error);
        // A conversation the bot cannot see takes no message either: the post says so in its own words.
        if (code === "channel_not_found") return { kind: "none" };
        logger?.info({ err: error, channel }, "could not read whose conversation this is");
        if (code !== "missing_scope") return { kind: "unknown", error: code };
        // An install from before im:read, or a private channel or group DM (groups:read and mpim:read are not asked
        // for). A DM's id starts with D (https://docs.slack.dev/reference/objects/im-object): the only place this
        // reads an id's letter, when Slack would not say more, so a private channel keeps working.
        if (!channel.startsWith("D")) return { kind: "none" };
        try {
          const own = await client.conversations.open?.({ users: person });
          return own?.channel?.id === channel ? { kind: "dm", user: person } : { kind: "unknown", error: code };
        } catch {
          return { kind: "unknown", error: code };
        }
      }
    },
  };
}

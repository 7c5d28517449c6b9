// What the asker sees first when the bot is not a member of the channel: Slack lets it answer there only through
// the request's `response_url` (a few posts, no edits the bot can count on), so there is no live progress to show.
// The note says so once, says where the result will be, and how to get the full experience.
import { context, message, type SlackMessage, section } from "./blocks.js";

/**
 * The note only the asker sees in place of a progress message, in a channel the bot is not in.
 *
 * @example notInChannelNote("C0RANDOM").text // "Working on it: the result will be posted here when it is ready."
 */
export function notInChannelNote(channel: string): SlackMessage {
  return message("Working on it: the result will be posted here when it is ready.", [
    section(
      `:hourglass_flowing_sand: Working on it: the result will be posted in <#${channel}> when it is ready, as one message. ` +
        "I'm not a member of this channel, so I can't show progress here in between.",
    ),
    context(
      "For live progress and results as files that don't expire, add me to the channel: `/invite @Studio`. " +
        "Every result is also kept in the studio's library: `/studio assets`.",
    ),
  ]);
}

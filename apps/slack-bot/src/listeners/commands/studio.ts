import type { AllMiddlewareArgs, SlackCommandMiddlewareArgs } from "@slack/bolt";
import { parseCommand } from "../../commands/parse.js";
import type { BotDeps } from "../../deps.js";
import { dispatch } from "../../flows/dispatch.js";
import { type Posted, type Surface, slackErrorCode } from "../../flows/surface.js";
import { postLive, toSlack } from "../slack-message.js";

type Args = SlackCommandMiddlewareArgs & AllMiddlewareArgs;

// Slack cannot post for the bot in a channel it was not invited to (or a private one it cannot see); the
// command's response_url still can, for the person who typed it and, with `in_channel`, for everyone.
const NOT_IN_CONVERSATION = new Set(["not_in_channel", "channel_not_found"]);

/** The surface of a slash command: answers through `response_url`, progress and results in the channel. */
export function commandSurface({ command, respond, client }: Pick<Args, "command" | "respond" | "client">): Surface {
  const ephemeral = async (message: Parameters<Surface["reply"]>[0]) => {
    await respond({ response_type: "ephemeral", ...toSlack(message) });
  };
  return {
    user: command.user_id,
    channel: command.channel_id,
    files: client,
    reply: ephemeral,
    ephemeral,
    async post(message, tag): Promise<Posted> {
      const channel = command.channel_id;
      try {
        return await postLive(client, channel, message, undefined, tag);
      } catch (error) {
        if (!NOT_IN_CONVERSATION.has(slackErrorCode(error) ?? "")) throw error;
        // response_url allows 5 uses in 30 minutes: one for the progress, one for the result, none for updates.
        await respond({ response_type: "in_channel", ...toSlack(message) });
        return {
          live: false,
          key: `${channel}:${command.trigger_id}`,
          where: { responseUrl: command.response_url },
          update: async (next) => {
            await respond({ response_type: "in_channel", replace_original: true, ...toSlack(next) });
          },
        };
      }
    },
  };
}

/**
 * `/studio <text>`: acks at once (no API call before it, Slack allows 3 s), then parses and answers. The work
 * after the ack may take minutes (generation); Bolt's HTTP receiver has already answered Slack by then.
 */
export function studioCommand(deps: BotDeps) {
  return async function onStudioCommand(args: Args): Promise<void> {
    await args.ack();
    await dispatch(deps, commandSurface(args), parseCommand(args.command.text));
  };
}

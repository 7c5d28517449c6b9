import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from "@slack/bolt";
import type { BotDeps } from "../../deps.js";
import { type IntakeOptions, runIntake } from "../../flows/slack-intake.js";
import type { Surface } from "../../flows/surface.js";
import { SLACK_FILE_ORIGINS } from "../../services/slack-download.js";
import { conversationSurface } from "../slack-message.js";

type Args = SlackEventMiddlewareArgs<"message"> & AllMiddlewareArgs;

/**
 * Where the intake may send the bot token: Slack's file hosts, and the host of the Web API the client talks to
 * (Slack itself in production; slack-sim in the tests, whose file URLs live there too). Nothing else.
 */
export function slackIntakeOptions({
  client,
  context,
}: {
  client: { slackApiUrl: string };
  context: { botToken?: string };
}): IntakeOptions {
  let apiOrigin: string[] = [];
  try {
    apiOrigin = [new URL(client.slackApiUrl).origin];
  } catch {
    // no usable Web API URL: Slack's file hosts only
  }
  return {
    ...(context.botToken ? { token: context.botToken } : {}),
    fileOrigins: [...SLACK_FILE_ORIGINS, ...apiOrigin],
  };
}

/** The surface of a direct message with the bot: answers go to the DM (the thread, if the file was shared in one). */
export function dmSurface(client: Args["client"], user: string, channel: string, threadTs?: string): Surface {
  // Only the two of them are in a DM: a note for the asker is just a message.
  return conversationSurface(client, { user, channel, threadTs }, { ephemeralAsReply: true });
}

/**
 * `message` events (`message.im`): a file shared in a direct message with the bot goes to the studio library.
 * Everything else is ignored: other subtypes (edits, deletions, bot messages), messages without files, other
 * channel types, and Slack's redeliveries (the first delivery is already uploading). Bolt acks first and drops
 * the bot's own messages.
 */
export function messageEvent(deps: BotDeps) {
  return async function onMessage(args: Args): Promise<void> {
    const { event } = args;
    if (event.channel_type !== "im" || event.subtype !== "file_share") return;
    // An app sharing a file (bot_id) is not a person asking for anything.
    if (("bot_id" in event && event.bot_id) || !event.user || !event.files?.length) return;
    const surface = dmSurface(args.client, event.user, event.channel, event.thread_ts);
    await runIntake(deps, surface, event.files, slackIntakeOptions(args));
  };
}

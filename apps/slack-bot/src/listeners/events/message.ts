import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from "@slack/bolt";
import { conversationSurface } from "../../delivery/conversation.js";
import type { Surface } from "../../delivery/surface.js";
import type { BotDeps } from "../../deps.js";
import { dispatchText } from "../../flows/dispatch.js";
import { dispatchWithFiles } from "../../flows/references.js";
import { answerInThread } from "../assistant/user-message.js";
import { slackIntakeOptions } from "../intake-options.js";

type Args = SlackEventMiddlewareArgs<"message"> & AllMiddlewareArgs;

/** The surface of a direct message with the bot: answers go to the DM (the thread, if the file was shared in one). */
export function dmSurface(client: Args["client"], user: string, channel: string, threadTs?: string): Surface {
  // Only the two of them are in a DM: a note for the asker is just a message.
  return conversationSurface(client, { user, channel, threadTs }, { ephemeralAsReply: true });
}

/**
 * `message` events (`message.im`), in the bot's direct message (App Home's Messages tab):
 * - a file shared there goes to the studio library, or, with a text that reads as an image or video generation, is
 *   a reference image of it (flows/references.ts);
 * - a plain message from a person is read as a mention would be ("hi" gets help, "a red fox on snow" generates,
 *   "imgae a fox" is asked about first: flows/dispatch.ts `dispatchText`), answered in the DM itself, or in the
 *   thread when the message was written in one. Not threaded otherwise: only the two of them are there, and a
 *   thread per message would hide every answer behind "1 reply".
 * Everything else is ignored: other subtypes (edits, deletions, joins, bot messages), messages from apps, other
 * channel types (in channels the bot answers mentions only), and Slack's redeliveries (the dedupe middleware).
 * Bolt acks first and drops the bot's own messages.
 *
 * In the agent view (STUDIO_SLACK_SURFACE=agent, the default) the DM is the agent's conversation: "messages received
 * in the DM channel will not have a root message with subtype assistant_app_thread" and each top-level message is
 * the root of its thread (https://docs.slack.dev/ai/migrating-to-agent-messaging/), so a person's message there is
 * answered as an assistant thread's is (listeners/assistant/user-message.ts): in its own thread, a job's progress
 * on that thread's status line (setStatus takes any thread the bot is in:
 * https://docs.slack.dev/reference/methods/assistant.threads.setStatus/).
 */
export function messageEvent(deps: BotDeps) {
  return async function onMessage(args: Args): Promise<void> {
    const { event } = args;
    if (event.channel_type !== "im") return;
    if (event.subtype !== undefined && event.subtype !== "file_share") return;
    // An app writing or sharing a file (bot_id) is not a person asking for anything.
    if (("bot_id" in event && event.bot_id) || !("user" in event) || !event.user) return;
    if (deps.config.slackSurface === "agent") {
      const { user, channel, text, subtype, files } = event;
      const message = {
        user,
        channel,
        ...(text ? { text } : {}),
        ...(subtype ? { subtype } : {}),
        ...(files ? { files } : {}),
      };
      await answerInThread(deps, args, message, event.thread_ts ?? event.ts);
      return;
    }
    const surface = dmSurface(args.client, event.user, event.channel, event.thread_ts);
    if (event.subtype === "file_share") {
      if (!event.files?.length) return;
      await dispatchWithFiles(deps, surface, event.text ?? "", event.files, slackIntakeOptions(args), "dm");
      return;
    }
    await dispatchText(deps, surface, event.text ?? "", "dm");
  };
}

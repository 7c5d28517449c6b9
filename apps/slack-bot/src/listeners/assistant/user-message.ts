import type { AssistantUserMessageMiddleware, webApi } from "@slack/bolt";
import { closeSessionIfAsked } from "../../delivery/agent-sessions.js";
import { assistantSurface } from "../../delivery/assistant-thread.js";
import { threadStatus } from "../../delivery/status-line.js";
import type { BotDeps } from "../../deps.js";
import { dispatchText } from "../../flows/dispatch.js";
import { dispatchWithFiles } from "../../flows/references.js";
import { answerSuggestedPrompt } from "../../flows/suggested-prompts.js";
import { INTAKE_STATUS, READING_STATUS } from "../../messages/assistant.js";
import type { SlackFileRef } from "../../services/slack-download.js";
import { slackIntakeOptions } from "../intake-options.js";

/** A person's message (or file share) in the bot's DM, as the `message` event carries it. */
export interface ThreadMessage {
  user: string;
  channel: string;
  text?: string;
  subtype?: string;
  files?: readonly SlackFileRef[];
}

/** What answering needs of Bolt's listener arguments (an Assistant's `userMessage`, or a `message` listener's). */
export interface ThreadMessageArgs {
  client: webApi.WebClient;
  context: { botToken?: string };
}

/**
 * Answers a person's message in an assistant thread (`threadTs` in their DM with the bot) exactly as a mention is
 * answered (flows/dispatch.ts `dispatchText`, the intent guard of decision 0009 included: a typo or a question
 * spends nothing and offers buttons), in the thread, except a suggested prompt's chip, which asks what to make
 * (flows/suggested-prompts.ts); shared files go to the studio library or become reference
 * images, as a mention's do. The thread's status line says the bot is reading at once, then carries the progress of
 * any job the message starts; when everything is done and nothing was posted since, it is cleared.
 *
 * Used for the assistant view's threads (Bolt's Assistant, below) and for the agent view's DM, where each message
 * is the root of its own thread (listeners/events/message.ts).
 */
export async function answerInThread(
  deps: BotDeps,
  args: ThreadMessageArgs,
  event: ThreadMessage,
  threadTs: string,
): Promise<void> {
  const place = { user: event.user, channel: event.channel, threadTs };
  const surface = assistantSurface(deps, args.client, place);
  const status = threadStatus(deps, args.client, place.channel, threadTs);
  try {
    if (event.subtype === "file_share") {
      if (!event.files?.length) return;
      await status.note(INTAKE_STATUS);
      await dispatchWithFiles(deps, surface, event.text ?? "", event.files, slackIntakeOptions(args), "assistant");
      return;
    }
    await status.note(READING_STATUS);
    // A suggested prompt's chip is answered with a question, never read as a prompt to generate (decision 0025).
    if (await answerSuggestedPrompt(deps, surface, event.text ?? "", "assistant")) return;
    await dispatchText(deps, surface, event.text ?? "", "assistant");
  } finally {
    await status.settle();
  }
}

/**
 * A person's message in an assistant thread (Bolt routes only thread messages of the DM here, its
 * `isAssistantMessage`), answered by {@link answerInThread}. Messages from apps are ignored (Bolt already drops the
 * bot's own).
 */
export function assistantUserMessage(deps: BotDeps): AssistantUserMessageMiddleware {
  return async function onAssistantMessage(args) {
    const { message: event } = args;
    if (("bot_id" in event && event.bot_id) || !("user" in event) || !event.user) return;
    const threadTs = "thread_ts" in event ? event.thread_ts : undefined;
    if (!threadTs) return;
    // "done" in an agent-view thread closes its session (decision 0028): Slack sends no event when a person does.
    const text = "text" in event && event.text !== undefined ? event.text : "";
    const reply = { user: event.user, channel: event.channel, ts: event.ts, threadTs, text };
    const place = { user: event.user, channel: event.channel, threadTs };
    const closing =
      !event.subtype &&
      (await closeSessionIfAsked(deps, args.client, reply, assistantSurface(deps, args.client, place)));
    if (closing) return;
    await answerInThread(
      deps,
      args,
      {
        user: event.user,
        channel: event.channel,
        ...("text" in event && event.text !== undefined ? { text: event.text } : {}),
        ...(event.subtype ? { subtype: event.subtype } : {}),
        ...("files" in event && event.files ? { files: event.files } : {}),
      },
      threadTs,
    );
  };
}

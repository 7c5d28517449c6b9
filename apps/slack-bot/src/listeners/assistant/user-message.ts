import type { AssistantUserMessageMiddleware } from "@slack/bolt";
import type { BotDeps } from "../../deps.js";
import { threadStatus } from "../../flows/assistant-status.js";
import { dispatchText } from "../../flows/dispatch.js";
import { dispatchWithFiles } from "../../flows/references.js";
import { INTAKE_STATUS, READING_STATUS } from "../../messages/assistant.js";
import { slackIntakeOptions } from "../events/message.js";
import { assistantSurface } from "./surface.js";

/**
 * A person's message in an assistant thread, handled exactly as a mention is (flows/dispatch.ts `dispatchText`,
 * the intent guard of decision 0009 included: a typo or a question spends nothing and offers buttons), answered in
 * the thread; shared files go to the studio library or become reference images, as a mention's do. The thread's
 * status line says the bot is reading at once, then carries the progress of any job the message starts; when
 * everything is done and nothing was posted since, it is cleared. Messages from apps are ignored (Bolt already
 * drops the bot's own).
 */
export function assistantUserMessage(deps: BotDeps): AssistantUserMessageMiddleware {
  return async function onAssistantMessage(args) {
    const { message: event, client } = args;
    if (("bot_id" in event && event.bot_id) || !("user" in event) || !event.user) return;
    // Bolt routes only thread messages of the DM here (its isAssistantMessage).
    const threadTs = "thread_ts" in event ? event.thread_ts : undefined;
    if (!threadTs) return;
    const place = { user: event.user, channel: event.channel, threadTs };
    const surface = assistantSurface(deps, client, place);
    const status = threadStatus(deps, client, place.channel, threadTs);
    try {
      if (event.subtype === "file_share") {
        if (!event.files?.length) return;
        await status.note(INTAKE_STATUS);
        const text = ("text" in event ? event.text : undefined) ?? "";
        await dispatchWithFiles(deps, surface, text, event.files, slackIntakeOptions(args), "assistant");
        return;
      }
      await status.note(READING_STATUS);
      await dispatchText(deps, surface, ("text" in event ? event.text : undefined) ?? "", "assistant");
    } finally {
      await status.settle();
    }
  };
}

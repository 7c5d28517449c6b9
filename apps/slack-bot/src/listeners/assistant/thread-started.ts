import type { AssistantThreadStartedMiddleware } from "@slack/bolt";
import { toSlack } from "../../delivery/conversation.js";
import type { BotDeps } from "../../deps.js";
import { assistantGreeting, SUGGESTED_PROMPTS, SUGGESTED_PROMPTS_TITLE } from "../../messages/assistant.js";

/**
 * `assistant_thread_started`: someone opened the bot in Slack's assistant view. The thread gets a one-line greeting
 * (through Bolt's `say`, which stores the thread's context in its metadata for Bolt's default context store) and
 * the suggested prompts: an image, a video, the credits, the boards. A refusal is logged; the thread still works.
 */
export function assistantThreadStarted(deps: BotDeps): AssistantThreadStartedMiddleware {
  return async function onThreadStarted({ event, say, setSuggestedPrompts }) {
    const { user_id: user, channel_id: channel } = event.assistant_thread;
    try {
      await say(toSlack(assistantGreeting(user)));
      await setSuggestedPrompts({ title: SUGGESTED_PROMPTS_TITLE, prompts: [...SUGGESTED_PROMPTS] });
    } catch (error) {
      deps.logger.warn({ err: error, user, channel }, "could not greet a new assistant thread");
    }
  };
}

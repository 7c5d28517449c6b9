import { Assistant } from "@slack/bolt";
import type { BotDeps } from "../../deps.js";
import { assistantThreadStarted } from "./thread-started.js";
import { assistantUserMessage } from "./user-message.js";

/**
 * The bot in Slack's assistant view (the AI split view, decision 0012), with Bolt's `Assistant`: suggested prompts
 * when a thread starts, and each message in a thread answered as a mention is, jobs showing their progress in the
 * thread's status line. `assistant_thread_context_changed` keeps Bolt's default: the context (the channel the
 * person is looking at) is saved in the metadata of the thread's first bot message, the greeting.
 *
 * Registered in the agent view too (STUDIO_SLACK_SURFACE=agent): replies in a thread of the DM reach it the same
 * way there, and an app whose manifest still has the assistant view keeps greeting new threads. The agent view's
 * own entry points are listeners/assistant/agent-dm.ts and listeners/events/message.ts.
 *
 * Register after the event-dedupe middleware (a redelivered message must not run twice) and before the `message`
 * listener: Bolt's Assistant middleware consumes the DM's thread messages, so listeners/events/message.ts keeps
 * the DM's top-level messages, as before.
 */
export function createAssistant(deps: BotDeps): Assistant {
  return new Assistant({
    threadStarted: assistantThreadStarted(deps),
    userMessage: assistantUserMessage(deps),
  });
}

// The agent view (STUDIO_SLACK_SURFACE=agent, manifest.json's `features.agent_view`): Slack's agent messaging
// experience, where the bot's DM is the conversation. Opening it arrives as `app_home_opened` with `tab: "messages"`
// instead of `assistant_thread_started` (https://docs.slack.dev/ai/migrating-to-agent-messaging/); there the bot sets
// the suggested prompts, without `thread_ts` ("Including it in a call for an agent app will cause the call to
// silently fail": https://docs.slack.dev/reference/methods/assistant.threads.setSuggestedPrompts/), as Slack's agent
// template does (github.com/slack-samples/bolt-js-starter-agent, listeners/events/app-home-opened.js), and greets a
// person the first time they open it (app_home_opened is sent on every visit, so Slack's event page says to check
// that it is the first interaction before onboarding: https://docs.slack.dev/reference/events/app_home_opened/).

import type { webApi } from "@slack/bolt";
import { toSlack } from "../../delivery/conversation.js";
import type { BotDeps } from "../../deps.js";
import { assistantGreeting, SUGGESTED_PROMPTS, SUGGESTED_PROMPTS_TITLE } from "../../messages/assistant.js";

/** The Web API methods opening the agent DM uses. */
export type AgentDmClient = Pick<webApi.WebClient, "assistant" | "chat">;

/** The store claim that the greeting was posted to `user` (kept as long as the store keeps claims: 30 days). */
export const agentGreetingKey = (user: string) => `agent-greeting:${user}`;

/**
 * `user` opened the bot's DM in the agent view: the suggested prompts go to the top of its Messages tab, and the
 * one-line greeting is posted on the first visit only (claimed in the store, so replicas and restarts agree; a
 * refused post frees the claim for the next visit). Failures are logged; the DM still works.
 */
export async function agentDmOpened(deps: BotDeps, client: AgentDmClient, user: string, channel: string) {
  try {
    await client.assistant.threads.setSuggestedPrompts({
      channel_id: channel,
      title: SUGGESTED_PROMPTS_TITLE,
      prompts: [...SUGGESTED_PROMPTS],
    });
  } catch (error) {
    deps.logger.warn({ err: error, user, channel }, "could not set the agent DM's suggested prompts");
  }
  const key = agentGreetingKey(user);
  const at = deps.now();
  try {
    if (!(await deps.store.claims.claim(key, at))) return;
  } catch (error) {
    deps.logger.warn({ err: error, user }, "could not claim the agent DM's greeting");
    return;
  }
  try {
    await client.chat.postMessage({ channel, ...toSlack(assistantGreeting(user)) });
  } catch (error) {
    deps.logger.warn({ err: error, user, channel }, "could not greet in the agent DM");
    await deps.store.claims.release(key, at).catch(() => {});
  }
}

// slack-sim's AI assistant threads as the pane sees them (src/shared/api.ts, AssistantThreadState): the thread's
// messages without Slack's root, the status line, the title, and the suggested prompts while they are on offer.
import type { SlackSim } from "@studio-kit/slack-sim";
import type { AssistantThreadState } from "../shared/api.js";
import { messageView } from "./views.js";

/** The subtype Slack gives an assistant thread's root ("New chat"): Slack's pane never shows that message. */
const ROOT_SUBTYPE = "assistant_app_thread";

/**
 * Which suggested prompts are on offer. Slack shows a thread's prompts until the person writes: a chip clicked or
 * a message typed starts the conversation and the chips go. Prompts the bot sets after that (follow-ups) show
 * again. The sim keeps the prompts but not when they were set, so this counts the bot's successful
 * `assistant.threads.setSuggestedPrompts` calls for the thread (with `thread_ts`, as Bolt's Assistant always sends
 * it) and remembers that count each time the person speaks: prompts show while the count has moved since.
 */
export interface PromptOffers {
  /** The person is about to send a message in the thread: the prompts on offer now are used up. */
  spoke(channel: string, threadTs: string): void;
  /** Whether the thread's prompts were set since the person last spoke through the pane. */
  onOffer(channel: string, threadTs: string): boolean;
}

/** Creates the prompt bookkeeping for one sim (one per playground). */
export function createPromptOffers(sim: Pick<SlackSim, "calls">): PromptOffers {
  const usedUp = new Map<string, number>();
  const key = (channel: string, threadTs: string) => `${channel}\u0000${threadTs}`;
  const sets = (channel: string, threadTs: string) =>
    sim
      .calls("assistant.threads.setSuggestedPrompts")
      .filter((call) => call.ok && call.args.channel_id === channel && call.args.thread_ts === threadTs).length;
  return {
    spoke: (channel, threadTs) => void usedUp.set(key(channel, threadTs), sets(channel, threadTs)),
    onOffer: (channel, threadTs) => sets(channel, threadTs) > (usedUp.get(key(channel, threadTs)) ?? 0),
  };
}

/** Whether `threadTs` in `channel` is `user`'s own assistant thread (nobody reads another's in the pane). */
export function isOwnAssistantThread(sim: SlackSim, user: string, channel: string, threadTs: string): boolean {
  return sim.assistantThread(channel, threadTs)?.user === user;
}

/** The pane's view of `user`'s assistant thread; undefined when it is not theirs (or not an assistant thread). */
export function assistantThreadState(
  sim: SlackSim,
  offers: PromptOffers,
  query: { user: string; channel: string; threadTs: string },
  version: number,
): AssistantThreadState | undefined {
  const { user, channel, threadTs } = query;
  const thread = sim.assistantThread(channel, threadTs);
  if (!thread || thread.user !== user) return undefined;
  const messages = sim
    .thread(channel, threadTs, { as: user })
    .filter((message) => !(message.ts === threadTs && message.subtype === ROOT_SUBTYPE))
    .map((message) => messageView(sim, message, 0, user));
  const prompts = thread.suggestedPrompts;
  return {
    version,
    channel,
    threadTs,
    ...(thread.title ? { title: thread.title } : {}),
    status: thread.status,
    ...(thread.status && thread.loadingMessages?.length ? { loadingMessages: thread.loadingMessages } : {}),
    ...(prompts?.prompts.length && offers.onOffer(channel, threadTs)
      ? {
          suggestedPrompts: {
            ...(prompts.title ? { title: prompts.title } : {}),
            prompts: prompts.prompts.map(({ title, message }) => ({ title, message })),
          },
        }
      : {}),
    messages,
  };
}

// The agent view as the page draws it (src/shared/agent-view.ts): slack-sim's agent sessions put on the messages that
// root their threads, each with the thread's status line, and the prompts the bot pinned to its DM. Slack shows a
// session's status, its title and, while it is `processing`, the stop button (https://docs.slack.dev/ai/agent-sessions/);
// without the app's subscription to `agent_session_stopped` a loading indicator that cannot be clicked instead
// (https://docs.slack.dev/reference/events/agent_session_stopped/). slack-sim decides which (`stopButton`).
import type { SlackSim } from "@studio-kit/slack-sim";
import type { AgentSessionView } from "../shared/agent-view.js";
import type { ConversationState, MessageView } from "../shared/api.js";

/** What the page reads of slack-sim: a thread's agent session and status line, and the DM's pinned prompts. */
export type SessionReader = Pick<SlackSim, "agentSession" | "assistantThread" | "pinnedPrompts" | "dm">;

/** The session of the thread rooted at `threadTs` in `channel`, as the page draws it; undefined when none. */
export function sessionView(sim: SessionReader, channel: string, threadTs: string): AgentSessionView | undefined {
  const session = sim.agentSession(channel, threadTs);
  if (!session) return undefined;
  const thread = sim.assistantThread(channel, threadTs);
  // The status line shows while the agent works: Slack clears it on the app's reply (assistant.threads.setStatus).
  const statusLine = session.status === "processing" ? thread?.status.trim() : undefined;
  return {
    status: session.status,
    ...(session.title ? { title: session.title } : thread?.title ? { title: thread.title } : {}),
    stopButton: session.stopButton,
    ...(statusLine ? { statusLine } : {}),
    ...(statusLine && thread?.loadingMessages?.length ? { loadingMessages: thread.loadingMessages } : {}),
  };
}

function withSession(sim: SessionReader, message: MessageView): MessageView {
  // Only a thread's root carries its session: a reply's ts names no thread.
  if (message.threadTs) return message;
  const session = sessionView(sim, message.channel, message.ts);
  return session ? { ...message, session } : message;
}

/**
 * The conversation state with the agent view's parts: every message that roots a thread with an agent session (in
 * the DM, and in a channel where the bot answered a mention in a thread) carries it, the open thread's root too; in
 * the person's own DM with the bot, the prompts it pinned there.
 */
export function withAgentView(
  sim: SessionReader,
  query: { user: string; channel: string },
  state: ConversationState,
): ConversationState {
  const next: ConversationState = {
    ...state,
    messages: state.messages.map((message) => withSession(sim, message)),
    ...(state.thread ? { thread: state.thread.map((message) => withSession(sim, message)) } : {}),
  };
  return { ...next, ...pinnedFor(sim, query.user, query.channel) };
}

/** The DM's pinned prompts, when `channel` is `user`'s DM with the bot and the bot pinned some. */
function pinnedFor(sim: SessionReader, user: string, channel: string): Pick<ConversationState, "agent"> {
  const dm = sim.dm(user);
  if (channel !== dm) return {};
  const pinned = sim.pinnedPrompts(dm);
  if (!pinned?.prompts.length) return {};
  return {
    agent: {
      pinnedPrompts: {
        ...(pinned.title ? { title: pinned.title } : {}),
        prompts: pinned.prompts.map(({ title, message }) => ({ title, message })),
      },
    },
  };
}

/**
 * The events the bot's manifest subscribes to (`settings.event_subscriptions.bot_events`), which slack-sim holds it
 * to: without `agent_session_stopped` there, Slack shows no stop button. Undefined when the manifest lists none.
 */
export function manifestBotEvents(manifest: unknown): string[] | undefined {
  const events = (manifest as { settings?: { event_subscriptions?: { bot_events?: unknown } } } | undefined)?.settings
    ?.event_subscriptions?.bot_events;
  return Array.isArray(events) ? events.filter((event): event is string => typeof event === "string") : undefined;
}

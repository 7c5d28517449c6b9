// The agent view's part of the page <-> server contract (CONTRACT.md, "The agent view"): what Slack shows of an app
// whose manifest declares `features.agent_view` (https://docs.slack.dev/ai/migrating-to-agent-messaging/): its DM
// (the Messages tab) is the conversation, "with threads shown in a timeline above the composer", the suggested
// prompts the app pins there, and each thread's agent session (https://docs.slack.dev/ai/agent-sessions/): a status,
// a title for recall and, while the agent works, Slack's stop button.

/**
 * A session's lifecycle status, as the app sets it with `agents.sessions.setStatus` (or `chat.stopStream`'s
 * `session_status`).
 */
export type AgentSessionStatus = "processing" | "active" | "suspended" | "closed";

/** What the page draws of a thread's agent session, on the thread's root message (MessageView.session). */
export interface AgentSessionView {
  status: AgentSessionStatus;
  /** The session's title (setStatus's `title` on creation, `agents.sessions.rename`); absent until the app sets one. */
  title?: string;
  /**
   * Slack's stop button, shown while the session is `processing`; a click sends the app `agent_session_stopped`.
   * False while processing when the app is not subscribed to that event: Slack then shows a loading indicator that
   * cannot be clicked (https://docs.slack.dev/reference/events/agent_session_stopped/).
   */
  stopButton: boolean;
  /**
   * The thread's status line, without the app's name ("is generating an image…"; `assistant.threads.setStatus`),
   * while there is one; with the loading messages Slack rotates through.
   */
  statusLine?: string;
  loadingMessages?: string[];
}

/** The agent view's extras on the state of the person's DM with the app (ConversationState.agent). */
export interface AgentViewState {
  /** The suggested prompts the app pinned to the top of the DM (setSuggestedPrompts without `thread_ts`). */
  pinnedPrompts?: { title?: string; prompts: Array<{ title: string; message: string }> };
}

/** The answer of POST /api/agent/stop: the click reached the app, which acknowledged it (it then stops its work). */
export interface AgentStopAnswer {
  ok: true;
}

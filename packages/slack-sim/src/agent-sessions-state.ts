// What the sim keeps of Slack's agent sessions (https://docs.slack.dev/ai/agent-sessions/), beside SimState: one
// session per thread (a channel's or a DM's), with its status, its title and who started it, plus what the app's
// manifest says that sessions depend on. Kept here (as link-state.ts keeps links) so SimState stays as it was.
import type { SimState } from "./state.js";
import type { AgentSessionStatus, SimAgentSession, SimAgentSessionStop } from "./types.js";

/** The lifecycle statuses agents.sessions.setStatus takes: "Acceptable values: active processing suspended closed". */
export const AGENT_SESSION_STATUSES: readonly AgentSessionStatus[] = ["processing", "active", "suspended", "closed"];

/** The event Slack sends on a click of the stop button (https://docs.slack.dev/reference/events/agent_session_stopped/). */
export const AGENT_SESSION_STOPPED_EVENT = "agent_session_stopped";
/** setStatus's warning while the app does not subscribe to that event (same page). */
export const MISSING_STOPPED_SUBSCRIPTION_WARNING = "missing_agent_session_stopped_event_subscription";

/** The sim's record of one session. */
export interface AgentSessionRecord {
  channel: string;
  threadTs: string;
  status: AgentSessionStatus;
  /** The session's title: setStatus's `title` when it created the session, then agents.sessions.rename's. */
  title?: string;
  /** Who started it: `initiator_user_id`, else the DM's person, else the author of the thread's root. */
  user?: string;
  /** Every status set, in order (setStatus and chat.stopStream's `session_status`). */
  statusHistory: AgentSessionStatus[];
}

export interface AgentSessionsState {
  /** By channel and thread ts. */
  sessions: Map<string, AgentSessionRecord>;
  /**
   * Whether the app is declared as an agent in its app settings ("Only apps declared as agents in the app settings
   * can create sessions", https://docs.slack.dev/ai/agent-sessions/).
   */
  agent: boolean;
  /** The manifest's `settings.event_subscriptions.bot_events`; undefined = every event. */
  botEvents?: readonly string[];
  stops: SimAgentSessionStop[];
}

const STATES = new WeakMap<SimState, AgentSessionsState>();

/** The agent sessions state of one sim (made on first use: an agent app subscribed to every event). */
export function agentSessionsState(state: SimState): AgentSessionsState {
  let found = STATES.get(state);
  if (!found) {
    found = { sessions: new Map(), agent: true, stops: [] };
    STATES.set(state, found);
  }
  return found;
}

const keyOf = (channel: string, threadTs: string): string => `${channel}\u0000${threadTs}`;

export function findSession(state: SimState, channel: string, threadTs: string): AgentSessionRecord | undefined {
  return agentSessionsState(state).sessions.get(keyOf(channel, threadTs));
}

export function addSession(state: SimState, record: AgentSessionRecord): AgentSessionRecord {
  agentSessionsState(state).sessions.set(keyOf(record.channel, record.threadTs), record);
  return record;
}

export function setSessionStatus(record: AgentSessionRecord, status: AgentSessionStatus): void {
  record.status = status;
  record.statusHistory.push(status);
}

/** Whether the app subscribes to `agent_session_stopped` (its manifest's bot events; every event when not given). */
export function subscribesToStop(state: SimState): boolean {
  const events = agentSessionsState(state).botEvents;
  return !events || events.includes(AGENT_SESSION_STOPPED_EVENT);
}

export function sessionSnapshot(state: SimState, record: AgentSessionRecord): SimAgentSession {
  const processing = record.status === "processing";
  const subscribed = subscribesToStop(state);
  return {
    channel: record.channel,
    threadTs: record.threadTs,
    status: record.status,
    ...(record.title !== undefined ? { title: record.title } : {}),
    ...(record.user ? { user: record.user } : {}),
    stopButton: processing && subscribed,
    loadingIndicator: processing && !subscribed,
    statusHistory: [...record.statusHistory],
  };
}

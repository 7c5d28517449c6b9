import {
  AGENT_SESSION_STATUSES,
  type AgentSessionRecord,
  addSession,
  agentSessionsState,
  findSession,
  MISSING_STOPPED_SUBSCRIPTION_WARNING,
  setSessionStatus,
  subscribesToStop,
} from "../agent-sessions-state.js";
import { channelOf, findMessage, isTopLevel, type SimState } from "../state.js";
import type { AgentSessionStatus } from "../types.js";
import { type ApiResult, type Args, fail, isResult, missing, str } from "./args.js";

// Agent sessions (https://docs.slack.dev/ai/agent-sessions/): agents.sessions.setStatus
// (https://docs.slack.dev/reference/methods/agents.sessions.setStatus) sets a thread's session status, creating the
// session on first call; agents.sessions.rename (https://docs.slack.dev/reference/methods/agents.sessions.rename)
// changes its title. Both take `channel_id`, and `thread_ts` "Required for thread-based sessions in regular channels
// and DMs. Must be omitted for session channels": the sim has no session channels, so it requires both.
// Documented: setStatus's statuses, the 200-character title ("only used when creating a new session; ignored if the
// session already exists"), the `missing_agent_session_stopped_event_subscription` warning while the app does not
// subscribe to agent_session_stopped (https://docs.slack.dev/reference/events/agent_session_stopped/), rename's
// 1-200 characters, its `{ ok: true, title }` answer and `session_not_found`, and that "Your app must be a member of
// the channel". The other codes are the sim's usual ones (chat.postMessage's channel_not_found / not_in_channel /
// thread_not_found; invalid_arguments naming the field) because the pages found list no others. setStatus answers
// `{ ok: true, status, title }` (fields of @slack/web-api 8.2.0's AgentsSessionsSetStatusResponse).

/** Slack's limit on a session title: "max 200 characters" (setStatus), "1-200 characters" (rename). */
export const AGENT_SESSION_LIMITS = { title: 200 } as const;

const invalid = (message: string): ApiResult =>
  fail("invalid_arguments", { response_metadata: { messages: [`[ERROR] ${message}`] } });

/**
 * "Only apps declared as agents in the app settings can create sessions. Declaring an app as an agent adds the
 * assistant:write scope to it." Slack's code for an undeclared app is not on the pages found: the sim answers the
 * scope error that the missing declaration amounts to.
 */
const notAnAgent = (): ApiResult => fail("missing_scope", { needed: "assistant:write" });

/** The session's conversation: `channel_id` the bot is in (a person's id names their DM with the bot). */
function sessionChannel(state: SimState, args: Args): { id: string } | ApiResult {
  const id = str(args.channel_id);
  if (!id) return missing("channel_id");
  const channel = channelOf(state, id);
  if (!channel) return fail("channel_not_found");
  if (!channel.member) return fail("not_in_channel");
  return { id: channel.id };
}

/** `title`: absent, or a string of 1 to 200 characters. */
function titleArg(args: Args, required: boolean): string | undefined | ApiResult {
  if (args.title === undefined || args.title === null) return required ? missing("title") : undefined;
  if (typeof args.title !== "string") return invalid("title must be a string");
  if (args.title.length === 0) return required ? missing("title") : undefined;
  if (args.title.length > AGENT_SESSION_LIMITS.title) {
    return invalid(`title must be at most ${AGENT_SESSION_LIMITS.title} characters (got ${args.title.length})`);
  }
  return args.title;
}

function statusArg(args: Args): AgentSessionStatus | ApiResult {
  const status = str(args.status);
  if (!status) return missing("status");
  if (!(AGENT_SESSION_STATUSES as readonly string[]).includes(status)) {
    return invalid(`status must be one of ${AGENT_SESSION_STATUSES.join(", ")} (got "${status}")`);
  }
  return status as AgentSessionStatus;
}

/** Who started the session: `initiator_user_id`, else the DM's person, else the thread root's author. */
function initiator(state: SimState, channel: string, threadTs: string, args: Args): string | undefined {
  const given = str(args.initiator_user_id);
  if (given) return given;
  if (channel.startsWith("D")) return channel.slice(1);
  const root = findMessage(state, channel, threadTs);
  return root && !root.fromBot ? root.user : undefined;
}

/** Slack's warnings ride beside `ok: true`: `warning` and `response_metadata.warnings` (Web API responses). */
const withWarning = (state: SimState, result: ApiResult): ApiResult =>
  subscribesToStop(state)
    ? result
    : {
        ...result,
        warning: MISSING_STOPPED_SUBSCRIPTION_WARNING,
        response_metadata: { warnings: [MISSING_STOPPED_SUBSCRIPTION_WARNING] },
      };

/** agents.sessions.setStatus: creates the thread's session (with `title`, `initiator_user_id`) or sets its status. */
export function setStatus(state: SimState, args: Args): ApiResult {
  if (!agentSessionsState(state).agent) return notAnAgent();
  const status = statusArg(args);
  if (typeof status !== "string") return status;
  const channel = sessionChannel(state, args);
  if (isResult(channel)) return channel;
  const threadTs = str(args.thread_ts);
  if (!threadTs) return missing("thread_ts");
  const title = titleArg(args, false);
  if (title !== undefined && typeof title !== "string") return title;

  let record = findSession(state, channel.id, threadTs);
  if (!record) {
    // A session is "scoped to a single thread": its root must be a top-level message of the conversation.
    const root = findMessage(state, channel.id, threadTs);
    if (!root || root.ephemeral || !isTopLevel(root)) return fail("thread_not_found");
    const user = initiator(state, channel.id, threadTs, args);
    record = addSession(state, {
      channel: channel.id,
      threadTs,
      status,
      ...(title !== undefined ? { title } : {}),
      ...(user ? { user } : {}),
      statusHistory: [],
    } satisfies AgentSessionRecord);
  }
  setSessionStatus(record, status);
  return withWarning(state, {
    ok: true,
    status: record.status,
    ...(record.title !== undefined ? { title: record.title } : {}),
  });
}

/** agents.sessions.rename: a new title for an existing session, else `session_not_found`. */
export function rename(state: SimState, args: Args): ApiResult {
  if (!agentSessionsState(state).agent) return notAnAgent();
  const channel = sessionChannel(state, args);
  if (isResult(channel)) return channel;
  const title = titleArg(args, true);
  if (title === undefined) return missing("title");
  if (typeof title !== "string") return title;
  const threadTs = str(args.thread_ts);
  if (!threadTs) return missing("thread_ts");
  const record = findSession(state, channel.id, threadTs);
  if (!record) return fail("session_not_found");
  record.title = title;
  return { ok: true, title };
}

/**
 * chat.stopStream's `session_status` ("The session status to set after stopping the stream", one of setStatus's
 * statuses): moves the stream's thread's session, when the thread has one, as the agent_session_stopped page's
 * "Transition the session away from processing using either agents.sessions.setStatus or chat.stopStream" says.
 * Without the argument the session keeps its status (no default is documented).
 */
export function applyStreamSessionStatus(state: SimState, channel: string, threadTs: string, status: string): void {
  const record = findSession(state, channel, threadTs);
  if (record && (AGENT_SESSION_STATUSES as readonly string[]).includes(status)) {
    setSessionStatus(record, status as AgentSessionStatus);
  }
}

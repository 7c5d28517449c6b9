import { addThreadRecord, threadRecord } from "../assistant-state.js";
import { SlackSimError } from "../errors.js";
import { type AssistantThreadRecord, channelOf, dmIdOf, SIM_WORKSPACE, type SimState, userOf } from "../state.js";
import type { AssistantContext, SimMessage } from "../types.js";
import type { SendOptions } from "./common.js";
import type { DeliveryContext } from "./deliver.js";
import { type EventLog, type EventResult, type MessageInput, sendEvent, sendMessageEvent } from "./events.js";

// A person using the bot's AI assistant container (https://docs.slack.dev/reference/events/assistant_thread_started,
// .../assistant_thread_context_changed). Opening it starts a new thread in the person's DM with the bot: Slack
// roots the thread on a message of subtype `assistant_app_thread` (text "New chat", as Slack's own Bolt fixtures
// show it), which is why Bolt's default context store skips messages that have a subtype when it looks for the
// bot's first reply. What the person types there is a plain `message` event with `channel_type: "im"` and
// `thread_ts`: the shape Bolt's `isAssistantMessage` routes to the Assistant's `userMessage`.
// With the app in agent view (`features.agent_view`, https://docs.slack.dev/ai/migrating-to-agent-messaging/) there
// is no assistant container: the person opens the app's DM (its Messages tab), which Slack reports as
// `app_home_opened` with `tab: "messages"` "instead of `assistant_thread_started`", and writes there as in any DM
// (`message()`), each top-level message the root of a thread.

/** Where the person is in Slack while the assistant is open. */
export interface AssistantContextInput {
  /** The channel they are viewing; absent when none (the event then carries no `channel_id`). */
  channelId?: string;
  /** Default the sim's team. */
  teamId?: string;
  /** Sent only when given: the sim's workspace is not part of an Enterprise Grid. */
  enterpriseId?: string;
}

/** The person opens the bot's assistant container. */
export interface OpenAssistantInput extends SendOptions {
  user: string;
  context?: AssistantContextInput;
}

/** The new thread (in `sim.dm(user)`) and the app's ack of `assistant_thread_started`. */
export interface OpenAssistantResult {
  channel: string;
  threadTs: string;
  result: EventResult;
}

/** The person, with the assistant open, moves to another channel. */
export interface ChangeAssistantContextInput extends SendOptions {
  user: string;
  channel: string;
  threadTs: string;
  context: AssistantContextInput;
}

/** The person types in their assistant thread: as `message()`, in that thread. */
export interface AssistantMessageInput extends Omit<MessageInput, "threadTs"> {
  threadTs: string;
}

/** The text Slack gives an assistant thread's root message. */
export const ASSISTANT_THREAD_ROOT_TEXT = "New chat";

function contextJson(input: AssistantContextInput = {}): AssistantContext {
  return {
    ...(input.channelId ? { channel_id: input.channelId } : {}),
    team_id: input.teamId ?? SIM_WORKSPACE.teamId,
    ...(input.enterpriseId ? { enterprise_id: input.enterpriseId } : {}),
  };
}

/** Slack's `assistant_thread` object, as both assistant events carry it. */
const threadJson = (record: AssistantThreadRecord) => ({
  user_id: record.user,
  context: record.context,
  channel_id: record.channel,
  thread_ts: record.threadTs,
});

/** The person's assistant thread at (`channel`, `threadTs`); a caller mistake throws. */
function ownThread(state: SimState, user: string, channel: string, threadTs: string): AssistantThreadRecord {
  const id = channelOf(state, channel)?.id ?? channel;
  const record = threadRecord(state, id, threadTs);
  if (!record?.assistant) {
    throw new SlackSimError("thread_not_found", `no assistant thread ${threadTs} in ${channel}: call openAssistant`);
  }
  if (record.user !== user) {
    throw new SlackSimError("invalid_options", `assistant thread ${threadTs} is ${record.user}'s, not ${user}'s`);
  }
  return record;
}

/** Starts an assistant thread in the person's DM with the bot and sends `assistant_thread_started`. */
export async function sendAssistantOpened(
  context: DeliveryContext,
  log: EventLog,
  input: OpenAssistantInput,
): Promise<OpenAssistantResult> {
  const { state } = context;
  if (state.appView === "agent") {
    throw new SlackSimError(
      "invalid_options",
      "the app is in agent view (features.agent_view): there is no assistant container; open its DM with openMessages(user) and write there with message()",
    );
  }
  const user = userOf(state, input.user);
  const channel = channelOf(state, dmIdOf(user.id))?.id ?? dmIdOf(user.id);
  const root: SimMessage = {
    channel,
    ts: state.nextTs(),
    user: user.id,
    fromBot: false,
    text: ASSISTANT_THREAD_ROOT_TEXT,
    ephemeral: false,
    files: [],
    subtype: "assistant_app_thread",
  };
  state.messages.push(root);
  const record = addThreadRecord(state, {
    channel,
    threadTs: root.ts,
    assistant: true,
    user: user.id,
    context: contextJson(input.context),
  });
  const event = { type: "assistant_thread_started", assistant_thread: threadJson(record), event_ts: state.nextTs() };
  const result = await sendEvent(context, log, event, input);
  return { channel, threadTs: root.ts, result };
}

/** Records the person's new context and sends `assistant_thread_context_changed`. */
export async function sendAssistantContextChanged(
  context: DeliveryContext,
  log: EventLog,
  input: ChangeAssistantContextInput,
): Promise<EventResult> {
  const { state } = context;
  const record = ownThread(state, input.user, input.channel, input.threadTs);
  record.context = contextJson(input.context);
  const event = {
    type: "assistant_thread_context_changed",
    assistant_thread: threadJson(record),
    event_ts: state.nextTs(),
  };
  return sendEvent(context, log, event, input);
}

/** Posts the person's message in their assistant thread and sends the `message` event (`channel_type: "im"`). */
export async function sendAssistantMessage(
  context: DeliveryContext,
  log: EventLog,
  input: AssistantMessageInput,
): Promise<EventResult> {
  const record = ownThread(context.state, input.user, input.channel, input.threadTs);
  const sent = await sendMessageEvent(
    context,
    log,
    { ...input, channel: record.channel, threadTs: record.threadTs },
    false,
  );
  // The bot is always in a DM (state.ts), so the event always goes; this keeps the type honest.
  if (!sent.delivered) throw new SlackSimError("invalid_options", `the bot is not in ${record.channel}`);
  return sent;
}

/**
 * The person opens the app's DM, its Messages tab: `app_home_opened` with `tab: "messages"` and the DM's `channel`
 * (https://docs.slack.dev/reference/events/app_home_opened/). Slack sends it in either view; in agent view it is
 * what replaces `assistant_thread_started` (https://docs.slack.dev/ai/migrating-to-agent-messaging/). No `view`: a
 * Messages tab has none.
 */
export async function sendMessagesOpened(context: DeliveryContext, log: EventLog, user: string): Promise<EventResult> {
  const { state } = context;
  const person = userOf(state, user);
  const channel = channelOf(state, dmIdOf(person.id))?.id ?? dmIdOf(person.id);
  const event = { type: "app_home_opened", user: person.id, channel, tab: "messages", event_ts: state.nextTs() };
  return sendEvent(context, log, event, {});
}

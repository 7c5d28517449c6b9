import {
  AGENT_SESSION_STOPPED_EVENT,
  agentSessionsState,
  findSession,
  subscribesToStop,
} from "../agent-sessions-state.js";
import { SlackSimError } from "../errors.js";
import { channelOf, userOf } from "../state.js";
import { settleStream } from "../stream-state.js";
import type { SendOptions } from "./common.js";
import type { DeliveryContext } from "./deliver.js";
import { type EventLog, type EventResult, sendEvent } from "./events.js";

// Slack's stop button on an agent session (https://docs.slack.dev/reference/events/agent_session_stopped/): shown
// "while an agent session is in the processing status" and only while the app subscribes to agent_session_stopped
// (else "the user sees a non-interactive loading indicator instead"). A click stops "your app's in-progress
// streaming messages" in the thread and sends the event with their timestamps (`streaming_message_ts`, "an empty
// array when no stream was active"). "The session status does not update automatically when the user clicks stop.
// Your app is responsible for transitioning the status": the sim leaves it `processing` for the app to move.

/** A person clicks the stop button of the session on `threadTs` in `channel` (a `D<user>`, a user id or a channel). */
export interface StopAgentSessionInput extends SendOptions {
  channel: string;
  threadTs: string;
  user: string;
}

/** The event sent (with the app's ack) and the streams Slack stopped. */
export interface StopAgentSessionResult extends EventResult {
  streamingMessageTs: string[];
}

/**
 * Clicks Stop. Throws `session_not_found` when the thread has no session, `no_stop_button` when none shows (the
 * session is not `processing`, or the app does not subscribe to the event), `invalid_options` when `user` cannot
 * see the thread (someone else's DM with the app).
 */
export async function sendAgentSessionStop(
  context: DeliveryContext,
  log: EventLog,
  input: StopAgentSessionInput,
): Promise<StopAgentSessionResult> {
  const { state } = context;
  const channel = channelOf(state, input.channel)?.id ?? input.channel;
  const record = findSession(state, channel, input.threadTs);
  if (!record) {
    throw new SlackSimError("session_not_found", `no agent session on thread ${input.threadTs} in ${channel}`);
  }
  if (record.status !== "processing") {
    throw new SlackSimError(
      "no_stop_button",
      `the session is ${record.status}: Slack shows its stop button only while it is processing`,
    );
  }
  if (!subscribesToStop(state)) {
    throw new SlackSimError(
      "no_stop_button",
      `the app does not subscribe to ${AGENT_SESSION_STOPPED_EVENT}: Slack shows a loading indicator, not a stop button`,
    );
  }
  const person = userOf(state, input.user);
  if (channel.startsWith("D") && channel.slice(1) !== person.id) {
    throw new SlackSimError("invalid_options", `${person.id} cannot see ${channel}, another person's DM with the app`);
  }

  const now = state.now();
  const streamingMessageTs: string[] = [];
  for (const message of state.messages) {
    if (message.channel !== channel || message.threadTs !== input.threadTs || !message.fromBot) continue;
    if (!settleStream(message, now) || !message.stream) continue;
    message.stream.state = "stopped";
    message.stream.stoppedBy = "user";
    message.stream.stoppedAt = now;
    streamingMessageTs.push(message.ts);
  }
  agentSessionsState(state).stops.push({
    channel,
    threadTs: input.threadTs,
    user: person.id,
    streamingMessageTs: [...streamingMessageTs],
    at: now,
  });
  // The documented payload; team_id is on the envelope ("As with all Events API deliveries").
  const event = {
    type: AGENT_SESSION_STOPPED_EVENT,
    channel,
    user: person.id,
    thread_ts: input.threadTs,
    streaming_message_ts: streamingMessageTs,
    event_ts: state.nextTs(),
  };
  const result = await sendEvent(context, log, event, input);
  return { ...result, streamingMessageTs };
}

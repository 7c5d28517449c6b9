import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from "@slack/bolt";
import { retireStoppedConfirmations, setSessionStatus, stopThread } from "../../delivery/agent-sessions.js";
import { assistantSurface, isAssistantThread } from "../../delivery/assistant-thread.js";
import { conversationSurface } from "../../delivery/conversation.js";
import type { BotDeps } from "../../deps.js";
import { sessionStoppedMessage } from "../../messages/agent-sessions.js";

type Args = SlackEventMiddlewareArgs<"agent_session_stopped"> & AllMiddlewareArgs;

/**
 * A person clicked Stop on one of the bot's agent sessions (https://docs.slack.dev/reference/events/agent_session_stopped/,
 * decision 0028). The page asks the app to "Stop any in-progress work for the given channel and thread", "confirm to
 * the user that work has stopped" and move the session out of `processing` itself ("The session status does not
 * update automatically"). So: every job and confirmation of the clicker under way in the thread is stopped, on
 * whichever replica runs it (the stop is recorded in the store: delivery/agent-sessions.ts `stopThread`): a job not
 * yet sent is never sent; one already sent is paid and kept in the person's history, not posted; a confirmation is
 * taken, so its Confirm spends nothing. The thread is told what stopped and what it cost, and the session becomes
 * `active` (still `processing` while other people's work goes on there).
 * Slack itself already stopped the streams it lists in `streaming_message_ts`. Bolt acks before this runs.
 */
export function agentSessionStopped(deps: BotDeps) {
  return async function onAgentSessionStopped({ event, client }: Args): Promise<void> {
    const { channel, thread_ts: threadTs, user } = event;
    // Recorded in the store for whichever replica runs the work (a confirmation is taken there: its Confirm, on any
    // replica, sends nothing); this replica's own work in the thread stops at once.
    const { stopped, others, repeated } = await stopThread(deps, channel, threadTs, user);
    deps.logger.info(
      {
        user,
        channel,
        stopped: stopped.map((work) => ({ kind: work.kind, id: work.id, sent: work.sent })),
        others,
        repeated: repeated ?? false,
        streams: event.streaming_message_ts.length,
      },
      "agent session stopped by its person",
    );
    // A second click on the same stop (two clients, a double click): the first one's note and status said it all.
    if (repeated) return;
    const place = { user, channel, threadTs };
    const surface = isAssistantThread(place)
      ? assistantSurface(deps, client, place)
      : conversationSurface(client, place);
    const note = sessionStoppedMessage(user, stopped, others);
    try {
      // Only the clicker needs to hear that nothing of theirs ran: in a channel's thread, an ephemeral to them (in a
      // DM, with only the two of them there, it is a reply).
      await (stopped.length === 0 ? surface.ephemeral(note) : surface.reply(note));
    } catch (error) {
      deps.logger.warn({ err: error, channel }, "could not say that the session stopped");
    }
    // A confirmation it took keeps no buttons that would do nothing (where it is a message of the thread).
    await retireStoppedConfirmations(deps, client, place, stopped);
    // Other people's work still under way keeps the thread processing: their Stop is theirs to click.
    await setSessionStatus(deps, { client, channel, threadTs }, others > 0 ? "processing" : "active");
  };
}

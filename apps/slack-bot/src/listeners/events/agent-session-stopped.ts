import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from "@slack/bolt";
import { setSessionStatus, stopSessionWork } from "../../delivery/agent-sessions.js";
import { assistantSurface, isAssistantThread } from "../../delivery/assistant-thread.js";
import { conversationSurface } from "../../delivery/conversation.js";
import type { BotDeps } from "../../deps.js";
import { sessionStoppedMessage } from "../../messages/agent-sessions.js";

type Args = SlackEventMiddlewareArgs<"agent_session_stopped"> & AllMiddlewareArgs;

/**
 * A person clicked Stop on one of the bot's agent sessions (https://docs.slack.dev/reference/events/agent_session_stopped/,
 * decision 0028). The page asks the app to "Stop any in-progress work for the given channel and thread", "confirm to
 * the user that work has stopped" and move the session out of `processing` itself ("The session status does not
 * update automatically"). So: every job and confirmation under way in the thread is stopped (a job not yet sent is
 * never sent; one already sent is paid and kept in the person's history, not posted; a confirmation is taken, so its
 * Confirm spends nothing), the thread is told what stopped and what it cost, and the session becomes `active`.
 * Slack itself already stopped the streams it lists in `streaming_message_ts`. Bolt acks before this runs.
 */
export function agentSessionStopped(deps: BotDeps) {
  return async function onAgentSessionStopped({ event, client }: Args): Promise<void> {
    const { channel, thread_ts: threadTs, user } = event;
    const { stopped, others } = stopSessionWork(deps, channel, threadTs, user);
    for (const work of stopped) {
      if (work.kind !== "confirm") continue;
      // Taken now, so a later Confirm finds it used (and is told it was stopped): the request is never sent.
      await deps.store.pendingRequests
        .take(work.id, user)
        .catch((error: unknown) => deps.logger.warn({ err: error, user }, "could not take a stopped confirmation"));
    }
    deps.logger.info(
      {
        user,
        channel,
        stopped: stopped.map((work) => ({ kind: work.kind, id: work.id, sent: work.sent })),
        others,
        streams: event.streaming_message_ts.length,
      },
      "agent session stopped by its person",
    );
    const place = { user, channel, threadTs };
    const surface = isAssistantThread(place)
      ? assistantSurface(deps, client, place)
      : conversationSurface(client, place);
    try {
      await surface.reply(sessionStoppedMessage(user, stopped, others));
    } catch (error) {
      deps.logger.warn({ err: error, channel }, "could not say that the session stopped");
    }
    // Other people's work still under way keeps the thread processing: their Stop is theirs to click.
    await setSessionStatus(deps, { client, channel, threadTs }, others > 0 ? "processing" : "active");
  };
}

import { SlackSimError } from "@studio-kit/slack-sim";
import type { AgentStopAnswer } from "../../shared/agent-view.js";
import { sessionView } from "../agent-view.js";
import type { RouteContext } from "../context.js";
import { HttpError } from "../http/errors.js";
import { json, optionalString, readJson, requireString } from "../http/responses.js";
import type { Router } from "../http/router.js";
import { requireAck, simAction } from "../sim-errors.js";
import { isKnownChannel, personOf } from "../workspace.js";

function checkedUser(source: Record<string, unknown>): string {
  const user = requireString(source, "user");
  if (!personOf(user))
    throw new HttpError(400, "unknown_user", "Pick one of the workspace's people (GET /api/workspace).");
  return user;
}

/** The agent view's endpoints are refused while the bot is installed with the assistant view (no sessions drawn). */
function requireAgentView(context: RouteContext): void {
  if (context.workspace().surface !== "agent") {
    throw new HttpError(
      409,
      "not_agent_view",
      "The bot runs with the assistant view (STUDIO_SLACK_SURFACE=assistant): there is no agent view to act in.",
    );
  }
}

/**
 * The agent view's actions (CONTRACT.md, "The agent view"): POST /api/agent/open is the person opening the bot's
 * DM, its Messages tab (`app_home_opened` with `tab: "messages"`, which replaces `assistant_thread_started`:
 * https://docs.slack.dev/ai/migrating-to-agent-messaging/); POST /api/agent/stop is a click on Slack's stop button of
 * a session that is `processing` (`agent_session_stopped`: https://docs.slack.dev/reference/events/agent_session_stopped/).
 * What the bot does about either shows in /api/state.
 */
export function register(router: Router, context: RouteContext): void {
  const { sim } = context;

  router.add("POST", "/api/agent/open", async (request) => {
    requireAgentView(context);
    const user = checkedUser(await readJson(request));
    requireAck(await simAction(() => sim.openMessages(user)));
    return json({ ok: true, channel: sim.dm(user) });
  });

  router.add("POST", "/api/agent/stop", async (request) => {
    requireAgentView(context);
    const body = await readJson(request);
    const user = checkedUser(body);
    const threadTs = requireString(body, "threadTs");
    // The person's DM with the bot unless a channel is named (a mention answered in a channel's thread).
    const channel = optionalString(body, "channel") ?? sim.dm(user);
    // Nobody sees another person's DM with the bot, so nobody stops a session there.
    if (!isKnownChannel(sim, channel) || (channel.startsWith("D") && channel !== sim.dm(user))) {
      throw new HttpError(404, "channel_not_found", "Pick one of your own conversations (GET /api/workspace).");
    }
    const session = sessionView(sim, channel, threadTs);
    if (!session) {
      throw new HttpError(404, "session_not_found", "That thread has no agent session: Studio is not working there.");
    }
    // Slack shows the button only while the session is processing, and only to an app subscribed to the event.
    if (session.status !== "processing") {
      throw new HttpError(409, "not_processing", `Studio is not working in that thread any more (${session.status}).`);
    }
    if (!session.stopButton) {
      throw new HttpError(
        409,
        "no_stop_button",
        "Slack shows no stop button here: the app does not subscribe to agent_session_stopped.",
      );
    }
    const stopped = await simAction(async () => {
      try {
        return await sim.stopAgentSession({ channel, threadTs, user });
      } catch (error) {
        // The bot moved the session on between the check above and the click: Slack's button was gone by then.
        if (error instanceof SlackSimError && error.code === "no_stop_button") {
          throw new HttpError(409, "not_processing", "Studio is not working in that thread any more.", {
            cause: error,
          });
        }
        throw error;
      }
    });
    requireAck(stopped);
    return json({ ok: true } satisfies AgentStopAnswer);
  });
}

import type { AssistantOpened } from "../../shared/api.js";
import { assistantThreadState, isOwnAssistantThread } from "../assistant.js";
import type { RouteContext } from "../context.js";
import { HttpError } from "../http/errors.js";
import { json, optionalString, readJson, requireString } from "../http/responses.js";
import type { Router } from "../http/router.js";
import { requireAck, simAction } from "../sim-errors.js";
import { isKnownChannel, personOf } from "../workspace.js";
import { MAX_TEXT } from "./send.js";

function checkedUser(source: Record<string, unknown>): string {
  const user = requireString(source, "user");
  if (!personOf(user))
    throw new HttpError(400, "unknown_user", "Pick one of the workspace's people (GET /api/workspace).");
  return user;
}

/** Where the person is while the assistant is open (Slack's `context.channel_id`): a channel the page knows. */
function viewedChannel(context: RouteContext, source: Record<string, unknown>): string | undefined {
  const channel = optionalString(source, "channel");
  if (channel && !isKnownChannel(context.sim, channel)) {
    throw new HttpError(404, "channel_not_found", "Pick one of the workspace's channels (GET /api/workspace).");
  }
  return channel;
}

/** The person's own assistant thread named by `threadTs` (in their DM with the bot), else 404. */
function ownThread(context: RouteContext, user: string, source: Record<string, unknown>) {
  const threadTs = requireString(source, "threadTs");
  const channel = context.sim.dm(user);
  if (!isOwnAssistantThread(context.sim, user, channel, threadTs)) {
    throw new HttpError(404, "thread_not_found", "No such assistant chat of yours: start a new chat.");
  }
  return { channel, threadTs };
}

/**
 * The assistant pane's endpoints (Slack's AI split view): POST /api/assistant/open starts a thread
 * (`assistant_thread_started`), /api/assistant/send writes in it, /api/assistant/context says where the person
 * went, and GET /api/assistant/state reads it (long poll, as /api/state).
 */
export function register(router: Router, context: RouteContext): void {
  const { sim } = context;

  router.add("POST", "/api/assistant/open", async (request) => {
    const body = await readJson(request);
    const user = checkedUser(body);
    const channel = viewedChannel(context, body);
    const opened = await simAction(() =>
      sim.openAssistant({ user, ...(channel ? { context: { channelId: channel } } : {}) }),
    );
    requireAck(opened.result);
    return json({ channel: opened.channel, threadTs: opened.threadTs } satisfies AssistantOpened);
  });

  router.add("POST", "/api/assistant/send", async (request) => {
    const body = await readJson(request);
    const user = checkedUser(body);
    const thread = ownThread(context, user, body);
    const text = typeof body.text === "string" ? body.text : "";
    if (text.trim() === "") throw new HttpError(400, "empty_text", "Type something to send.");
    if (text.length > MAX_TEXT) throw new HttpError(400, "msg_too_long", "Messages are at most 40,000 characters.");
    // Before the message goes: the bot may answer with new prompts before this request returns.
    context.assistant.spoke(thread.channel, thread.threadTs);
    requireAck(await simAction(() => sim.assistantMessage({ user, ...thread, text })));
    return json({ ok: true });
  });

  router.add("POST", "/api/assistant/context", async (request) => {
    const body = await readJson(request);
    const user = checkedUser(body);
    const thread = ownThread(context, user, body);
    const channel = viewedChannel(context, body);
    const moved = { user, ...thread, context: channel ? { channelId: channel } : {} };
    requireAck(await simAction(() => sim.changeAssistantContext(moved)));
    return json({ ok: true });
  });

  router.add("GET", "/api/assistant/state", async (request) => {
    const query = Object.fromEntries(new URL(request.url).searchParams);
    const user = checkedUser(query);
    const thread = ownThread(context, user, query);
    const since = query.since === undefined || query.since === "" ? undefined : Number(query.since);
    if (since !== undefined && !Number.isInteger(since)) {
      throw new HttpError(400, "invalid_request", '"since" must be a version number from an earlier answer.');
    }
    if (since !== undefined && since === context.tracker.version()) {
      await context.tracker.waitForChange(since, context.longPollMs, request.signal);
    }
    const state = assistantThreadState(sim, context.assistant, { user, ...thread }, context.tracker.version());
    // ownThread checked it; only a sim that lost the thread in between would get here.
    if (!state) throw new HttpError(404, "thread_not_found", "No such assistant chat of yours: start a new chat.");
    return json(state);
  });
}

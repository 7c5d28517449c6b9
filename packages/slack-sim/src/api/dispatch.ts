import type { RateLimiter } from "../rate-limits.js";
import type { SimState } from "../state.js";
import * as agentSessions from "./agent-sessions.js";
import { type ApiResult, type Args, fail, readArgs, redact, str } from "./args.js";
import * as assistant from "./assistant.js";
import * as chat from "./chat.js";
import * as directory from "./directory.js";
import { presentDetails } from "./entity.js";
import * as files from "./files.js";
import { filesInfo } from "./files-info.js";
import * as functions from "./functions.js";
import * as history from "./history.js";
import { getPermalink } from "./permalink.js";
import * as stream from "./stream.js";
import { chatUnfurl } from "./unfurl.js";
import * as usergroups from "./usergroups.js";
import * as views from "./views.js";

type Method = (state: SimState, args: Args, baseUrl: string) => ApiResult;

/** Every Web API method the sim answers; anything else gets Slack's `unknown_method`. */
export const METHODS: Record<string, Method> = {
  "auth.test": directory.authTest,
  "chat.postMessage": chat.postMessage,
  "chat.postEphemeral": chat.postEphemeral,
  "chat.update": chat.update,
  "chat.delete": chat.remove,
  "chat.getPermalink": getPermalink,
  "chat.unfurl": chatUnfurl,
  "entity.presentDetails": presentDetails,
  "chat.startStream": stream.startStream,
  "chat.appendStream": stream.appendStream,
  "chat.stopStream": stream.stopStream,
  "views.open": views.open,
  "views.push": views.push,
  "views.update": views.update,
  "views.publish": views.publish,
  "conversations.history": history.conversationsHistory,
  "conversations.replies": history.conversationsReplies,
  "conversations.info": directory.conversationsInfo,
  "conversations.join": directory.conversationsJoin,
  "conversations.open": directory.conversationsOpen,
  "users.info": directory.usersInfo,
  "usergroups.users.list": usergroups.usersList,
  "files.getUploadURLExternal": files.getUploadURLExternal,
  "files.completeUploadExternal": files.completeUploadExternal,
  "files.info": filesInfo,
  "assistant.threads.setStatus": assistant.setStatus,
  "assistant.threads.setSuggestedPrompts": assistant.setSuggestedPrompts,
  "assistant.threads.setTitle": assistant.setTitle,
  "agents.sessions.setStatus": agentSessions.setStatus,
  "agents.sessions.rename": agentSessions.rename,
  "functions.completeSuccess": functions.completeSuccess,
  "functions.completeError": functions.completeError,
};

const answer = (body: ApiResult, status = 200, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });

/** Slack's rate limit answer (https://api.slack.com/apis/rate-limits): HTTP 429 with Retry-After in seconds. */
const rateLimited = (retryAfter: number): Response =>
  answer(fail("ratelimited"), 429, { "retry-after": String(retryAfter) });

/**
 * Answers `POST /api/<method>`: checks the bot token (header, or `token` in the body as older clients send it),
 * answers an injected fault if one is queued, refuses a call over its rate limit (when `limiter` is given) without
 * running it, runs the method, and records the call with tokens redacted.
 */
export async function dispatch(
  state: SimState,
  botToken: string,
  method: string,
  request: Request,
  limiter?: RateLimiter,
): Promise<Response> {
  const args = await readArgs(request);
  const bearer = request.headers.get("authorization")?.replace(/^Bearer\s+/i, "");
  const token = bearer || str(args.token);
  const record = (status: number, result: ApiResult): void => {
    state.calls.push({
      method,
      args: redact(args),
      at: state.now(),
      status,
      ok: result.ok,
      ...(result.ok ? {} : { error: result.error }),
    });
  };

  const faults = state.faults.get(method) ?? [];
  const at = faults.findIndex((queued) => !queued.when || queued.when(args));
  const fault = at < 0 ? undefined : faults.splice(at, 1)[0];
  if (fault) {
    if ("status" in fault) {
      record(429, fail("ratelimited"));
      return rateLimited(fault.retryAfter);
    }
    const result = fail(fault.error);
    record(200, result);
    return answer(result);
  }

  const run = METHODS[method];
  let result: ApiResult;
  if (!run) result = fail("unknown_method");
  else if (!token) result = fail("not_authed");
  // A custom step's `bot_access_token` is accepted beside the bot token (api/functions.ts).
  else if (token !== botToken && !functions.isFunctionToken(state, token)) result = fail("invalid_auth");
  else {
    // Slack counts an app's calls per method (and chat.postMessage per channel): only authenticated calls count.
    const retryAfter = limiter?.admit(method, args);
    if (retryAfter !== undefined) {
      record(429, fail("ratelimited"));
      return rateLimited(retryAfter);
    }
    try {
      result = run(state, args, new URL(request.url).origin);
    } catch (error) {
      // A JSON argument that does not parse: Slack answers invalid_arguments (or invalid_blocks_format).
      result = fail(error instanceof SyntaxError ? "invalid_arguments" : "internal_error");
    }
  }
  record(200, result);
  return answer(result);
}

// apps.connections.open: the app-level token in, a WebSocket URL on the sim's own server out.
// https://docs.slack.dev/reference/methods/apps.connections.open
import { type ApiResult, fail, readArgs, redact, str } from "../api/args.js";
import type { SimState } from "../state.js";

const METHOD = "apps.connections.open";

/**
 * Answers `POST /api/apps.connections.open` as Slack documents it:
 * - the token must be an app-level token (`xapp-`) in the `Authorization` header: "passing it as a POST parameter
 *   will result in an error" (the reference names no error; `invalid_auth` is what people report getting);
 * - no token at all: `not_authed`; a bot or user token: `not_allowed_token_type`; another app's (or, with the sim on
 *   HTTP, any) app-level token: `invalid_auth`;
 * - otherwise `{ ok: true, url }`, a `ws://` URL on the sim (Slack's is `wss://.../link/?ticket=...&app_id=...`).
 * A fault queued with `failNext("apps.connections.open", ...)` is answered first; the call is kept in `calls()`,
 * tokens redacted.
 */
export async function openConnection(
  state: SimState,
  request: Request,
  appToken: string | undefined,
  issueUrl: () => string,
): Promise<Response> {
  const args = await readArgs(request);
  const header = request.headers.get("authorization")?.replace(/^Bearer\s+/i, "");
  const answer = (status: number, result: ApiResult, headers: Record<string, string> = {}): Response => {
    state.calls.push({
      method: METHOD,
      args: redact(args),
      at: state.now(),
      status,
      ok: result.ok,
      ...(result.ok ? {} : { error: result.error }),
    });
    return new Response(JSON.stringify(result), {
      status,
      headers: { "content-type": "application/json; charset=utf-8", ...headers },
    });
  };
  const fault = state.faults.get(METHOD)?.shift();
  if (fault) {
    if ("status" in fault) return answer(429, fail("ratelimited"), { "retry-after": String(fault.retryAfter) });
    return answer(200, fail(fault.error));
  }
  if (!header) return answer(200, fail(str(args.token) ? "invalid_auth" : "not_authed"));
  if (!header.startsWith("xapp-")) return answer(200, fail("not_allowed_token_type"));
  if (!appToken || header !== appToken) return answer(200, fail("invalid_auth"));
  return answer(200, { ok: true, url: issueUrl() });
}

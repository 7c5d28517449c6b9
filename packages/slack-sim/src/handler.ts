import { dispatch } from "./api/dispatch.js";
import { receiveUpload } from "./api/files.js";
import { serveFile, signInPage } from "./downloads.js";
import type { RateLimiter } from "./rate-limits.js";
import { handleResponseUrl } from "./respond.js";
import type { SimState } from "./state.js";

const READS = new Set(["GET", "HEAD"]);

/**
 * The sim's one fetch-style handler, behind both the HTTP server and in-process use:
 * `POST /api/<method>` (the Web API), `POST /response/<id>` (response_urls), `POST /upload/<file id>` (upload_urls),
 * `GET /files-pri/...` (shared files' `url_private[_download]`) and `GET /signin` (where refused downloads land).
 * With a `limiter`, Web API calls over Slack's rate limits are answered 429. `openConnection` answers
 * `apps.connections.open`, the one method called with an app-level token (socket-mode/connections-open.ts).
 */
export function createHandler(
  state: SimState,
  botToken: string,
  limiter?: RateLimiter,
  openConnection?: (request: Request) => Promise<Response>,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const { pathname } = new URL(request.url);
    const [, kind, id, ...rest] = pathname.split("/");
    if (kind === "files-pri" || kind === "signin") {
      if (!READS.has(request.method)) return new Response("method not allowed", { status: 405 });
      return kind === "signin" ? signInPage(request) : serveFile(state, botToken, [id ?? "", ...rest], request);
    }
    if (request.method !== "POST" && !(request.method === "GET" && kind === "api")) {
      return new Response("method not allowed", { status: 405 });
    }
    if (!id || rest.length > 0) return new Response("not found", { status: 404 });
    if (kind === "api" && id === "apps.connections.open" && openConnection) return openConnection(request);
    if (kind === "api") return dispatch(state, botToken, decodeURIComponent(id), request, limiter);
    if (kind === "response") return handleResponseUrl(state, id, request);
    if (kind === "upload") return receiveUpload(state, id, request);
    return new Response("not found", { status: 404 });
  };
}

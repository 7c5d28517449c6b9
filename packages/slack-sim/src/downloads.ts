import { parseFileUrl } from "./shared-files.js";
import type { SimState } from "./state.js";

// Slack's file host serves `url_private` / `url_private_download` only to a request with
// `Authorization: Bearer <token>` (https://api.slack.com/types/file, "Authentication"). Without it, or with a
// token that cannot read the file, Slack does not answer 401: it redirects to the workspace's sign-in page, which
// answers 200 with HTML. A client that follows redirects therefore "downloads" a login page; that is the trap the
// sim reproduces (a 302 to `/signin`, whose page is HTML), so that an app has to notice the redirect.

const SIGN_IN_PAGE =
  "<!DOCTYPE html><html><head><title>Sign in | Slack</title></head>" +
  "<body><h1>Sign in to studio-sim</h1></body></html>";

/** The page a refused download is redirected to: 200, HTML, like Slack's sign-in page. */
export function signInPage(request: Request): Response {
  const body = request.method === "HEAD" ? null : SIGN_IN_PAGE;
  return new Response(body, { status: 200, headers: { "content-type": "text/html; charset=utf-8" } });
}

/**
 * Answers `GET`/`HEAD /files-pri/<team>-<id>/[download/]<name>`: the bytes with Content-Length and Content-Type
 * (and `Content-Disposition: attachment` for the download form) for the bot token, a 302 to the sign-in page
 * otherwise, 404 for a file that does not exist. Every request is recorded (`sim.downloads()`), never the token.
 */
export function serveFile(state: SimState, botToken: string, segments: string[], request: Request): Response {
  const url = new URL(request.url);
  const parsed = parseFileUrl(segments);
  const bearer = request.headers.get("authorization")?.match(/^Bearer\s+(\S+)$/i)?.[1];
  const authorized = bearer === botToken;
  const record = (status: number) =>
    state.downloads.push({ fileId: parsed?.fileId ?? "", at: state.now(), status, authorized });
  if (!authorized) {
    record(302);
    const location = `${url.origin}/signin?redir=${encodeURIComponent(url.pathname)}`;
    return new Response(null, { status: 302, headers: { location } });
  }
  const file = parsed ? state.files.get(parsed.fileId) : undefined;
  if (!parsed || !file) {
    record(404);
    return new Response("file not found", { status: 404, headers: { "content-type": "text/plain" } });
  }
  record(200);
  const headers: Record<string, string> = {
    "content-type": file.mimetype,
    "content-length": String(file.size),
  };
  if (parsed.download) headers["content-disposition"] = `attachment; filename="${encodeURIComponent(file.name)}"`;
  // A copy: the response must not hand out the sim's own buffer.
  return new Response(request.method === "HEAD" ? null : file.bytes.slice(), { status: 200, headers });
}

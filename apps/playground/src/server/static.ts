// Serves the built page (dist/web: index.html, app.js, app.css and whatever else the page's build puts there).
// Only files under the root are served: dot segments are refused before the URL is resolved (http/node.ts) and
// here again, and the real path (symlinks resolved) must still be under the root's real path.
import { createReadStream } from "node:fs";
import { realpath, stat } from "node:fs/promises";
import { extname, join, sep } from "node:path";
import { Readable } from "node:stream";
import { apiError } from "./http/responses.js";

/** Content types by extension; anything else is a download (`application/octet-stream`). */
const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
};

/** The content type the server sends for a file name. */
export const contentTypeOf = (name: string): string => TYPES[extname(name).toLowerCase()] ?? "application/octet-stream";

const notFound = () => apiError(404, "not_found", "Nothing here: the page is at /.");

/** The relative path inside the root a URL path names, or undefined when it tries to leave it. */
export function safeRelativePath(pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes("\0")) return undefined;
  const segments = decoded.split(/[/\\]/).filter((segment) => segment !== "");
  if (segments.some((segment) => segment === "." || segment === "..")) return undefined;
  return segments.length === 0 ? "index.html" : segments.join(sep);
}

/** A fetch-style handler serving files under `root` for GET and HEAD. */
export function createStaticHandler(root: string): (request: Request) => Promise<Response> {
  let realRoot: Promise<string | undefined> | undefined;
  return async (request) => {
    if (request.method !== "GET" && request.method !== "HEAD") {
      return apiError(405, "method_not_allowed", "Use GET for the page's files.", { allow: "GET, HEAD" });
    }
    const relative = safeRelativePath(new URL(request.url).pathname);
    if (relative === undefined) return apiError(400, "bad_path", "Paths with . or .. segments are not served.");
    // Resolved on first use, not at start: the page may be built after the server started.
    realRoot ??= realpath(root).catch(() => undefined);
    const base = await realRoot;
    if (!base) {
      realRoot = undefined;
      return apiError(
        404,
        "page_not_built",
        "The page is not built yet: run pnpm --filter @studio-kit/playground build.",
      );
    }
    let path: string;
    try {
      path = await realpath(join(base, relative));
    } catch {
      return notFound();
    }
    if (path !== base && !path.startsWith(base + sep)) return notFound();
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) return notFound();
    const headers = {
      "content-type": contentTypeOf(path),
      "content-length": String(info.size),
      "x-content-type-options": "nosniff",
      // The page is rebuilt while the server runs (tsup --watch): always revalidate.
      "cache-control": "no-cache",
      "last-modified": info.mtime.toUTCString(),
    };
    if (request.method === "HEAD") return new Response(null, { headers });
    const body = Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>;
    return new Response(body, { headers });
  };
}

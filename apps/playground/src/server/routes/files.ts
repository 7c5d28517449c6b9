import type { RouteContext } from "../context.js";
import { HttpError } from "../http/errors.js";
import type { Router } from "../http/router.js";
import { parseRange } from "../range.js";

const PREVIEWABLE = /^(image|video|audio)\//;

/**
 * GET /api/files/:id: a shared file's bytes with its mimetype, for the page's image, video and audio previews.
 * The files are whatever people uploaded, served from the page's own origin: anything that is not an image, video
 * or audio is sent as a download, and every answer carries `nosniff` and a sandboxing CSP, so an uploaded HTML or SVG
 * file opened directly cannot run script as the page.
 */
export function register(router: Router, context: RouteContext): void {
  router.add("GET", "/api/files/:id", (request, params) => {
    const file = context.sim.file(params.id ?? "");
    if (!file) throw new HttpError(404, "file_not_found", "No file with that id: it may be from an earlier run.");
    const inline = PREVIEWABLE.test(file.mimetype);
    const headers: Record<string, string> = {
      "content-type": inline ? file.mimetype : "application/octet-stream",
      "content-disposition": `${inline ? "inline" : "attachment"}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      "accept-ranges": "bytes",
      // Ids start again at every run: never let a browser reuse bytes from an earlier one without asking.
      "cache-control": "private, no-cache",
    };
    // sim.file() hands out a copy in a fresh ArrayBuffer, which is what Response's typing wants to be told.
    const all = file.bytes as Uint8Array<ArrayBuffer>;
    const range = parseRange(request.headers.get("range"), file.size);
    if (range === "unsatisfiable") {
      return new Response(null, { status: 416, headers: { ...headers, "content-range": `bytes */${file.size}` } });
    }
    if (range) {
      const bytes = all.slice(range.start, range.end + 1);
      return new Response(bytes, {
        status: 206,
        headers: {
          ...headers,
          "content-range": `bytes ${range.start}-${range.end}/${file.size}`,
          "content-length": String(bytes.byteLength),
        },
      });
    }
    return new Response(all, { headers: { ...headers, "content-length": String(file.size) } });
  });
}

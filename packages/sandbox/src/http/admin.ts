import type { SandboxCore } from "../core.js";
import { handleFaultsAdmin } from "../faults/admin.js";
import { handleJournalAdmin } from "../journal/admin.js";
import { json, jsonError } from "./json.js";

/**
 * `POST /__sandbox/advance` `{"ms": N}` moves the virtual clock; `GET
 * /__sandbox/stats` returns request counts; `POST /__sandbox/stats/reset` zeroes
 * them. They take no key and live apart from /graphql.
 */
export async function handleAdmin(request: Request, path: string, core: SandboxCore): Promise<Response> {
  if (path === "/__sandbox/advance" && request.method === "POST") {
    let ms: unknown;
    try {
      ms = ((await request.json()) as { ms?: unknown }).ms;
    } catch {
      return jsonError(400, "BAD_REQUEST", 'Send a JSON body such as {"ms": 5000}.');
    }
    if (typeof ms !== "number" || !Number.isFinite(ms) || ms < 0) {
      return jsonError(400, "BAD_REQUEST", '"ms" must be a number of milliseconds, 0 or more.');
    }
    const now = core.clock.advance(ms);
    return json({ now: core.clock.iso(now) });
  }
  if (path === "/__sandbox/stats" && request.method === "GET") return json(core.stats.snapshot());
  if (path === "/__sandbox/stats/reset" && request.method === "POST") {
    core.stats.reset();
    return json(core.stats.snapshot());
  }
  if (path === "/__sandbox/clock" && request.method === "GET") return json({ now: core.clock.iso() });
  if (path === "/__sandbox/faults" || path.startsWith("/__sandbox/faults/")) {
    return handleFaultsAdmin(request, path, core);
  }
  if (path === "/__sandbox/requests") return handleJournalAdmin(request, core);
  return jsonError(404, "NOT_FOUND", `No admin endpoint ${request.method} ${path}.`);
}

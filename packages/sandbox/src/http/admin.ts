import { advanceProblem } from "../clock.js";
import type { SandboxCore } from "../core.js";
import { handleFaultsAdmin } from "../faults/admin.js";
import { handleJournalAdmin } from "../journal/admin.js";
import { readAdminJson } from "./admin-body.js";
import { json, jsonError } from "./json.js";

/**
 * `POST /__sandbox/advance` `{"ms": N}` moves the virtual clock; `GET
 * /__sandbox/stats` returns request counts; `POST /__sandbox/stats/reset` zeroes
 * them. They take no key and live apart from /graphql.
 */
export async function handleAdmin(request: Request, path: string, core: SandboxCore): Promise<Response> {
  if (path === "/__sandbox/advance" && request.method === "POST") {
    const body = await readAdminJson(request, '{"ms": 5000}');
    if (!body.ok) return body.response;
    const ms = (body.value as { ms?: unknown } | null)?.ms;
    // Checked here rather than caught from the clock: a refusal names the limit (issue 27: 1e308 broke the clock).
    const problem = advanceProblem(core.clock.now(), ms);
    if (problem) return jsonError(400, "BAD_REQUEST", `"ms" ${problem}.`);
    const now = core.clock.advance(ms as number);
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

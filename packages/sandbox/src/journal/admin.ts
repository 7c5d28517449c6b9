import type { SandboxCore } from "../core.js";
import { json, jsonError } from "../http/json.js";

/** `GET /__sandbox/requests` lists the journal (newest last); `DELETE` empties it. */
export function handleJournalAdmin(request: Request, core: SandboxCore): Response {
  if (request.method === "GET") return json({ requests: core.journal.list(), limit: core.journal.limit });
  if (request.method === "DELETE") return json({ removed: core.journal.clear() });
  return jsonError(405, "METHOD_NOT_ALLOWED", "/__sandbox/requests takes GET (list) and DELETE (clear).");
}

import type { SandboxCore } from "../core.js";
import { readAdminJson } from "../http/admin-body.js";
import { json, jsonError } from "../http/json.js";
import { MAX_FAULTS } from "../http/limits.js";
import { FaultError, parseFaults } from "./parse.js";
import type { ListedFault } from "./types.js";

/**
 * `/__sandbox/faults`: `POST` a fault (or a list) to add, `GET` to list them with
 * how many times each fired, `DELETE` to clear them all, `DELETE
 * /__sandbox/faults/<id>` to clear one.
 */
export async function handleFaultsAdmin(request: Request, path: string, core: SandboxCore): Promise<Response> {
  const id = path.startsWith("/__sandbox/faults/") ? decodeURIComponent(path.slice("/__sandbox/faults/".length)) : null;
  if (id === null && request.method === "GET") return json({ faults: core.faults.list() });
  if (id === null && request.method === "POST") return add(request, core);
  if (request.method === "DELETE") {
    const removed = core.faults.clear(id ?? undefined);
    if (id !== null && removed === 0) {
      return jsonError(404, "NOT_FOUND", `No fault "${id}": GET /__sandbox/faults lists them.`);
    }
    return json({ removed });
  }
  return jsonError(
    405,
    "METHOD_NOT_ALLOWED",
    "/__sandbox/faults takes GET (list), POST (add) and DELETE (clear); /__sandbox/faults/<id> takes DELETE.",
  );
}

async function add(request: Request, core: SandboxCore): Promise<Response> {
  const body = await readAdminJson(request, '{"kind": "status", "status": 503}');
  if (!body.ok) return body.response;
  const added: ListedFault[] = [];
  try {
    // Counted before any is parsed: a list that could never fit costs nothing (issue 27: 2 million froze the process).
    const count = Array.isArray(body.value) ? body.value.length : 1;
    if (core.faults.list().length + count > MAX_FAULTS) {
      return jsonError(
        400,
        "BAD_FAULT",
        `@studio-kit/sandbox: at most ${MAX_FAULTS} faults can be in place at once; ${core.faults.list().length} are, ` +
          `and this adds ${count}. Clear some first (DELETE /__sandbox/faults).`,
      );
    }
    for (const fault of parseFaults(body.value)) added.push(core.faults.add(fault));
  } catch (error) {
    // All or nothing: a list with one bad fault adds none of them.
    for (const fault of added) core.faults.clear(fault.id);
    if (error instanceof FaultError) return jsonError(400, "BAD_FAULT", error.message);
    throw error;
  }
  return json({ faults: added }, 201);
}

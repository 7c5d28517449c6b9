import type { SandboxCore } from "../core.js";
import { jsonError } from "./json.js";

/** The storage endpoints that signed forms and signed URLs point to. */
export async function handleStorage(request: Request, path: string, _core: SandboxCore): Promise<Response> {
  return jsonError(404, "NOT_FOUND", `No storage endpoint ${request.method} ${path}.`);
}

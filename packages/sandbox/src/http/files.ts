import type { SandboxCore } from "../core.js";
import { jsonError } from "./json.js";

/** Downloads of stored and generated media. */
export async function handleFiles(request: Request, path: string, _core: SandboxCore): Promise<Response> {
  return jsonError(404, "NOT_FOUND", `No file at ${request.method} ${path}.`);
}

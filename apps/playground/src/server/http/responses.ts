import { HttpError } from "./errors.js";

/** A JSON answer (`content-type: application/json`), never cached: the state changes under it. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

/** The contract's error body: `{ error: "<code>", message: "<what to do>" }`. */
export function apiError(status: number, code: string, message: string, headers: Record<string, string> = {}) {
  return json({ error: code, message }, status, headers);
}

/** Reads a request body up to `limit` bytes; a longer one is refused (413) as soon as the limit is crossed. */
export async function readText(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (declared > limit) throw tooLarge(limit);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

const tooLarge = (limit: number) =>
  new HttpError(413, "too_large", `The request body is over ${Math.round(limit / 1024)} KiB: send less.`);

/** Reads a JSON object body (at most `limit` bytes, default 1 MiB). */
export async function readJson(request: Request, limit = 1024 * 1024): Promise<Record<string, unknown>> {
  const text = await readText(request, limit);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new HttpError(400, "invalid_json", "The body must be JSON (content-type: application/json).");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new HttpError(400, "invalid_json", "The body must be a JSON object.");
  }
  return body as Record<string, unknown>;
}

/** A required non-empty string field of a body (or query), else 400 naming the field. */
export function requireString(source: Record<string, unknown>, name: string): string {
  const value = source[name];
  if (typeof value !== "string" || value === "") {
    throw new HttpError(400, "invalid_request", `Give "${name}" as a non-empty string.`);
  }
  return value;
}

/** An optional string field: undefined when absent or empty, 400 when it is something else. */
export function optionalString(source: Record<string, unknown>, name: string): string | undefined {
  const value = source[name];
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value !== "string") throw new HttpError(400, "invalid_request", `"${name}" must be a string.`);
  return value;
}

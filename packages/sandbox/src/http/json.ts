/** A JSON response; the sandbox's non-GraphQL endpoints all answer this way. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

/** An error answer for the storage and admin endpoints: `{ error: { code, message } }`. */
export function jsonError(status: number, code: string, message: string): Response {
  return json({ error: { code, message } }, status);
}

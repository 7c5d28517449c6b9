import { describeBytes, readBodyText } from "./body.js";
import { jsonError } from "./json.js";
import { MAX_ADMIN_BODY_BYTES } from "./limits.js";

/** The JSON body of an admin request, or the refusal to answer instead. */
export type AdminBody = { ok: true; value: unknown } | { ok: false; response: Response };

/**
 * Reads an admin endpoint's JSON body, at most {@link MAX_ADMIN_BODY_BYTES}: a longer one is refused with 413 as
 * soon as the limit is crossed, and nothing more is kept (http/body.ts). Any content type is taken (the
 * README's `curl -d` examples send form-urlencoded); the body must parse as JSON.
 */
export async function readAdminJson(request: Request, example: string): Promise<AdminBody> {
  const body = await readBodyText(request, MAX_ADMIN_BODY_BYTES);
  if (!body.ok && body.problem === "too-large") {
    const response = jsonError(
      413,
      "PAYLOAD_TOO_LARGE",
      `The body is over ${describeBytes(body.limit)}, the most an admin endpoint reads: send less (${example}).`,
    );
    return { ok: false, response };
  }
  if (!body.ok) {
    return { ok: false, response: jsonError(400, "BAD_REQUEST", `The body broke off: ${body.message}`) };
  }
  try {
    return { ok: true, value: JSON.parse(body.text) as unknown };
  } catch {
    return { ok: false, response: jsonError(400, "BAD_REQUEST", `Send a JSON body such as ${example}.`) };
  }
}

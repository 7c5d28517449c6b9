// Removes secrets from what the journal keeps. The rules are those of
// @studio-kit/core's createRedactor (literal secrets, bearer tokens, the
// signature parameters of signed URLs, the values of secret-named keys), which
// the sandbox cannot import: core's tests depend on the sandbox, and the
// packages' build graph must stay free of cycles. The sandbox adds its own key
// shape (`sk_...`) and token- and secret-named keys.

/** What a secret is replaced with (the same text as @studio-kit/core's REDACTED). */
export const REDACTED = "[REDACTED]";

const SIGNATURE_PARAM =
  /([?&](?:x-amz-signature|x-amz-credential|x-amz-security-token|x-goog-signature|x-goog-credential|signature|sig|token)=)[^&#\s"'\\]+/gi;
const BEARER = /(bearer\s+)[^\s"'\\,]+/gi;
/** The shape of an API key (the sandbox's are `sk_sandbox_rw_...`). */
const API_KEY = /\bsk_[a-z0-9]+_[a-z0-9_]{6,}/gi;
/** Keys whose values are secrets whatever they hold: credentials, tokens, and a signed form's policy and signature. */
const SECRET_KEY = /^(authorization|api[-_]?key|x-api-key|policy)$|signature|credential|token$|secret|password/i;

/** Returns a copy of a value with every secret replaced by REDACTED. */
export type Redactor = <T>(value: T) => T;

/**
 * Makes a redactor that also replaces the given literal secrets (the signing
 * secret, the keys) wherever they appear in text.
 */
export function createRedactor(secrets: readonly string[]): Redactor {
  const literal = secrets.filter((secret) => secret.length >= 4);
  const redactText = (text: string): string => {
    let out = text;
    for (const secret of literal) out = out.split(secret).join(REDACTED);
    return out.replace(SIGNATURE_PARAM, `$1${REDACTED}`).replace(BEARER, `$1${REDACTED}`).replace(API_KEY, REDACTED);
  };
  const redact = (value: unknown, seen: WeakSet<object>): unknown => {
    if (typeof value === "string") return redactText(value);
    if (value === null || typeof value !== "object") return value;
    if (seen.has(value)) return "[Circular]";
    seen.add(value);
    if (Array.isArray(value)) return value.map((item) => redact(item, seen));
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      out[key] = SECRET_KEY.test(key) ? REDACTED : redact(item, seen);
    }
    return out;
  };
  return <T>(value: T) => redact(value, new WeakSet()) as T;
}

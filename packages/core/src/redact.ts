/** What a secret is replaced with. */
export const REDACTED = "[REDACTED]";

const SIGNATURE_PARAM =
  /([?&](?:x-amz-signature|x-amz-credential|x-amz-security-token|x-goog-signature|x-goog-credential|signature|sig|token)=)[^&#\s"'\\]+/gi;
const BEARER = /(bearer\s+)[^\s"'\\,]+/gi;

/** Object keys whose values are secrets whatever they hold: credentials, and a signed form's policy and signature. */
const SECRET_KEY =
  /^(authorization|api[-_]?key|x-api-key|x-amz-signature|x-amz-credential|x-amz-security-token|policy|signature)$/i;

/** Returns a copy of a value (text or data) with every secret replaced by REDACTED. */
export type Redactor = <T>(value: T) => T;

/**
 * Makes a function that removes secrets from text and data (deeply) before they
 * are stored on an error or logged: the given secrets (the API key) wherever
 * they appear, bearer tokens, the signature of any signed URL (S3 and GCS style
 * query parameters), and the values of secret-named keys. The rest of a URL
 * stays, so a message still says which file or endpoint was involved.
 *
 * @example
 * ```ts
 * const redact = createRedactor([apiKey]);
 * logger.warn(redact({ url: signedUrl }), "upload failed");
 * ```
 */
export function createRedactor(secrets: readonly string[]): Redactor {
  const literal = secrets.filter((secret) => secret.length >= 4);
  const redactText = (text: string): string => {
    let out = text;
    for (const secret of literal) out = out.split(secret).join(REDACTED);
    return out.replace(SIGNATURE_PARAM, `$1${REDACTED}`).replace(BEARER, `$1${REDACTED}`);
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

/**
 * A URL as an error may show it: origin and path, without userinfo (`user:password@`), query string (where a signed
 * URL's signature, a credential or a key travels) or fragment. Text that is not an absolute URL loses everything from
 * its first `?` or `#`, and any userinfo.
 *
 * @example
 * ```ts
 * urlWithoutSecrets("https://files.example.com/a.png?X-Amz-Signature=abc"); // "https://files.example.com/a.png"
 * ```
 */
export function urlWithoutSecrets(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.origin !== "null") return `${parsed.origin}${parsed.pathname}`;
  } catch {
    // Not an absolute URL: cut it as text below.
  }
  return String(url)
    .replace(/[?#].*$/s, "")
    .replace(/^((?:[a-z][a-z0-9+.-]*:)?\/\/)[^/@]*@/i, "$1");
}

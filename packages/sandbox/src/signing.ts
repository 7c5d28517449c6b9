import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Signatures on the URLs the sandbox hands out (upload forms, signed PUT URLs,
 * downloads), as a real storage service would put there. They let the client's
 * redaction be tested against a real signature, and make a tampered or expired
 * URL fail.
 */
export function sign(secret: string, ...parts: (string | number)[]): string {
  return createHmac("sha256", secret).update(parts.join("\n")).digest("hex");
}

export function verify(secret: string, signature: string | null, ...parts: (string | number)[]): boolean {
  if (!signature) return false;
  const expected = Buffer.from(sign(secret, ...parts), "hex");
  const given = Buffer.from(signature, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

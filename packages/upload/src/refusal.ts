import type { Redactor, StudioRequestRef } from "@studio-kit/core";
import { type UploadError, uploadError } from "./errors.js";

// What a storage endpoint says when it refuses bytes. S3-style storage answers
// an XML `<Error><Code/><Message/></Error>`; the sandbox answers the same codes
// as JSON `{ "error": { "code", "message" } }`. Both are read.

/** The longest refusal body read: enough for any error document, never a whole file echoed back. */
export const MAX_REFUSAL_BYTES = 16 * 1024;

/** The code and message of a refusal body, when it has them. */
export function parseRefusal(body: string): { code?: string; message?: string } {
  try {
    const parsed = JSON.parse(body) as { error?: { code?: unknown; message?: unknown } };
    const { code, message } = parsed.error ?? {};
    return {
      ...(typeof code === "string" ? { code } : {}),
      ...(typeof message === "string" ? { message } : {}),
    };
  } catch {
    const code = /<Code>([^<]*)<\/Code>/.exec(body)?.[1];
    const message = /<Message>([^<]*)<\/Message>/.exec(body)?.[1];
    return { ...(code ? { code } : {}), ...(message ? { message } : {}) };
  }
}

const ADVICE: Readonly<Record<string, string>> = {
  EntityTooSmall: "The file is empty: an upload must be 1 byte to 256 MiB.",
  EntityTooLarge: "An upload must be 1 byte to 256 MiB.",
  SignatureDoesNotMatch: "The form fields or required headers were not sent as issued; request a new signed upload.",
  AccessDenied: "The form fields or required headers were not sent as issued; request a new signed upload.",
  MissingContentLength: "The body was sent without a Content-Length.",
  ExpiredToken: "Signed uploads last 15 minutes; request a new one.",
};

/**
 * Whether a refusal says the signed form or URL expired: S3's `ExpiredToken`,
 * or `AccessDenied` saying "Request has expired" / "Policy expired" as S3 does
 * for presigned URLs and POST policies.
 */
function saysExpired(code: string | undefined, message: string | undefined): boolean {
  return code === "ExpiredToken" || (code === "AccessDenied" && /expired/i.test(message ?? ""));
}

/**
 * The error for a non-2xx answer, with the storage's own words (redacted):
 * EXPIRED when the signed upload had expired, TRANSFER_REFUSED otherwise.
 */
export function refusalError(
  status: number,
  body: string,
  fileId: string,
  redact: Redactor,
  request?: StudioRequestRef,
): UploadError {
  const { code, message } = parseRefusal(body);
  const says = redact(message ?? (body.trim().slice(0, 300) || "no details"));
  const advice = code ? ADVICE[code] : undefined;
  const details = { fileId, status, storageCode: code, request };
  const what = `(HTTP ${status}${code ? ` ${code}` : ""}): ${says}${advice ? ` ${advice}` : ""}`;
  return saysExpired(code, message)
    ? uploadError("EXPIRED", `the signed upload of ${fileId} had expired when its bytes arrived ${what}`, details)
    : uploadError("TRANSFER_REFUSED", `the storage refused the bytes of ${fileId} ${what}`, details);
}

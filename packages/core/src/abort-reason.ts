// What the caller's AbortSignal said when it fired. AbortSignal.timeout(ms) aborts with a DOMException named
// "TimeoutError"; controller.abort() with one named "AbortError"; controller.abort(reason) with the caller's reason
// (https://dom.spec.whatwg.org/#dom-abortsignal-timeout). The kit keeps that reason as the error's `cause` and tells
// a timeout (code TIMEOUT) from a cancel (code ABORTED), so a caller's deadline and a caller's cancel look different.

/** True when an abort reason is a timeout: AbortSignal.timeout's TimeoutError, or any error so named. */
export function isTimeoutReason(reason: unknown): boolean {
  return typeof reason === "object" && reason !== null && (reason as { name?: unknown }).name === "TimeoutError";
}

/**
 * A signal's reason in a few words for a message: the caller's text or error message, or nothing for the default
 * AbortError, whose message ("This operation was aborted") says no more than the error does. `redact` keeps a secret
 * the caller put in a reason out of the message.
 */
export function describeReason(reason: unknown, redact: (text: string) => string = (text) => text): string {
  if (reason === undefined) return "";
  if (typeof reason === "object" && reason !== null && (reason as { name?: unknown }).name === "AbortError") return "";
  const text =
    typeof reason === "object" && reason !== null && typeof (reason as { message?: unknown }).message === "string"
      ? (reason as { message: string }).message
      : String(reason);
  return redact(text.trim());
}

import type { ErrorReporter } from "../core.js";
import { jsonError } from "./json.js";

export type { ErrorReporter } from "../core.js";

/** Answers one HTTP request (the router, and the guard around it). */
export type FetchHandler = (request: Request) => Promise<Response>;

/** The default reporter: the details go to standard error, never into a response. */
export const reportToStderr: ErrorReporter = (error, { method, path }) => {
  console.error(`@studio-kit/sandbox: ${method} ${path} failed:`, error);
};

/**
 * The answer to a failure of the sandbox itself: a JSON 500 that says what failed, with no stack trace, path or
 * dependency version in it (issue 27: a RangeError's stack reached every response). The details go to `report`.
 */
export function internalError(request: Request, error: unknown, report: ErrorReporter): Response {
  const path = pathOf(request);
  try {
    report(error, { method: request.method, path });
  } catch {
    // A reporter that fails must not turn an answer into a crash.
  }
  const kind = error instanceof Error ? error.name : typeof error;
  return jsonError(
    500,
    "SANDBOX_ERROR",
    `The sandbox failed on ${request.method} ${path} (${kind}); the details are in its log. ` +
      "Other requests are not affected.",
  );
}

/** Wraps a handler so that whatever it throws is answered as {@link internalError}: never a crash, never a stack. */
export function guard(handler: FetchHandler, report: ErrorReporter): FetchHandler {
  return async (request) => {
    try {
      return await handler(request);
    } catch (error) {
      return internalError(request, error, report);
    }
  };
}

function pathOf(request: Request): string {
  try {
    return new URL(request.url).pathname;
  } catch {
    return "(unreadable URL)";
  }
}

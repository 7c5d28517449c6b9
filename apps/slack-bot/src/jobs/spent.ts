import {
  StudioAuthenticationError,
  StudioBadInputError,
  StudioGraphQLError,
  StudioNetworkError,
  StudioPermissionError,
  StudioRateLimitError,
} from "@studio-kit/core";

/**
 * True when a failed generation mutation certainly did not run: the request never left (a refused connection), or
 * the API answered that it refused it (bad input, no permission, unknown key, too many requests, or any other
 * GraphQL error: our documents have one root field, so its resolver refused). Such a job counts against no quota.
 * Anything else (a 5xx, a timeout, a connection dropped after sending) may have run and spent credits: it counts,
 * and it is never sent again (core's retry classes agree).
 */
export function certainlyNotRun(error: unknown): boolean {
  if (error instanceof StudioNetworkError) return !error.sent;
  return (
    error instanceof StudioBadInputError ||
    error instanceof StudioPermissionError ||
    error instanceof StudioAuthenticationError ||
    error instanceof StudioRateLimitError ||
    error instanceof StudioGraphQLError
  );
}

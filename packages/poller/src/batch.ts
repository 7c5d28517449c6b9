import {
  type StudioClient,
  StudioError,
  StudioNetworkError,
  StudioRateLimitError,
  StudioServerError,
  StudioTimeoutError,
} from "@studio-kit/core";
import { buildPollRequest, needsWorkspace, type PollResult } from "./document.js";
import { keyOf, type PollTarget } from "./kinds.js";
import type { PolledRecord } from "./types.js";

/** A GraphQL error as core reports it (redacted). */
export type GraphQLErrorInfo = NonNullable<StudioError["graphqlErrors"]>[number];

/** What one poll learnt about one record. */
export type PollOutcome =
  /** The record. `partial`: it came beside another alias's error, so core redacted its signed URLs. */
  | { type: "record"; record: PolledRecord; partial: boolean }
  /** NOT_FOUND, or null with no error: the record is gone. */
  | { type: "vanished"; error: GraphQLErrorInfo | undefined }
  /** The server refused to read this one record for another reason (FORBIDDEN, ...). */
  | { type: "refused"; error: GraphQLErrorInfo }
  /** A transient failure (network, 5xx, timeout, 429) after core's own retries: poll again on schedule. */
  | { type: "missed"; error: unknown }
  /** The request failed for good (authentication, permission, a refused document): core's error. */
  | { type: "failed"; error: unknown };

/** GraphQL codes of one alias that say "try again later", not "this record is unreadable". */
const TRANSIENT_CODES = new Set(["INTERNAL_SERVER_ERROR", "RATE_LIMITED", "TOO_MANY_REQUESTS"]);

/** Failures of a whole request after which the next poll on the schedule may well succeed. */
export function isTransient(error: unknown): boolean {
  return (
    error instanceof StudioNetworkError ||
    error instanceof StudioServerError ||
    error instanceof StudioTimeoutError ||
    error instanceof StudioRateLimitError
  );
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/**
 * Sends one coalesced request for `targets` (distinct, at most maxBatch) and
 * returns an outcome for each, keyed by `keyOf(target)`. Never rejects.
 *
 * A batch where some aliases failed is a partial answer: graphql-request
 * rejects, and core's StudioError carries the partial `data` and each error's
 * `path`. The path's first element is the alias, which names the one waiter
 * concerned; every other alias's record is used as usual.
 */
export async function pollOnce(
  client: StudioClient,
  targets: readonly PollTarget[],
  signal: AbortSignal,
): Promise<Map<string, PollOutcome>> {
  const outcomes = new Map<string, PollOutcome>();
  const everyTarget = (outcome: PollOutcome) => {
    for (const target of targets) outcomes.set(keyOf(target), outcome);
    return outcomes;
  };

  let request: ReturnType<typeof buildPollRequest>;
  let data: PollResult;
  let errors: readonly GraphQLErrorInfo[] = [];
  let partial = false;
  try {
    const workspaceId = needsWorkspace(targets) ? await client.workspaceId({ signal }) : undefined;
    request = buildPollRequest(targets, workspaceId);
  } catch (error) {
    return everyTarget({ type: isTransient(error) ? "missed" : "failed", error });
  }
  try {
    data = await client.request(request.document, request.variables, { signal });
  } catch (error) {
    const aliasErrors = error instanceof StudioError ? (error.graphqlErrors ?? []) : [];
    const perAlias =
      error instanceof StudioError &&
      isObject(error.data) &&
      aliasErrors.length > 0 &&
      aliasErrors.every((item) => typeof item.path?.[0] === "string" && request.aliases.has(item.path[0]));
    if (!perAlias) return everyTarget({ type: isTransient(error) ? "missed" : "failed", error });
    data = error.data as PollResult;
    errors = aliasErrors;
    partial = true;
  }

  for (const [alias, target] of request.aliases) {
    const error = errors.find((item) => item.path?.[0] === alias);
    const record = data[alias];
    const code = error?.extensions?.code;
    let outcome: PollOutcome;
    if (error && typeof code === "string" && TRANSIENT_CODES.has(code)) outcome = { type: "missed", error };
    else if (error && code !== "NOT_FOUND") outcome = { type: "refused", error };
    else if (error || record == null) outcome = { type: "vanished", error };
    else outcome = { type: "record", record, partial };
    outcomes.set(keyOf(target), outcome);
  }
  return outcomes;
}

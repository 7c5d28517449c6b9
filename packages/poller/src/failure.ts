import {
  describeReason,
  isTimeoutReason,
  StudioAbortError,
  type StudioError,
  StudioTimeoutError,
} from "@studio-kit/core";
import { POLL_OPERATION_NAME } from "./document.js";
import { PollerError, type PollerErrorDetails, PollerTimeoutError, PollerVanishedError } from "./errors.js";
import type { Entry, Failure } from "./scheduler.js";
import type { PollKind, RecordStatus } from "./types.js";

const PREFIX = "@studio-kit/poller:";

/** What the error of a wait says about it: its kind and deadline, and the last status of each of its ids. */
export interface WaitContext {
  kind: PollKind;
  maxWaitMs: number;
  /** How long the wait had run when it failed. */
  elapsedMs: number;
  statuses: Record<string, RecordStatus | null>;
  /** The client's endpoint, where the polls went (the `request.url` of an error a poll's answer raised). */
  url: string;
}

const LABEL: Record<PollKind, string> = { image: "image", video: "video", audio: "audio", job: "background job" };

/** The error a wait rejects with when one of its ids cannot finish. */
export function failureError(failure: Failure, entry: Entry, wait: WaitContext): unknown {
  const { track } = entry;
  const { id } = track.target;
  const what = `${LABEL[wait.kind]} ${id}`;
  const lastStatus = track.last?.status ?? null;
  const details = {
    kind: wait.kind,
    id,
    lastStatus,
    lastRecord: track.last,
    statuses: wait.statuses,
    operationName: POLL_OPERATION_NAME,
  };
  switch (failure.type) {
    case "timeout":
      return new PollerTimeoutError(
        `${PREFIX} ${what} did not finish within ${wait.maxWaitMs} ms ` +
          `(last status ${lastStatus ?? "unknown: no poll had answered"}, after ${polls(track.attempts)}; ` +
          `gave up ${wait.elapsedMs} ms after the wait started, its next poll falling past the deadline). ` +
          "Wait again with a longer maxWaitMs, or check the job in the app.",
        { ...details, maxWaitMs: wait.maxWaitMs, cause: failure.cause },
      );
    case "early":
      // Refused before any request: no poll was made, so "did not finish" would be untrue (scheduler.ts add).
      return earlyDeadlineError(what, wait.maxWaitMs, failure.dueInMs, details);
    case "vanished":
      return new PollerVanishedError(
        `${PREFIX} ${what} is gone: the server ${failure.error ? `answered "${failure.error.message}"` : "answered null"}. ` +
          "It was deleted, or the id is wrong; it will not finish.",
        {
          ...details,
          request: { operationName: POLL_OPERATION_NAME, url: wait.url },
          graphqlCode: codeOf(failure.error),
          graphqlErrors: failure.error ? [failure.error] : undefined,
        },
      );
    case "refused":
      return new PollerError(
        "UNREADABLE",
        `${PREFIX} the server refused to read ${what}: ${failure.error.message}` +
          `${codeOf(failure.error) ? ` (${codeOf(failure.error)})` : ""}.`,
        {
          ...details,
          request: { operationName: POLL_OPERATION_NAME, url: wait.url },
          graphqlCode: codeOf(failure.error),
          graphqlErrors: [failure.error],
        },
      );
    default:
      // Core's own typed error (authentication, permission, a refused document), or
      // whatever the caller's onUpdate threw: passed through unchanged.
      return failure.error;
  }
}

/**
 * The refusal of a deadline that ends before the first poll a wait could make (INVALID_ARGUMENT): from a wait, or
 * from `poller.checkWaitOptions` before anything is generated, in the same words. `what` names what is waited for.
 */
export function earlyDeadlineError(
  what: string,
  maxWaitMs: number,
  dueInMs: number,
  details: PollerErrorDetails = {},
): PollerError {
  return new PollerError(
    "INVALID_ARGUMENT",
    `${PREFIX} waiting for ${what}: maxWaitMs ${maxWaitMs} ends before the first poll it could make, ` +
      `due ${dueInMs} ms after the wait starts (the poller's schedule never polls an id sooner). ` +
      `Pass a maxWaitMs of at least ${dueInMs}, or Infinity.`,
    details,
  );
}

const polls = (count: number) => `${count} poll${count === 1 ? "" : "s"}`;

function codeOf(error: { extensions?: Record<string, unknown> } | undefined): string | undefined {
  const code = error?.extensions?.code;
  return typeof code === "string" ? code : undefined;
}

/**
 * The error of a wait the caller's signal stopped: core's StudioAbortError (ABORTED), the one abort type of the whole
 * kit, or core's StudioTimeoutError (TIMEOUT) when the signal timed out (AbortSignal.timeout); the signal's reason
 * is the cause either way, and its words are in the message.
 */
export function abortError(kind: PollKind, ids: readonly string[], reason: unknown): StudioError {
  const what = ids.length === 1 ? `${LABEL[kind]} ${ids[0]}` : `${ids.length} ${LABEL[kind]}s`;
  const said = describeReason(reason).replace(/[.!?…]+$/, "");
  const details = { operationName: POLL_OPERATION_NAME, ...(reason === undefined ? {} : { cause: reason }) };
  if (isTimeoutReason(reason)) {
    return new StudioTimeoutError(
      "TIMEOUT",
      `${PREFIX} waiting for ${what} was stopped: the caller's signal timed out${said ? ` (${said})` : ""}. ` +
        "The generation goes on: wait for it again, or check it in the app.",
      details,
    );
  }
  return new StudioAbortError(
    "ABORTED",
    `${PREFIX} waiting for ${what} was aborted by the caller${said ? ` (${said})` : ""}.`,
    details,
  );
}

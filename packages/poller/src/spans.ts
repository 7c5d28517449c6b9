import type { StudioSpanAttributes } from "@studio-kit/core";
import type { PollOutcome } from "./batch.js";
import { keyOf, type PollTarget } from "./kinds.js";
import type { PollKind } from "./types.js";

// The poller's spans (README, "Tracing"), under the scope "@studio-kit/poller":
// - studio.poll.wait: one per waitFor... call, a child of the caller's active span (the job that waits), from the
//   call until it settles; an event per record read. The caller's onUpdate runs in its context, so what it starts
//   (a progress message) joins the job's trace.
// - studio.poll.tick: one per coalesced request, with the ids it read and what it learnt of each. A tick serves the
//   waits of many jobs at once, so it has no parent and links to each wait it served: OpenTelemetry's overview
//   recommends links, not a parent, for a batch (https://opentelemetry.io/docs/specs/otel/overview/#links-between-spans).
//   Core's "query PollStatuses" span is its child.
// Ids and statuses only: never a record's prompt, URLs or error message.

export const WAIT_SPAN = "studio.poll.wait";
export const TICK_SPAN = "studio.poll.tick";

/** What a wait is for. */
export function waitAttributes(kind: PollKind, ids: readonly string[], maxWaitMs: number): StudioSpanAttributes {
  return {
    "studio.poll.kind": kind,
    "studio.poll.ids": [...ids],
    // Infinity is a valid wait but not a value every exporter can write.
    "studio.poll.max_wait_ms": Number.isFinite(maxWaitMs) ? maxWaitMs : undefined,
  };
}

/** What a tick reads: its ids and their kinds, in the same order. */
export function tickAttributes(targets: readonly PollTarget[]): StudioSpanAttributes {
  return {
    "studio.poll.ids": targets.map((target) => target.id),
    "studio.poll.kinds": targets.map((target) => target.kind),
  };
}

/** What a tick learnt of each id, in the order of its ids: the record's status, or why there is none. */
export function outcomeAttributes(
  targets: readonly PollTarget[],
  outcomes: ReadonlyMap<string, PollOutcome>,
): StudioSpanAttributes {
  const outcomeOf = (target: PollTarget) => {
    const outcome = outcomes.get(keyOf(target));
    if (!outcome) return "unknown";
    return outcome.type === "record" ? String(outcome.record.status) : outcome.type;
  };
  return { "studio.poll.outcomes": targets.map(outcomeOf) };
}

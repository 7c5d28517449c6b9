import type { StudioClient } from "@studio-kit/core";
import { Kind, type OperationDefinitionNode } from "graphql";

/** One request a tracked client sent. */
export interface TrackedRequest {
  /** Clock time it was sent at. */
  at: number;
  /** The document's operation name (`PollStatuses`, `Image`, ...). */
  operationName: string;
  /** The root fields it read, aliases resolved (`["image", "image", "audioStatus"]`). */
  rootFields: string[];
  variables: Record<string, unknown>;
  /** How it ended: still pending, answered, or failed with `error` (a StudioAbortError when cancelled). */
  outcome: "pending" | "answered" | "failed";
  error?: unknown;
}

/** A client whose requests are counted and logged. */
export interface RequestTracker {
  /** Use this client: it is the original with its calls tracked. */
  client: StudioClient;
  /**
   * A fetch counted the same way, for what goes around the client: pass it as `@studio-kit/upload`'s `fetch`, so
   * that an upload's transfer to the storage is waited for like a request (without it, `runUntilSettled` sees
   * nothing in flight and nothing sleeping while the bytes travel, and gives up). Calls the global fetch, looked up
   * per call (so msw's is used), unless `trackRequests` was given one.
   */
  fetch: typeof fetch;
  /**
   * Counts other I/O as in flight until it settles, and returns it: work that settles without the manual clock
   * (a file read, a request of another client). Never a promise that waits on the clock itself, such as a poller's
   * wait: the run would wait for it before moving the clock, for ever.
   */
  track<T>(promise: Promise<T>): Promise<T>;
  /** Calls not yet settled (requests, workspace look-ups, tracked fetches and tracked promises). */
  inFlight(): number;
  /** Every request sent, in order. */
  requests: TrackedRequest[];
}

/**
 * Wraps a client so a test knows when every call it made has settled (see
 * `runUntilSettled`) and what was sent when.
 *
 * @example
 * ```ts
 * const tracker = trackRequests(client, clock);
 * const poller = createPoller(tracker.client, { clock });
 * await uploadFile(tracker.client, { path, fetch: tracker.fetch }); // the transfer is tracked too
 * ```
 */
export function trackRequests(
  client: StudioClient,
  clock: { now(): number },
  options: { fetch?: typeof fetch } = {},
): RequestTracker {
  let inFlight = 0;
  const requests: TrackedRequest[] = [];
  const track = <T>(promise: Promise<T>): Promise<T> => {
    inFlight += 1;
    return promise.finally(() => {
      inFlight -= 1;
    });
  };
  const tracked: StudioClient = {
    endpoint: client.endpoint,
    request: ((document, ...args) => {
      const operation = document.definitions.find(
        (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
      );
      const entry: TrackedRequest = {
        at: clock.now(),
        operationName: operation?.name?.value ?? "(anonymous)",
        rootFields: (operation?.selectionSet.selections ?? []).flatMap((selection) =>
          selection.kind === Kind.FIELD ? [selection.name.value] : [],
        ),
        variables: { ...(args[0] as Record<string, unknown> | undefined) },
        outcome: "pending",
      };
      requests.push(entry);
      return track(
        client.request(document, ...args).then(
          (result) => {
            entry.outcome = "answered";
            return result;
          },
          (error: unknown) => {
            entry.outcome = "failed";
            entry.error = error;
            throw error;
          },
        ),
      );
    }) as StudioClient["request"],
    workspace: (options) => track(client.workspace(options)),
    workspaceId: (options) => track(client.workspaceId(options)),
    // The client's tracer, so a poller over the tracked client records spans where the client does.
    ...(client.tracer ? { tracer: client.tracer } : {}),
  };
  const fetchTracked: typeof fetch = (input, init) =>
    track((options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args)))(input, init));
  return { client: tracked, fetch: fetchTracked, track, inFlight: () => inFlight, requests };
}

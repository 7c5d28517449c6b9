import type { ManualClock } from "./manual-clock.js";
import type { RequestTracker } from "./track.js";

/** Options of `runUntilSettled`. */
export interface RunOptions {
  clock: ManualClock;
  tracker: Pick<RequestTracker, "inFlight">;
  /** Stops the clock here even if the promise is still pending. Default: no limit. */
  until?: number;
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Lets every request in flight settle, and what it set off (real I/O turns, then microtasks), run. */
export async function quiesce(tracker: Pick<RequestTracker, "inFlight">): Promise<void> {
  do await turn();
  while (tracker.inFlight() > 0);
  await turn();
}

/**
 * Moves a manual clock forward by `ms`, stopping at every sleep on the way and
 * letting the requests it sets off settle before going on, as real time would.
 *
 * @example
 * ```ts
 * await advanceBy(15_000, { clock, tracker }); // the polls at 5 s and 15 s have been answered
 * ```
 */
export async function advanceBy(ms: number, options: Omit<RunOptions, "until">): Promise<void> {
  const { clock, tracker } = options;
  const target = clock.now() + ms;
  for (;;) {
    await quiesce(tracker);
    const next = clock.nextAt();
    if (next === undefined || next > target) break;
    clock.runNext();
  }
  clock.advanceTo(target);
  await quiesce(tracker);
}

/**
 * Drives a manual clock until `promise` settles: lets the requests in flight
 * finish, then jumps to the next pending sleep, and again. Returns what the
 * promise resolved with (or rejects with its error). Throws if the promise is
 * still pending when nothing sleeps any more, or when `until` is reached.
 *
 * @example
 * ```ts
 * const finished = await runUntilSettled(poller.waitForImages(ids), { clock, tracker });
 * ```
 */
export async function runUntilSettled<T>(promise: Promise<T>, options: RunOptions): Promise<T> {
  const { clock, tracker, until = Number.POSITIVE_INFINITY } = options;
  let settled = false;
  promise.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  for (;;) {
    await quiesce(tracker);
    if (settled) return promise;
    const next = clock.nextAt();
    if (next === undefined || next > until) {
      if (next !== undefined) clock.advanceTo(until);
      await quiesce(tracker);
      if (settled) return promise;
      throw new Error(
        `@studio-kit/poller/testing: the promise is still pending at ${clock.now()} ` +
          `(${next === undefined ? "nothing sleeps" : `next sleep at ${next}, past ${until}`}).`,
      );
    }
    clock.runNext();
  }
}

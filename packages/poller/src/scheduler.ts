import type { StudioClient, StudioSpanContext, StudioTracer } from "@studio-kit/core";
import { type GraphQLErrorInfo, type PollOutcome, pollOnce } from "./batch.js";
import { KINDS, keyOf, type PollTarget } from "./kinds.js";
import { delayAfter, type ResolvedPollerOptions } from "./options.js";
import { outcomeAttributes, TICK_SPAN, tickAttributes } from "./spans.js";
import type { PolledRecord } from "./types.js";

/** Why one id of a wait cannot finish. */
export type Failure =
  | { type: "timeout"; cause: unknown }
  /** The deadline ends before the first poll this wait could get, due `dueInMs` after it started. */
  | { type: "early"; dueInMs: number }
  | { type: "vanished"; error: GraphQLErrorInfo | undefined }
  | { type: "refused"; error: GraphQLErrorInfo }
  | { type: "failed"; error: unknown };

/** The side of a `waitFor...` call the scheduler reports to. */
export interface Waiter {
  /** A record was read (terminal or not). False when the caller's onUpdate threw and the wait failed. */
  update(entry: Entry, record: PolledRecord): boolean;
  /** The id reached its final state; the scheduler already stopped polling it for this wait. */
  done(entry: Entry, record: PolledRecord): void;
  /** The id cannot finish: the waiter rejects and drops all of its entries. */
  fail(entry: Entry, failure: Failure): void;
  /** The wait's span, when it is recorded: the ticks that serve the wait link to it. */
  readonly spanContext?: StudioSpanContext | undefined;
}

/**
 * One id being polled, with its own schedule. Every wait for that id is
 * attached to it: a later wait joins the schedule instead of restarting it, so
 * an id is never polled sooner than its schedule allows, however many wait.
 */
export interface Track {
  readonly target: PollTarget;
  /** Polls made (answered or missed). */
  attempts: number;
  /** Clock time of its next poll: never sooner. */
  due: number;
  /** The request it is in, while one is in flight. */
  chunk: Chunk | undefined;
  last: PolledRecord | null;
  /** The transient failure of its last poll, if it was one. */
  lastError: unknown;
  readonly entries: Set<Entry>;
}

/** One id of one wait. */
export interface Entry {
  readonly track: Track;
  readonly waiter: Waiter;
  /** Position of the id in the wait's list. */
  readonly index: number;
  /** Clock time after which nothing more is sent for this wait. */
  readonly deadline: number;
}

interface Chunk {
  /** Tracks still waited on in this request; when none is left, the request is aborted. */
  live: Set<Track>;
  controller: AbortController;
}

/** The poll loop of one poller. */
export interface Scheduler {
  /** Starts polling `targets` for `waiter` (joining the schedule of any id already polled). */
  add(targets: readonly PollTarget[], waiter: Waiter, deadline: number): void;
  /** Stops polling every id of `waiter`; a request only it was waiting on is aborted. */
  drop(waiter: Waiter): void;
}

/**
 * One timer for the whole poller. The loop sleeps until the earliest due time,
 * stretched to cover every id due within `windowMs` of it (but never past one of
 * their deadlines), then reads every id due by then in as few requests as
 * `maxBatch` allows. A poll is only ever delayed by the window, never advanced.
 * With nothing left the loop ends and its sleep is aborted: no timer stays.
 */
export function createScheduler(client: StudioClient, config: ResolvedPollerOptions, tracer: StudioTracer): Scheduler {
  const { clock, schedule, windowMs, maxBatch } = config;
  const tracks = new Map<string, Track>();
  let running = false;
  let wake: AbortController | undefined;

  const waiting = () => [...tracks.values()].filter((track) => !track.chunk);
  // An onUpdate may start a new wait for the same id: only ever forget this very track.
  const forget = (track: Track) => {
    if (tracks.get(keyOf(track.target)) === track) tracks.delete(keyOf(track.target));
  };
  const firstDeadline = (track: Track) => Math.min(...[...track.entries].map((entry) => entry.deadline));

  /** When the next request should go (never before the earliest due time); undefined when nothing waits. */
  function plan(): number | undefined {
    const idle = waiting();
    if (idle.length === 0) return undefined;
    const earliest = Math.min(...idle.map((track) => track.due));
    const group = idle.filter((track) => track.due <= earliest + windowMs);
    const at = Math.max(...group.map((track) => track.due));
    const cap = Math.min(...group.map(firstDeadline));
    return Math.max(earliest, Math.min(at, cap));
  }

  let kicked = false;
  /**
   * Makes the loop plan again. Deferred to a microtask: one answer can settle
   * fifty waits, each calling it from inside its callbacks; the loop then
   * re-plans once, after the whole answer is applied.
   */
  function kick(): void {
    if (kicked) return;
    kicked = true;
    queueMicrotask(() => {
      kicked = false;
      if (running) {
        wake?.abort();
        return;
      }
      running = true;
      void run();
    });
  }

  async function run(): Promise<void> {
    try {
      for (let at = plan(); at !== undefined; at = plan()) {
        const now = clock.now();
        if (at <= now) {
          dispatch(now);
          continue;
        }
        const controller = new AbortController();
        wake = controller;
        try {
          await clock.sleep(at - now, controller.signal);
        } catch {
          // Woken early: an id was added, answered or dropped. Plan again.
        } finally {
          if (wake === controller) wake = undefined;
        }
      }
    } finally {
      running = false;
    }
  }

  /** Fails the waits that cannot get another poll before their deadline (checked before each sleep). */
  function expire(track: Track, now: number): void {
    for (const entry of [...track.entries]) {
      if (track.entries.has(entry) && (now > entry.deadline || track.due > entry.deadline)) {
        entry.waiter.fail(entry, { type: "timeout", cause: track.lastError });
      }
    }
  }

  function dispatch(now: number): void {
    // Past its deadline nothing more is sent for a wait (platform facts, Polling: AWS waiters).
    for (const track of waiting()) expire(track, now);
    const due = waiting().filter((track) => track.due <= now);
    for (let start = 0; start < due.length; start += maxBatch) {
      const chunk: Chunk = { live: new Set(due.slice(start, start + maxBatch)), controller: new AbortController() };
      for (const track of chunk.live) track.chunk = chunk;
      void send(chunk, now);
    }
  }

  /** The spans of the waits a request serves, once each. */
  function waitsOf(chunk: Chunk): { context: StudioSpanContext }[] {
    const contexts = new Map<string, StudioSpanContext>();
    for (const track of chunk.live) {
      for (const { waiter } of track.entries)
        if (waiter.spanContext) contexts.set(waiter.spanContext.spanId, waiter.spanContext);
    }
    return [...contexts.values()].map((context) => ({ context }));
  }

  /** One coalesced request in its tick span (a root, linked to the waits it serves: see spans.ts). */
  function pollInSpan(chunk: Chunk, targets: readonly PollTarget[]) {
    const options = { root: true, links: waitsOf(chunk), attributes: tickAttributes(targets) };
    return tracer.span(TICK_SPAN, options, async (span) => {
      const outcomes = await pollOnce(client, targets, chunk.controller.signal);
      if (span.isRecording()) span.setAttributes(outcomeAttributes(targets, outcomes));
      return outcomes;
    });
  }

  async function send(chunk: Chunk, sentAt: number): Promise<void> {
    const targets = [...chunk.live].map((track) => track.target);
    const outcomes = await pollInSpan(chunk, targets);
    for (const track of [...chunk.live]) {
      if (track.chunk !== chunk) continue;
      track.chunk = undefined;
      const outcome = outcomes.get(keyOf(track.target));
      try {
        if (outcome) apply(track, outcome, sentAt);
      } catch (error) {
        for (const entry of [...track.entries]) entry.waiter.fail(entry, { type: "failed", error });
      }
    }
    kick();
  }

  /** Applies what a poll learnt. The track's own state is settled first; the waits hear of it after. */
  function apply(track: Track, outcome: PollOutcome, sentAt: number): void {
    if (outcome.type === "missed") {
      track.lastError = outcome.error;
      scheduleNext(track, sentAt);
      expire(track, clock.now());
      return;
    }
    if (outcome.type !== "record") {
      forget(track);
      for (const entry of [...track.entries]) entry.waiter.fail(entry, outcome);
      return;
    }
    const { record } = outcome;
    const done = KINDS[track.target.kind].isDone(record);
    if (done && outcome.partial && record.status !== "FAILED") {
      // Core redacts signed URLs in the data of a partial answer: the finished
      // record is useless as it is, so it is read again at once.
      track.due = clock.now();
      return;
    }
    track.last = record;
    track.lastError = undefined;
    if (done) forget(track);
    else scheduleNext(track, sentAt);
    for (const entry of [...track.entries]) {
      if (!track.entries.has(entry) || !entry.waiter.update(entry, record) || !done) continue;
      track.entries.delete(entry);
      entry.waiter.done(entry, record);
    }
    if (!done) expire(track, clock.now());
  }

  /** The next poll of an id, counted from when the last one was sent. */
  function scheduleNext(track: Track, sentAt: number): void {
    track.attempts += 1;
    track.due = sentAt + delayAfter(schedule, track.attempts);
  }

  function detach(entry: Entry): void {
    const { track } = entry;
    track.entries.delete(entry);
    if (track.entries.size > 0) return;
    forget(track);
    const { chunk } = track;
    if (!chunk) return;
    track.chunk = undefined;
    chunk.live.delete(track);
    // Nobody waits on this request any more: nothing further is sent for it.
    if (chunk.live.size === 0) chunk.controller.abort();
  }

  return {
    add(targets, waiter, deadline) {
      const now = clock.now();
      const added = targets.map((target, index): Entry => {
        let track = tracks.get(keyOf(target));
        if (!track) {
          track = {
            target,
            attempts: 0,
            due: now + delayAfter(schedule, 0),
            chunk: undefined,
            last: null,
            lastError: undefined,
            entries: new Set(),
          };
          tracks.set(keyOf(target), track);
        }
        const entry: Entry = { track, waiter, index, deadline };
        track.entries.add(entry);
        return entry;
      });
      // A deadline before the first poll the wait could get is refused, not polled early at the deadline: polling
      // sooner would break the spec's Polling rule ("waiting 5 s, then ...") that this scheduler promises never to
      // advance, and would make a second wait cost an extra request. A caller gets a truthful error at once, naming
      // the time it needs, instead of a "did not finish" after 0 polls (see failure.ts).
      const late = added.find((entry) => !entry.track.chunk && entry.track.due > deadline);
      if (late) waiter.fail(late, { type: "early", dueInMs: late.track.due - now });
      else kick();
    },
    drop(waiter) {
      for (const track of [...tracks.values()]) {
        for (const entry of [...track.entries]) if (entry.waiter === waiter) detach(entry);
      }
      kick();
    },
  };
}

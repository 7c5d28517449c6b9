import { type StudioClient, type StudioSpan, tracerFor, whenAborted } from "@studio-kit/core";
import { PollerError } from "./errors.js";
import { abortError, earlyDeadlineError, failureError } from "./failure.js";
import { delayAfter, isDeadline, resolvePollerOptions } from "./options.js";
import { createScheduler, type Entry, type Waiter } from "./scheduler.js";
import { WAIT_SPAN, waitAttributes } from "./spans.js";
import type {
  PolledAudio,
  PolledImage,
  PolledJob,
  PolledRecord,
  PolledRecords,
  PolledVideo,
  PollerOptions,
  PollKind,
  RecordStatus,
  WaitOptions,
} from "./types.js";

/** What is wrong with the arguments of a wait, if anything. */
function checkWait(ids: readonly string[], maxWaitMs: number): string | undefined {
  if (!Array.isArray(ids)) return "ids must be a list of ids.";
  if (ids.some((id) => typeof id !== "string" || id.trim() === "")) {
    return `every id must be a non-empty string, got ${JSON.stringify(ids)}.`;
  }
  if (!isDeadline(maxWaitMs)) return `maxWaitMs must be a number > 0 (or Infinity), got ${maxWaitMs}.`;
  return undefined;
}

/** Waits for generations and jobs; every wait of one poller shares its requests. */
export interface Poller {
  /**
   * Waits until every image is COMPLETED or FAILED and resolves with their
   * records in the order of `ids`. All or nothing: if one id vanishes or the
   * deadline passes, the call rejects and its other ids stop being polled. For
   * independent outcomes wait per id (`Promise.allSettled(ids.map((id) =>
   * poller.waitForImages([id])))`): the waits are coalesced, so it costs no more.
   */
  waitForImages(ids: readonly string[], options?: WaitOptions<PolledImage>): Promise<PolledImage[]>;
  /** Waits until the video is COMPLETED or FAILED. */
  waitForVideo(id: string, options?: WaitOptions<PolledVideo>): Promise<PolledVideo>;
  /**
   * Waits for a music track, voiceover or sound effect through `audioStatus`:
   * until it is FAILED, or COMPLETED with its `audio` present.
   */
  waitForAudio(audioId: string, options?: WaitOptions<PolledAudio>): Promise<PolledAudio>;
  /** Waits until a background job (brand analysis, product scrape) is COMPLETED or FAILED. */
  waitForJob(jobId: string, options?: WaitOptions<PolledJob>): Promise<PolledJob>;
  /**
   * Checks the options of a wait before anything is spent: throws, at once and sending nothing, the PollerError
   * INVALID_ARGUMENT (a StudioValidationError) that a wait for a new generation would reject with: a `maxWaitMs`
   * that is not a number > 0, or that ends before this poller's first poll (5 s on the default schedule). A
   * generation costs credits once it is queued, so check a deadline you were given before generating, not after.
   *
   * @example
   * ```ts
   * poller.checkWaitOptions({ maxWaitMs }); // throws before generateImages has spent anything
   * const queued = await generateImages(client, { prompt: "a lighthouse at dusk", aspectRatio: "16:9" });
   * const images = await poller.waitForImages(queued.map((image) => image.id), { maxWaitMs });
   * ```
   */
  checkWaitOptions<TRecord>(options?: WaitOptions<TRecord>): void;
}

/**
 * Creates a poller over a studio client. Each id is polled on the spec's
 * schedule (5 s after the wait starts, then 10 s, 15 s, and every 20 s), never
 * sooner; ids of every wait that fall due within `windowMs` of each other are
 * read in one request, in chunks of `maxBatch`, so watching N jobs costs about
 * one request per tick, not N. Options are checked at once (PollerError
 * INVALID_OPTIONS).
 *
 * A wait resolves with the terminal records (COMPLETED, or FAILED with its
 * `errorMessage`) and rejects with a PollerTimeoutError carrying the last status
 * read, a PollerError INVALID_ARGUMENT at once when `maxWaitMs` ends before
 * the first poll the wait could get (5 s on the default schedule), a
 * PollerVanishedError for a record that is gone, core's
 * StudioAbortError when its signal aborts, or core's error when the server
 * refuses the request as a whole. Transient failures (network, 5xx, 429) left
 * after core's retries count as a missed poll: the schedule goes on.
 *
 * @example
 * ```ts
 * const poller = createPoller(client);
 * const images = await generateImages(client, { prompt: "a lighthouse at dusk", aspectRatio: "16:9", count: 4 });
 * const finished = await poller.waitForImages(images.map((image) => image.id), {
 *   maxWaitMs: 5 * 60_000,
 *   onUpdate: (image) => console.log(image.id, image.status, image.progress),
 * });
 * ```
 */
export function createPoller(client: StudioClient, options: PollerOptions = {}): Poller {
  const config = resolvePollerOptions(options);
  const tracer = tracerFor(client, "@studio-kit/poller");
  const scheduler = createScheduler(client, config, tracer);

  function waitFor<K extends PollKind>(
    kind: K,
    ids: readonly string[],
    options: WaitOptions<PolledRecords[K]> = {},
  ): Promise<PolledRecords[K][]> {
    const maxWaitMs = options.maxWaitMs ?? config.maxWaitMs;
    const attributes = waitAttributes(kind, Array.isArray(ids) ? ids : [], maxWaitMs);
    return tracer.span(WAIT_SPAN, { attributes }, (span) => waitInSpan(kind, ids, options, maxWaitMs, span));
  }

  function waitInSpan<K extends PollKind>(
    kind: K,
    ids: readonly string[],
    options: WaitOptions<PolledRecords[K]>,
    maxWaitMs: number,
    span: StudioSpan,
  ): Promise<PolledRecords[K][]> {
    return new Promise((resolve, reject) => {
      const problem = checkWait(ids, maxWaitMs);
      if (problem) {
        reject(new PollerError("INVALID_ARGUMENT", `@studio-kit/poller: waiting for ${kind}: ${problem}`, { kind }));
        return;
      }
      const { signal } = options;
      // The caller's callback runs in the wait's context, not the tick's that read the record: what it starts (a
      // progress message) belongs to the caller's trace.
      const onUpdate = options.onUpdate && tracer.bind(options.onUpdate);
      if (signal?.aborted) {
        reject(abortError(kind, ids, signal.reason));
        return;
      }
      if (ids.length === 0) {
        resolve([]);
        return;
      }

      const results: PolledRecords[K][] = new Array(ids.length);
      const statuses: Record<string, RecordStatus | null> = Object.fromEntries(ids.map((id) => [id, null]));
      const startedAt = config.clock.now();
      let left = ids.length;
      let settled = false;
      let stopListening: (() => void) | undefined;
      // `failure` is boxed: whatever onUpdate throws, `undefined` included, is a failure.
      const finish = (failure?: { error: unknown }) => {
        if (settled) return;
        settled = true;
        stopListening?.();
        scheduler.drop(waiter);
        if (failure) reject(failure.error);
        else resolve(results);
      };
      const onAbort = () => finish({ error: abortError(kind, ids, signal?.reason) });
      const waiter: Waiter = {
        spanContext: span.isRecording() ? span.spanContext() : undefined,
        update(entry: Entry, record: PolledRecord) {
          // A settled wait hears nothing more (it may list the same id twice).
          if (settled) return false;
          statuses[entry.track.target.id] = record.status;
          if (span.isRecording()) {
            span.addEvent("studio.poll.update", {
              "studio.poll.id": entry.track.target.id,
              "studio.poll.status": String(record.status),
            });
          }
          try {
            onUpdate?.(record as PolledRecords[K]);
            return true;
          } catch (error) {
            finish({ error });
            return false;
          }
        },
        done(entry, record) {
          if (settled) return;
          results[entry.index] = record as PolledRecords[K];
          left -= 1;
          if (left === 0) finish();
        },
        fail(entry, failure) {
          const elapsedMs = config.clock.now() - startedAt;
          const wait = { kind, maxWaitMs, elapsedMs, statuses, url: client.endpoint };
          finish({ error: failureError(failure, entry, wait) });
        },
      };
      // One listener on the caller's signal however many waits share it (core's whenAborted).
      stopListening = signal ? whenAborted(signal, onAbort) : undefined;
      scheduler.add(
        ids.map((id) => ({ kind, id })),
        waiter,
        config.clock.now() + maxWaitMs,
      );
    });
  }

  const one = async <K extends PollKind>(kind: K, id: string, options?: WaitOptions<PolledRecords[K]>) => {
    const [record] = await waitFor(kind, [id], options);
    // waitFor resolves with one record per id.
    return record as PolledRecords[K];
  };

  function checkWaitOptions<TRecord>(options: WaitOptions<TRecord> = {}): void {
    const maxWaitMs = options.maxWaitMs ?? config.maxWaitMs;
    const problem = checkWait([], maxWaitMs);
    if (problem) throw new PollerError("INVALID_ARGUMENT", `@studio-kit/poller: checkWaitOptions: ${problem}`);
    // A new generation's ids are polled first this long after the wait starts (scheduler.ts add): an id another
    // wait already polls may be read sooner, but a record just queued is polled by no one yet.
    const firstPollMs = delayAfter(config.schedule, 0);
    if (maxWaitMs < firstPollMs) throw earlyDeadlineError("a new generation", maxWaitMs, firstPollMs);
  }

  return {
    checkWaitOptions,
    waitForImages: (ids, options) => waitFor("image", ids, options),
    waitForVideo: (id, options) => one("video", id, options),
    waitForAudio: (audioId, options) => one("audio", audioId, options),
    waitForJob: (jobId, options) => one("job", jobId, options),
  };
}

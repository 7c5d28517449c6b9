import type {
  AudioStatusQuery,
  BackgroundJobQuery,
  ImageFieldsFragment,
  RecordStatus,
  VideoFieldsFragment,
} from "@studio-kit/operations";

/** What a poll reads: a generated image or video, an audio generation, or a background job. */
export type PollKind = "image" | "video" | "audio" | "job";

/** An image as polled: the spec's poll fields of `images` (Endpoints: Queries), read through `image(id:)`. */
export type PolledImage = Pick<
  ImageFieldsFragment,
  "id" | "status" | "progress" | "errorMessage" | "downloadUrl" | "url" | "aspectRatio" | "prompt"
>;

/** A video as polled: the spec's poll fields of `videos`, read through `video(id:)`. */
export type PolledVideo = Pick<
  VideoFieldsFragment,
  | "id"
  | "status"
  | "progress"
  | "videoUrl"
  | "thumbnailUrl"
  | "downloadUrl"
  | "thumbnailDownloadUrl"
  | "errorMessage"
  | "aspectRatio"
  | "duration"
>;

/** An `audioStatus` answer: every field the spec lists (Resources, Audio status); `audio` is set once finished. */
export type PolledAudio = NonNullable<AudioStatusQuery["audioStatus"]>;

/** A `backgroundJob` answer: every field the spec lists (Resources, Background job). */
export type PolledJob = NonNullable<BackgroundJobQuery["backgroundJob"]>;

/** The record type each kind resolves with. */
export interface PolledRecords {
  image: PolledImage;
  video: PolledVideo;
  audio: PolledAudio;
  job: PolledJob;
}

/** Any record the poller reads. */
export type PolledRecord = PolledRecords[PollKind];

/** The status of a polled record: QUEUED, COMPLETED, FAILED or any other string (still working). */
export type { RecordStatus };

/**
 * Time as the poller sees it. Injected so tests and benchmarks move time
 * themselves instead of waiting (see `createManualClock` in
 * `@studio-kit/poller/testing`).
 */
export interface PollerClock {
  /** Milliseconds on the clock's own timeline (Date.now by default). */
  now(): number;
  /** Resolves after `ms`, or rejects as soon as `signal` aborts (clearing any timer it set). */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** Options of `createPoller`. */
export interface PollerOptions {
  /**
   * Waits before each poll of one id, in ms: the first after the record was
   * returned, each next one after the previous poll; the last repeats.
   * Default `[5000, 10000, 15000, 20000]` (spec, Polling rule).
   */
  schedule?: readonly number[];
  /** Most ids read by one request; more due at once are split into chunks. Default 50. */
  maxBatch?: number;
  /**
   * Ids falling due within this many ms of the earliest due one are read in the
   * same request. A poll is only ever delayed by it, never advanced. Default 1000.
   */
  windowMs?: number;
  /** Deadline of a wait that passes no `maxWaitMs` of its own. Default 900000 (15 minutes). */
  maxWaitMs?: number;
  /** The clock and sleep. Default: Date.now and timers. */
  clock?: PollerClock;
}

/** Options of each `waitFor...` call. */
export interface WaitOptions<TRecord> {
  /** Stops the wait at once: it rejects with a StudioAbortError and nothing more is sent for it. */
  signal?: AbortSignal;
  /**
   * The overall deadline, from the call. Checked before each wait: when the next
   * poll would fall after it, the wait rejects at once with a PollerTimeoutError.
   * `Infinity` waits for ever. Default: the poller's `maxWaitMs`.
   */
  maxWaitMs?: number;
  /** Called with every record read, terminal ones included, in the order they arrive. */
  onUpdate?: (record: TRecord) => void;
}

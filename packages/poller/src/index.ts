// @studio-kit/poller: waits for generations and jobs on the spec's back-off,
// coalescing every due id into one request per tick. Test helpers (a manual
// clock) live at "@studio-kit/poller/testing".

export { POLL_OPERATION_NAME } from "./document.js";
export type { PollerErrorCode, PollerErrorDetails } from "./errors.js";
export { PollerError, PollerTimeoutError, PollerVanishedError } from "./errors.js";
export { DEFAULT_MAX_BATCH, DEFAULT_MAX_WAIT_MS, DEFAULT_SCHEDULE, DEFAULT_WINDOW_MS } from "./options.js";
export type { Poller } from "./poller.js";
export { createPoller } from "./poller.js";
export type {
  PolledAudio,
  PolledImage,
  PolledJob,
  PolledRecord,
  PolledRecords,
  PolledVideo,
  PollerClock,
  PollerOptions,
  PollKind,
  RecordStatus,
  WaitOptions,
} from "./types.js";

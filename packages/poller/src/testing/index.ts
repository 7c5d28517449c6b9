// @studio-kit/poller/testing: drive a poller on a manual clock, in tests and benchmarks.

export { advanceBy, quiesce, type RunOptions, runUntilSettled } from "./drive.js";
export type { ManualClock, ManualClockOptions } from "./manual-clock.js";
export { createManualClock } from "./manual-clock.js";
export type { RequestTracker, TrackedRequest } from "./track.js";
export { trackRequests } from "./track.js";

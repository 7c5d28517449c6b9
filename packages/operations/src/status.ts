import type { RecordStatus } from "./types.js";

/** The record statuses the spec names. Others exist; they mean "still working". */
export const KNOWN_RECORD_STATUSES = ["QUEUED", "COMPLETED", "FAILED"] as const;

/**
 * Whether a record has finished: COMPLETED (its `downloadUrl` is set) or FAILED
 * (its `errorMessage` is set). Every other status, including ones the spec does
 * not list, means the job is still working (spec, States and transitions).
 */
export function isTerminalStatus(status: RecordStatus | null | undefined): status is "COMPLETED" | "FAILED" {
  return status === "COMPLETED" || status === "FAILED";
}

import type { SandboxCore } from "../core.js";
import { viewJob } from "../jobs.js";

/**
 * Applies the edits (updateImage, updateVideo) whose job has completed: the new
 * file, size and flags show only then. Like the upload sweep, it runs before
 * every request, because time is the virtual clock and nothing else would
 * notice the job finishing. An edit whose job failed, or was replaced by a
 * newer one, is dropped.
 */
export function settleEdits(core: SandboxCore): void {
  const now = core.clock.now();
  for (const record of core.state.assets.values()) {
    if ((record.__typename !== "Image" && record.__typename !== "Video") || !record._pendingEdit) continue;
    const { job, changes } = record._pendingEdit;
    const view = viewJob(job, now);
    if (record._job !== job || (view.done && view.status !== "COMPLETED")) {
      record._pendingEdit = null;
    } else if (view.status === "COMPLETED") {
      Object.assign(record, changes);
      record._pendingEdit = null;
    }
  }
}

import { rmSync } from "node:fs";
import type { SandboxCore } from "../core.js";

/**
 * Deletes uploads neither registered nor confirmed once their time has come
 * (spec, States and transitions: "Uploaded file ... deleted one to two hours
 * after the request"; Limits). `deleteAt` was drawn between 1 and 2 hours after
 * the request when the upload was requested. Time is the virtual clock, so the
 * router runs the sweep before every request rather than on a timer: whatever
 * reads a file sees it deleted once its time has come. Returns how many uploads
 * it deleted.
 */
export function sweepExpiredUploads(core: SandboxCore): number {
  const now = core.clock.now();
  let deleted = 0;
  for (const [id, file] of core.state.files) {
    if (file.kept !== null || now < file.deleteAt) continue;
    if (file.path) {
      try {
        rmSync(file.path, { force: true });
      } catch {
        // A file the OS will not remove stays on disk; the record goes, so the API forgets it either way.
      }
    }
    core.state.files.delete(id);
    deleted += 1;
  }
  return deleted;
}

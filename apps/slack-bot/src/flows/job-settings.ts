// A result button carries the id of the job that made the result; the stored job holds every setting of the
// original request, so a click runs it again with all of them (Regenerate) or reuses them (Variations). Finished
// jobs are pruned after RECORD_RETENTION_MS (store/retention.ts): a click on an older result finds no job and falls
// back to what the platform still knows about the asset, and says so.

import type { ImageCommand } from "@studio-kit/commands";
import type { BotDeps } from "../deps.js";
import { RECORD_RETENTION_MS } from "../store/retention.js";
import type { JobRecord } from "../store/types.js";

/** The stored job a click names; undefined when it named none or the job is gone. */
export async function clickedJob(deps: BotDeps, jobId: string | undefined): Promise<JobRecord | undefined> {
  return jobId ? deps.store.jobs.get(jobId) : undefined;
}

/**
 * The image settings behind a stored job: an image job's command, or the settings an image edit carried over from
 * its source's job. Undefined for other kinds, and for edits stored without them.
 */
export function imageSettings(job: JobRecord | undefined): ImageCommand | undefined {
  if (job?.request.kind === "image") return job.request.command;
  if (job?.request.kind === "image-edit") return job.request.command;
  return undefined;
}

const KEPT_DAYS = Math.round(RECORD_RETENTION_MS / (24 * 60 * 60 * 1000));

/** The note when a click's job was pruned and only the image's prompt and ratio are known. */
export const SETTINGS_GONE_IMAGE =
  `This result is more than ${KEPT_DAYS} days old, so its settings are no longer kept: this one uses the ` +
  "image's prompt and ratio with the default settings (one image, the default model).";

/** The note when a click's job was pruned and nothing can be generated from it. */
export const SETTINGS_GONE = `This result is more than ${KEPT_DAYS} days old, so its settings are no longer kept. Run the command again.`;

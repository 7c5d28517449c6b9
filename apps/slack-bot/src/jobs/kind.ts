import type { BotDeps } from "../deps.js";
import type { ResultFile } from "../flows/upload-results.js";
import type { SlackMessage } from "../messages/blocks.js";
import type { JobKind, JobRecord, JobRequest } from "../store/types.js";

/** A stored job of one kind. */
export type JobOf<K extends JobKind> = JobRecord & { request: Extract<JobRequest, { kind: K }> };

/** How a job ended, as the user will see it. */
export interface Finished {
  message: SlackMessage;
  /** Result files to share into Slack after the message (none when it failed). */
  files: ResultFile[];
  outcome: "completed" | "failed";
}

/** What the API answered to the generation mutation. */
export type Sent =
  | { accepted: true; ids: string[] }
  /** The API answered but queued nothing (`success: false`): a message for the user, nothing to follow. */
  | { accepted: false; message: SlackMessage };

/**
 * One kind of job: how its progress reads, how it is sent and how it is followed to its final message. `send` is
 * called at most once per job, ever (the runner records `sending` before it); `follow` may be called again after
 * a restart, so it only reads and builds messages (the `--board` push skips cards already there).
 */
export interface JobKindHandler<K extends JobKind> {
  progress(job: JobOf<K>, percent?: number): SlackMessage;
  send(deps: BotDeps, job: JobOf<K>): Promise<Sent>;
  /** Polls the job's `resultIds` until they end; `onPercent` gets the progress while they run. */
  follow(deps: BotDeps, job: JobOf<K>, onPercent: (percent: number) => void): Promise<Finished>;
  /** The final message when the job could not be followed (an error after sending). */
  failed(job: JobOf<K>, errorMessage?: string | null): SlackMessage;
}

import type { FinalMessage } from "../delivery/engine.js";
import type { ResultFile, UploadedFiles } from "../delivery/result-files.js";
import type { BotDeps } from "../deps.js";
import type { SlackMessage } from "../messages/blocks.js";
import type { JobKind, JobRecord, JobRequest, StepResults } from "../store/types.js";

/** A stored job of one kind. */
export type JobOf<K extends JobKind> = JobRecord & { request: Extract<JobRequest, { kind: K }> };

/**
 * How a job ended, as the user will see it: FAILED (a message), or COMPLETED with the files to upload to Slack first
 * and the result message written from what was uploaded (one message with its media: messages/results.ts).
 */
export type Finished =
  | { outcome: "failed"; message: SlackMessage }
  | { outcome: "completed"; files: ResultFile[]; render(uploaded: UploadedFiles): FinalMessage }
  /**
   * A step of a job of several steps ended well and the next one is due (store/types.ts, JobState): the runner
   * records `results` with the move to the next step, then sends that step (once) and follows it.
   */
  | { outcome: "next"; results: StepResults };

/** What the API answered to the generation mutation. */
export type Sent =
  | { accepted: true; ids: string[] }
  /** The API answered but queued nothing (`success: false`): a message for the user, nothing to follow. */
  | { accepted: false; message: SlackMessage };

/**
 * One kind of job: how its progress reads, how it is sent and how it is followed to its final message. `send` is
 * called at most once per job, ever (the runner records `sending` before it); `follow` may be called again after
 * a restart, so it only reads and builds messages (the `--board` push skips cards already there). A kind of several
 * steps reads `job.step` in all three: `send` is then called at most once per step, and `follow` answers `next` until
 * the last step.
 */
export interface JobKindHandler<K extends JobKind> {
  /**
   * How long a job of this kind usually takes, as a person would say it: a job of `minutes` says so under its status
   * line ("Videos usually take a few minutes."), so that a wait of minutes is not read as a stuck bot.
   */
  takes(job: JobOf<K>): "seconds" | "minutes";
  /**
   * Whether a job of this kind may show its progress in a streamed message that ends as its result (decision 0019):
   * only a kind taking seconds whose result's media show in blocks (images). Slack closes a stream after minutes, and
   * chat.stopStream takes no `file_ids`, which a video's or an audio's result needs.
   */
  streams: boolean;
  /** Who asked for what (the runner adds the status line: messages/progress.ts `withStatus`). */
  progress(job: JobOf<K>): SlackMessage;
  send(deps: BotDeps, job: JobOf<K>): Promise<Sent>;
  /** Polls the job's `resultIds` until they end; `onPercent` gets the progress while they run. */
  follow(deps: BotDeps, job: JobOf<K>, onPercent: (percent: number) => void): Promise<Finished>;
  /** The final message when the job could not be followed (an error after sending). */
  failed(job: JobOf<K>, errorMessage?: string | null): SlackMessage;
}

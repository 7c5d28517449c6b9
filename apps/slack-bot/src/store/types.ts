// The bot's durable state behind one interface: jobs (what was asked, where to answer, the ids the API returned),
// channel defaults, pending confirmations, processed Slack event ids, button claims and the usage the quotas count.
//
// Every method is async and every check-and-change is ONE method (create-within-limits, first-sight of an event,
// claiming a click, taking a confirmation, claiming a job): an implementation makes each atomic, in a transaction
// on SQLite (store/sqlite/, the embedded default) and on PostgreSQL (store/postgres/, when several replicas share
// one database).
// Callers never hold a transaction open across an await of the network.

import type { DefaultBoard } from "./channel-defaults.js";
import type { JobRequest } from "./job-requests.js";
import type { PendingRequest, PendingRequests } from "./pending-requests.js";

export type { ColourAdjustments, ImageEditKind, JobRequest, VideoFormatRatio, VideoTool } from "./job-requests.js";

/** The kinds of job. */
export type JobKind = JobRequest["kind"];

/**
 * Where a job is. Only ever moves forward:
 * - `new`: stored, the mutation NOT sent (a restart may send it);
 * - `sending`: the mutation may have reached the API, its ids unknown (a restart must NOT send it again);
 * - `running`: the API returned `resultIds`; a restart polls them;
 * - `delivered`: written only by bots before one message per job (final message in place, files being shared);
 *   a resumed job in it is simply marked done;
 * - `done`: nothing left to do.
 *
 * A job of several steps (a voiceover, then the video made from it) goes through `new`, `sending` and `running` once
 * per step, `step` saying which: the move to the next step (`step + 1`, `new`, the finished step's ids in
 * `stepResults`) is ONE recorded patch, made before that step's mutation is sent, so a restart sends each step at
 * most once and never repeats a finished one.
 */
export type JobState = "new" | "sending" | "running" | "delivered" | "done";

/** How a job ended (set with `done`, or `delivered` when it ended with results). */
export type JobOutcome =
  /** Results delivered. */
  | "completed"
  /** The API finished the generation as FAILED, or did not accept it. */
  | "failed"
  /** Nothing reached the API (the progress could not be posted, a check refused): not counted by the quotas. */
  | "not-sent"
  /** Sent, but the bot stopped before learning the ids: the user was told, nothing was sent again. */
  | "lost"
  /** Anything else went wrong after sending (the poller gave up, ...); the user was told. */
  | "error"
  /**
   * Results made (credits spent), but no message could carry them: not where they were asked (the message or thread
   * was gone), nor the person's DM. History says "Not delivered", with a link to open them in the studio.
   */
  | "undelivered"
  /**
   * The person clicked Stop on the thread's agent session after the generation may have been sent (decision 0028):
   * it was followed to its end (paid: the API has no cancel) and never posted; history says "Stopped by you" and
   * opens its results, if any, in the studio.
   */
  | "stopped"
  /** The person clicked Stop before the generation was sent: nothing reached the API (not counted by the quotas). */
  | "stopped-not-sent";

/** Where the job's progress message is, so a restarted bot replaces the same message. */
export interface ProgressLocation {
  /** The message's ts when the bot posted it with chat.postMessage (it can chat.update it). */
  ts?: string;
  /**
   * The slash command's (or Confirm click's) `response_url` when the bot is not in the channel. A secret
   * (platform-facts.md): kept in the store only, never logged; valid 30 minutes.
   */
  responseUrl?: string;
  /** Whether answering through `responseUrl` replaces its original message (false after a Confirm click). */
  replaceOriginal?: boolean;
  /**
   * The job runs in an assistant thread (its `channel` and `threadTs`): its progress is the thread's status line,
   * not a message, and its one message is the result, posted when it ends (`ts` from then on). Decision 0012.
   */
  assistantThread?: boolean;
  /**
   * The message at `ts` is a streamed reply (chat.startStream: decision 0019): the job's phases are appended to it and
   * it ends as the result (chat.stopStream), or, once Slack no longer takes the stream, is replaced by chat.update.
   */
  streamed?: boolean;
}

/** A job as stored. */
export interface JobRecord {
  id: string;
  user: string;
  channel: string;
  threadTs?: string;
  request: JobRequest;
  state: JobState;
  outcome?: JobOutcome;
  progress?: ProgressLocation;
  /** The ids the generation mutation returned (images, a video, an audio job); of a job of steps, the current step's. */
  resultIds: string[];
  /**
   * The step of a job of several steps that `state` and `resultIds` are about, counted from 0 (left out for 0: a
   * one-step job is always at its first). See {@link JobState}.
   */
  step?: number;
  /** What the finished steps of a job of steps made, for the steps after them (the voiceover's audio id, its length). */
  stepResults?: StepResults;
  /**
   * Result files shared into Slack by bots before one message per job (asset ids). Files are now uploaded unshared
   * and shown by the result message, so nothing writes it any more; kept so older rows still read.
   */
  uploadedFiles: string[];
  /** What the per-user quota counts: the outputs asked for (an image count, 1 for a video). */
  outputs: number;
  /** What the daily budget counts: the estimated credits. */
  credits: number;
  /** A click's claim key, when a button started the job. */
  origin?: string;
  /**
   * The W3C `traceparent` of the trace the job started in (its `studio.job` span), when tracing was on then: a job
   * resumed after a restart starts a trace of its own that links to this one (ops/tracing/, decision 0023). Ids only.
   */
  trace?: string;
  /** Which replica works on the job, and until when (renewed while it does). */
  lease?: Lease;
  /**
   * When its asker clicked Stop on the agent session of its thread (decision 0028), recorded by whichever replica got
   * the event: from then on it is never sent (`sending` is refused with {@link JobStoppedError}) and never posted.
   */
  stoppedAt?: number;
  createdAt: number;
  updatedAt: number;
}

/**
 * A replica's hold on a job: only `owner` works on it (sends, polls, posts) until `until` (ms since the epoch). The
 * owner renews it while it works; when the owner dies, the lease runs out and another replica claims the job.
 */
export interface Lease {
  /** The replica's id (one per process). */
  owner: string;
  until: number;
}

/** What the finished steps of a job of steps made, by name: ids and numbers only (kept as JSON). */
export type StepResults = Record<string, string | number>;

/** A new job: the store adds the id, state `new`, step 0, empty lists and the times. */
export type NewJob = Omit<
  JobRecord,
  | "id"
  | "state"
  | "outcome"
  | "resultIds"
  | "uploadedFiles"
  | "step"
  | "stepResults"
  | "lease"
  | "stoppedAt"
  | "updatedAt"
>;

/**
 * What may change on a job. A patch with `step` applies only when it is the stored step plus one: steps move forward
 * one at a time, so of two writers moving a job to its next step, one does (the other gets {@link LeaseLostError}).
 */
export type JobPatch = Partial<
  Pick<JobRecord, "state" | "outcome" | "progress" | "resultIds" | "uploadedFiles" | "step" | "stepResults">
>;

/** The limits a new job is created within; a limit left out is not enforced. */
export interface Limits {
  /** Outputs one user may ask for in any rolling hour. */
  userOutputsPerHour?: number;
  /** Credits the workspace may spend per UTC day through the bot. */
  dailyCredits?: number;
}

/** What the quotas see: counted from jobs that were (or may have been) sent. */
export interface Usage {
  /** The user's outputs in the hour before `now`. */
  userOutputsLastHour: number;
  /** When the oldest of those leaves the window (ms), or null when none. */
  userWindowFreesAt: number | null;
  /** The workspace's estimated credits since 00:00 UTC. */
  creditsToday: number;
}

/** The outcome of creating a job within limits. */
export type CreateResult =
  | { ok: true; job: JobRecord }
  | { ok: false; limit: "user-hourly"; usage: Usage; max: number }
  | { ok: false; limit: "daily-credits"; usage: Usage; max: number };

/**
 * The jobs, durable. Several replicas share them: a job is worked on only by the holder of its lease, and every
 * change is fenced by it (a replica that lost its lease, paused past it, cannot write, so it cannot send twice).
 */
export interface JobStore {
  /**
   * Atomically checks `limits` against the usage and stores the job (state `new`, held by `lease`) when they allow
   * it. Creations racing from any number of replicas never pass a limit together.
   */
  create(job: NewJob, limits: Limits, lease: Lease): Promise<CreateResult>;
  /**
   * Applies a patch when `owner` is the job's lease owner (fenced by the owner only: a lease that ran out but was
   * not claimed yet still lets its owner write); `state: "sending"` applies only to a job still `new` and not stopped,
   * and `step: n` only to a job at step n - 1. Returns the job as stored after it. Throws {@link JobStoppedError} when
   * `sending` met a recorded stop, {@link LeaseLostError} when another replica holds it now (or the job is no longer
   * `new` for `sending`, or no longer at step n - 1), and an Error on an unknown id.
   */
  update(id: string, patch: JobPatch, owner: string): Promise<JobRecord>;
  get(id: string): Promise<JobRecord | undefined>;
  /**
   * Claims up to `max` unfinished jobs whose lease ran out by `now` (`until <= now`, or never had one), oldest first, for
   * `lease`; returns them as claimed. Replicas claiming at once each get different jobs (none waits for another).
   */
  claim(lease: Lease, now: number, max: number): Promise<JobRecord[]>;
  /** Extends `lease.owner`'s leases on `ids` (finished or not) to `lease.until`; returns the ids it still held. */
  renew(lease: Lease, ids: readonly string[]): Promise<string[]>;
  /**
   * Ends `owner`'s leases on its unfinished jobs now (no owner any more: its late writes fail), so other replicas
   * claim them at once (a clean stop).
   */
  release(owner: string): Promise<void>;
  /** Every job not `done`, oldest first (to inspect; a replica works on a job only after claiming it). */
  unfinished(): Promise<JobRecord[]>;
  /** A user's most recent jobs, newest first (App Home). */
  recent(user: string, limit: number): Promise<JobRecord[]>;
  /**
   * The newest job whose results include the asset `assetId` (`/studio show <asset id>`, and the job a result was
   * made from); undefined when no job here made it (a library asset, or a job pruned by retention).
   */
  byResult(assetId: string): Promise<JobRecord | undefined>;
  /**
   * The newest job that finished with a result in the thread `threadTs` of `channel`: asked in that thread (a
   * mention's, an assistant thread), or whose result message is the thread's parent (`progress.ts`). A message in
   * that thread is read against it (flows/follow-up.ts); undefined when the thread holds no finished result.
   */
  resultInThread(channel: string, threadTs: string): Promise<JobRecord | undefined>;
  /** What the quotas count for `user` at `now`. */
  usage(user: string, now: number): Promise<Usage>;
}

/** Slack event ids already handled: a redelivery (X-Slack-Retry-Num, or after a restart) runs nothing twice. */
export interface EventLog {
  /** True the first time `eventId` is seen (and records it); false every later time. */
  firstSight(eventId: string, now: number): Promise<boolean>;
}

/**
 * Button clicks that started work. A claim without a window holds until released (exactly once: "Add to <board>");
 * a claim with a window holds only that long (a result button: a true double click is refused, a later click is new
 * work). Each claim is one atomic statement, so clicks racing on several replicas never both win.
 */
export interface Claims {
  /**
   * True when `key` is free at `now`: never claimed, released, or (given `windowMs`) last claimed at or before
   * `now - windowMs`. The caller then holds it, claimed at `now`. False while someone holds it.
   */
  claim(key: string, now: number, windowMs?: number): Promise<boolean>;
  /**
   * Frees the claim made at `claimedAt` when its work spent nothing (refused by a check), so the button can be used
   * again at once. A later claim of the same key (another click, after the window) is left alone.
   */
  release(key: string, claimedAt: number): Promise<void>;
}

/** Each channel's default board. */
export interface ChannelDefaultsStore {
  get(channel: string): Promise<DefaultBoard | undefined>;
  set(channel: string, board: DefaultBoard): Promise<void>;
  /** Every channel's default, for the App Home. */
  list(): Promise<{ channel: string; board: DefaultBoard }[]>;
}

/** Uses of a key counted in a rolling window (how often a workspace's messages were updated), across replicas. */
export interface RateWindows {
  /**
   * Counts one use of `key` at `now` when fewer than `max` were counted in the `windowMs` before `now`; otherwise
   * counts nothing. Atomic across replicas. Returns whether it counted, and the window as it is after.
   */
  take(key: string, now: number, windowMs: number, max: number): Promise<WindowUse & { taken: boolean }>;
  /** The uses of `key` in the `windowMs` before `now`. */
  count(key: string, now: number, windowMs: number): Promise<WindowUse>;
}

/** The uses in a window: how many, and when the oldest of them was (ms), or null when none. */
export interface WindowUse {
  used: number;
  oldest: number | null;
}

/**
 * Thrown by {@link JobStore.update} when a job's move to `sending` met a stop its asker recorded (decision 0028, on any
 * replica): its generation is never sent.
 */
export class JobStoppedError extends Error {
  readonly code = "JOB_STOPPED";
  constructor(readonly jobId: string) {
    super(`@studio-kit/slack-bot: job ${jobId} was stopped by its asker; its generation is not sent.`);
    this.name = "JobStoppedError";
  }
}

/** The thread of an agent session, and who clicked its Stop. */
export interface ThreadStop {
  channel: string;
  threadTs: string;
  user: string;
}

/** What a stop recorded in the store took. */
export interface StoppedInStore {
  /**
   * The clicker's unfinished jobs asked in the thread, as they were when the stop was recorded: one still `new` at a
   * step 0 was never sent and never will be; any other was (it is paid: the studio API has no cancel).
   */
  jobs: JobRecord[];
  /** The clicker's confirmations waiting in the thread, taken: a Confirm of one, on any replica, sends nothing. */
  confirmations: { id: string; request: PendingRequest }[];
  /** Other people's work still under way in the thread (unfinished jobs and waiting confirmations not stopped). */
  others: number;
  /**
   * The clicker's work in the thread stopped by an earlier click in the {@link REPEATED_STOP_MS} before `now` (a
   * second client, a double click, two replicas each getting one): that click's note said it all.
   */
  stoppedJustBefore: number;
}

/** How long after a stop another click on the same session reads as the same stop, repeated. */
export const REPEATED_STOP_MS = 60_000;

/**
 * Stops clicked on agent sessions (decision 0028), durable and shared by every replica: the replica that gets
 * `agent_session_stopped` records the stop on the work it finds, and the replica doing that work honours it before it
 * sends, before it posts and at a Confirm.
 */
export interface SessionStops {
  /**
   * Records `stop` at `now` in one transaction: every unfinished job of the clicker asked in the thread is marked
   * stopped (each row's change waits for, or makes wait, a move to `sending`: of the two, exactly one wins), and every
   * confirmation of theirs waiting there is taken as stopped. Work already stopped is not returned again.
   */
  stop(stop: ThreadStop, now: number): Promise<StoppedInStore>;
  /** Which of `ids` (jobs or confirmations) a stop was recorded for. */
  stoppedOf(ids: readonly string[]): Promise<string[]>;
}

/** Thrown by {@link JobStore.update} when another replica holds the job now: the caller stops working on it. */
export class LeaseLostError extends Error {
  readonly code = "LEASE_LOST";
  constructor(readonly jobId: string) {
    super(`@studio-kit/slack-bot: job ${jobId} is held by another replica now; this one stops working on it.`);
    this.name = "LeaseLostError";
  }
}

/** A person's rating of a result, from its feedback buttons. */
export type Rating = "good" | "bad";

/** A rating as kept: the latest of one person on one job's result. */
export interface RatingRecord {
  jobId: string;
  user: string;
  rating: Rating;
  ratedAt: number;
}

/** The feedback on results: the latest click of each person on each result (issue 29). */
export interface FeedbackStore {
  /**
   * Keeps `rating` as `user`'s latest on `jobId`'s result, in one statement, and says what it replaced (undefined
   * for a first rating; the same rating again for a second click on the same button).
   */
  rate(entry: RatingRecord): Promise<{ previous: Rating | undefined }>;
  /** The latest ratings given at or after `since`, oldest first. */
  since(since: number): Promise<RatingRecord[]>;
  /**
   * The ratings of the 7 days before `now` (`RATINGS_WINDOW_MS`, store/retention.ts), by the model of the job each
   * rates (read from the job: a rating of a job no longer kept is not counted), most rated first, then by model. Each
   * person's latest rating of a job counts once. The App Home's section for admins.
   */
  weekByModel(now: number): Promise<ModelRatings[]>;
}

/**
 * What a rated result was made with, as the week's ratings group it: the model its request named, or, when it named
 * none, the catalog's default for its media (`model` null). `tool`: a video tool's or a format variant's result, made
 * by no model a person picks.
 */
export interface RatedModel {
  /** The model id as the request named it (`--model`, or the one the bot picked from the catalog); null: none named. */
  model: string | null;
  media: "image" | "video" | "audio" | "tool";
}

/** One model's ratings in a window: how many people found its results good or not, and the share of good. */
export interface ModelRatings extends RatedModel {
  good: number;
  bad: number;
  /** good / (good + bad), from 0 to 1 (a model is listed only with at least one rating). */
  ratio: number;
}

/** A message whose platform links the bot unfurled as Work Objects: where it is, who shared it, and its links. */
export interface UnfurledMessage {
  channel: string;
  ts: string;
  /** The person who shared the links (the access rules are checked for them again when it is unfurled again). */
  user: string;
  /** The links unfurled, in the order shared. */
  urls: string[];
}

/**
 * The Work Object unfurls the bot made on posted messages, so that a change the bot makes to a board unfurls its
 * links again (chat.unfurl on the same `channel` + `ts` modifies the same unfurl: decision 0027). Kept 30 days.
 */
export interface UnfurlStore {
  /** Records the links unfurled on one message, each with its board's id (null for an asset), replacing earlier. */
  remember(
    message: { channel: string; ts: string; user: string; links: { url: string; boardId: string | null }[] },
    now: number,
  ): Promise<void>;
  /** The messages (newest unfurl first, at most `limit`) with a link to board `boardId`, each with all its links. */
  ofBoard(boardId: string, limit: number): Promise<UnfurledMessage[]>;
  /** Forgets a message (deleted, or its channel gone: Slack refused to unfurl it again). */
  forget(channel: string, ts: string): Promise<void>;
}

/** Everything the bot keeps across restarts, shared by every replica using the same database. */
export interface BotStore {
  jobs: JobStore;
  events: EventLog;
  claims: Claims;
  channelDefaults: ChannelDefaultsStore;
  pendingRequests: PendingRequests;
  /** The Stops clicked on agent sessions, recorded on the work they stopped (decision 0028). */
  sessionStops: SessionStops;
  /** The chat.update budget's window, shared by every replica. */
  windows: RateWindows;
  /** The feedback buttons' ratings of results. */
  feedback: FeedbackStore;
  /** The Work Object unfurls the bot made, for refreshing them after it changes a board. */
  unfurls: UnfurlStore;
  /** Removes what no one needs any more (old events, finished jobs, expired claims). */
  prune(now: number): Promise<void>;
  close(): Promise<void>;
}

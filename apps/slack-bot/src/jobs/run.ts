// The life of a generation job, each step recorded before the next one starts (store/types.ts, JobState):
//   new → post the progress, record where it is → `sending` → the mutation → `running` with the ids →
//   poll → the result files uploaded to Slack (unshared) → the one result message → `done`.
// A bot killed at any point resumes from the record (resume.ts): a job that reached `sending` is never sent again,
// and the final message replaces the same progress message, so posting it again after a restart changes nothing (a
// result that went out as a new message is recorded as the job's message at once; a crash between the two can show
// it twice).
// A job of several steps (an avatar: a voiceover, then the video) goes `new` → `sending` → `running` once per step;
// the move to the next step is recorded (with what the step made) before that step is sent (nextStep below).
// Every record is fenced by the job's lease (record.ts): of several replicas, only the holder moves a job on.

import type { StudioSpan } from "@studio-kit/core";
import { beginSessionWork, NO_SESSION_WORK, type SessionWork } from "../delivery/agent-sessions.js";
import { deliverFinal, type FinalMessage, pacerOf, showProgress } from "../delivery/engine.js";
import { uploadResultFiles } from "../delivery/result-files.js";
import { studioSilent, watchSilence, withStillTrying } from "../delivery/still-trying.js";
import { startStreamedProgress } from "../delivery/stream.js";
import type { Posted, Surface } from "../delivery/surface.js";
import { deliverToDirectMessage, wasDelivered } from "../delivery/undelivered.js";
import type { BotDeps } from "../deps.js";
import { limitReachedMessage, readOnlyKeyMessage } from "../messages/access.js";
import { stoppedProgressMessage } from "../messages/agent-sessions.js";
import { assistantTitle } from "../messages/assistant.js";
import type { SlackMessage } from "../messages/blocks.js";
import { jobProblemMessage, whatTheJobAsked } from "../messages/jobs.js";
import { explainProblem } from "../messages/problems.js";
import { type ProgressStatus, withStatus } from "../messages/progress.js";
import { SPANS, tracerOf } from "../ops/tracing/spans.js";
import { traceparentOf } from "../ops/tracing/trace-context.js";
import { type JobRecord, JobStoppedError, LeaseLostError, type NewJob, type StepResults } from "../store/types.js";
import { mayGenerate } from "./gate.js";
import type { Finished } from "./kind.js";
import { handlerOf } from "./kinds.js";
import { finishedTag } from "./provenance.js";
import { record } from "./record.js";
import { certainlyNotRun } from "./spent.js";

/**
 * Sends the job's mutation (once: `sending` is recorded first) and records the ids; null when it ended there (also
 * when its asker's Stop was recorded first, on any replica: then nothing is sent and `work` is marked stopped).
 */
export async function sendJob(
  deps: BotDeps,
  surface: Surface,
  posted: Posted,
  stored: JobRecord,
  work: SessionWork = NO_SESSION_WORK,
): Promise<JobRecord | null> {
  // A stopping replica waits for this before it lets its jobs go: a job is never left `sending` by a clean stop.
  return deps.leases.track(sendAndRecord(deps, surface, posted, stored, work));
}

async function sendAndRecord(
  deps: BotDeps,
  surface: Surface,
  posted: Posted,
  stored: JobRecord,
  work: SessionWork,
): Promise<JobRecord | null> {
  const { logger } = deps;
  // Not while stopping, nor on a lease that renewals no longer keep fresh (a stalled replica): another replica may
  // be about to claim the job, and would then find it `sending` and unfollowable.
  if (!deps.leases.holds(stored.id)) throw new LeaseLostError(stored.id);
  // Fenced, and only from `new`: if another replica (or worker) took the job over, this throws and nothing is sent.
  // Nor after a Stop recorded in the store by any replica (decision 0028): the store refuses the move, never both.
  let job: JobRecord;
  try {
    job = await record(deps, stored.id, { state: "sending" });
  } catch (error) {
    if (!(error instanceof JobStoppedError)) throw error;
    logger.info({ job: stored.id, user: stored.user, step: stored.step }, "stopped before sending; nothing sent");
    work.markStopped();
    // A later step of a job of steps comes after one that was sent (and paid): it counts as stopped, not unsent.
    await record(deps, stored.id, { state: "done", outcome: stored.step ? "stopped" : "stopped-not-sent" });
    return null;
  }
  const handler = handlerOf(job);
  let sent: Awaited<ReturnType<typeof handler.send>>;
  try {
    sent = await handler.send(deps, job);
  } catch (error) {
    const notRun = certainlyNotRun(error);
    // A read-only key is learned here, from the first refused generation; later ones are refused before sending.
    const readOnly = deps.keyMode.learnFrom(error);
    logger.error({ err: error, user: job.user, job: job.id, notRun, readOnly }, "generation could not be sent");
    // The message says what was asked and what it cost: a generation that may have run is charged once at most,
    // since it is never sent again (a later step's refusal comes after a step that was sent, and spent).
    const stage = notRun ? (job.step ? "sent" : "not-sent") : "maybe-sent";
    const problem = readOnly ? readOnlyKeyMessage() : jobProblemMessage(job, stage, explainProblem(error));
    const where = await deliverFinal(deps, surface, posted, problem);
    // A later step of a job of steps comes after one that was sent (and spent): the job counts however this ended.
    const outcome = notRun && !job.step ? "not-sent" : "error";
    await record(deps, job.id, { state: "done", outcome, ...movedTo(posted, where) });
    return null;
  }
  if (!sent.accepted) {
    logger.warn({ user: job.user, job: job.id, kind: job.request.kind }, "generation was not accepted");
    const where = await deliverFinal(deps, surface, posted, sent.message);
    await record(deps, job.id, { state: "done", outcome: "failed", ...movedTo(posted, where) });
    return null;
  }
  // The ids are in the log before anything else can fail: if they cannot be recorded, they are not lost.
  logger.info({ user: job.user, job: job.id, kind: job.request.kind, ids: sent.ids }, "generation queued");
  return recordIds(deps, job, sent.ids);
}

/**
 * Where a job's message is once its final message went out: a final posted anew (its progress message deleted)
 * moves it, and the record must follow, or the job's history link points at the deleted progress message.
 */
export function movedTo(posted: Posted, where: Posted): { progress?: Posted["where"] } {
  return where.where.ts !== posted.where.ts ? { progress: where.where } : {};
}

/** Records a sent job's ids, retrying the store a few times: failing here would leave a paid generation unfollowed. */
async function recordIds(deps: BotDeps, job: JobRecord, ids: string[]): Promise<JobRecord> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await record(deps, job.id, { state: "running", resultIds: ids });
    } catch (error) {
      if (error instanceof LeaseLostError || attempt === RECORD_ATTEMPTS) throw error;
      deps.logger.warn({ err: error, job: job.id, attempt }, "could not record a sent generation's ids; retrying");
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}
const RECORD_ATTEMPTS = 4;

/** The job's progress message with its status line (elapsed time from the job's creation). */
export function progressOf(deps: BotDeps, job: JobRecord, phase: ProgressStatus["phase"], percent?: number) {
  const handler = handlerOf(job);
  const shown = withStatus(handler.progress(job), {
    phase,
    percent,
    elapsedMs: deps.now() - job.createdAt,
    ...(handler.takes(job) === "minutes" ? { expect: "Videos usually take a few minutes." } : {}),
  });
  // While the studio API does not answer, the message says so rather than freezing (ops/still-trying.ts).
  return studioSilent(deps) ? withStillTrying(shown) : shown;
}

/**
 * Shows where a job is: in its progress message (throttled, flows/updates.ts), or in its assistant thread's status
 * line (decision 0012).
 */
export function showJob(
  deps: BotDeps,
  posted: Posted,
  job: JobRecord,
  phase: ProgressStatus["phase"],
  percent?: number,
  options: { urgent?: boolean } = {},
): void {
  if (posted.status) posted.status.show(phase, percent);
  else if (posted.stream) posted.stream.show(phase, percent);
  else showProgress(deps, posted, () => progressOf(deps, job, phase, percent), options);
}

/**
 * Starts showing a job where it was asked: in a thread, a streamed message of its phases that ends as its result
 * (a job taking seconds, where Slack has room for the stream: decision 0019); else its progress message, tagged with
 * the job's id (chat.postMessage, paced per channel); in an assistant thread, its status line (nothing posted until
 * the result).
 */
export async function startProgress(
  deps: BotDeps,
  surface: Surface,
  job: JobRecord,
  phase: "sending" | "queued",
): Promise<Posted> {
  if (surface.assistant) return surface.assistant.startJob(job, phase);
  if (surface.streamPlace && handlerOf(job).streams) {
    const streamed = await startStreamedProgress(deps, surface.streamPlace, phase);
    if (streamed) return streamed;
  }
  // chat.postMessage is paced per channel (about one a second): a burst of requests queues here, acked already.
  await pacerOf(deps).acquire("chat.postMessage", surface.channel);
  return surface.post(progressOf(deps, job, phase), { jobId: job.id });
}

/**
 * Polls a running job to its end, uploads its result files to Slack (unshared), then puts the one result message
 * (its media and buttons) in place of the progress, as soon as Slack's limits allow (flows/updates.ts). A job whose
 * agent session was stopped (`work`) is still followed to its end (it was sent, so it is paid) and kept in the
 * person's history, but shows no more progress and is not posted.
 */
export async function followJob(
  deps: BotDeps,
  surface: Surface,
  posted: Posted,
  job: JobRecord,
  work: SessionWork = NO_SESSION_WORK,
): Promise<void> {
  const { logger } = deps;
  const handler = handlerOf(job);
  let shown: ProgressStatus["phase"] = "queued";
  let lastPercent: number | undefined;
  let finished: Finished | { outcome: "error"; message: SlackMessage };
  // The studio going silent (or answering again) shows at once, although no poll answers to say it.
  const silence = watchSilence(deps, (urgent) => {
    if (deps.leases.holds(job.id) && !work.stopped) showJob(deps, posted, job, shown, lastPercent, { urgent });
  });
  try {
    finished = await handler.follow(deps, job, (percent) => {
      // A replica that lost the job while polling updates nothing: the message is the new holder's.
      if (!deps.leases.holds(job.id) || work.stopped) return;
      // A stop another replica recorded is read every few seconds: once seen, the progress ends here (its onStop).
      void work.checkStopped();
      // A new phase shows at once (within the workspace's limit); a moving percentage waits for the throttle.
      const phase = percent > 0 ? "running" : "queued";
      const urgent = phase !== shown;
      shown = phase;
      lastPercent = percent;
      showJob(deps, posted, job, phase, percent, { urgent });
    });
  } catch (error) {
    // The app stopped and handed its jobs on (app.ts stop()): the wait ended for that, not for the generation. The
    // job is another replica's (or this one's after a restart) to carry on: nothing is said, nothing is recorded.
    if (deps.stopped?.aborted) throw new LeaseLostError(job.id);
    logger.error({ err: error, user: job.user, job: job.id }, "generation did not finish");
    finished = { outcome: "error", message: jobProblemMessage(job, "sent", explainProblem(error)) };
  } finally {
    silence.stop();
  }
  if (finished.outcome === "next") return nextStep(deps, surface, posted, job, finished.results, work);
  // Fenced before the final message: a replica that lost the job while polling stops here (LeaseLostError). The
  // record read back is the store's word on a Stop, whichever replica got it (decision 0028): the last check before
  // the result goes out.
  const fenced = await record(deps, job.id, {});
  if (fenced.stoppedAt !== undefined) work.markStopped();
  if (work.stopped || fenced.stoppedAt !== undefined) {
    // Stopped by the person: its result is kept (its ids are recorded: history opens it in the studio), never posted.
    logger.info({ job: job.id, channel: job.channel, outcome: finished.outcome }, "stopped job finished; not posted");
    await record(deps, job.id, { state: "done", outcome: "stopped" });
    return;
  }
  logger.info({ job: job.id, channel: job.channel, outcome: finished.outcome }, "generation finished");
  // The result's files upload while it waits for its turn in the conversation (deliverFinal keeps the order).
  if (finished.outcome === "completed") posted.stream?.show("uploading");
  const final: Promise<FinalMessage> =
    finished.outcome === "completed"
      ? completedResult(deps, surface, posted, job, finished)
      : Promise.resolve({ message: finished.message, tag: { jobId: job.id } });
  const where = await tracerOf(deps).span(
    SPANS.deliver,
    { attributes: { "studio.job.outcome": finished.outcome } },
    () => deliverFinal(deps, surface, posted, final),
  );
  if (!wasDelivered(where)) {
    // Nowhere to put it where it was asked (the message or thread is gone): the person's DM, saying where it was
    // meant to go; if even that fails, the job says so (history's "Not delivered", /metrics), never "done".
    const moved = await deliverToDirectMessage(deps, job, await final);
    const outcome = moved || finished.outcome !== "completed" ? finished.outcome : "undelivered";
    await record(deps, job.id, { state: "done", outcome });
    return;
  }
  logger.info({ job: job.id, channel: job.channel, ts: where.where.ts }, "result delivered");
  // A result posted anew is where the job's message is now (its progress message was deleted).
  const done = await record(deps, job.id, { state: "done", outcome: finished.outcome, ...movedTo(posted, where) });
  // The race that remains (decision 0028): a Stop recorded after the last check, while the result was on its way.
  if (done.stoppedAt !== undefined) logger.warn({ job: job.id }, "a stop was recorded after the result was on its way");
}

/**
 * A completed job's result message: its files uploaded to Slack (unshared) and its provenance read at the same time,
 * then the message written from what was uploaded, with a fallback (no files, saying they are coming) Slack may need.
 */
export async function completedResult(
  deps: BotDeps,
  surface: Surface,
  posted: Posted,
  job: JobRecord,
  finished: Extract<Finished, { outcome: "completed" }>,
): Promise<FinalMessage> {
  const [uploaded, tag] = await Promise.all([
    tracerOf(deps).span(SPANS.files, { attributes: { "studio.job.files": finished.files.length } }, () =>
      uploadResultFiles(deps, surface, posted, finished.files),
    ),
    finishedTag(deps, job),
  ]);
  // The fallback shows no file and says they are coming (where the bot uploads); the message with them replaces it.
  const fallback = finished.render({ files: new Map(), ...(uploaded.missing ? { missing: "coming" } : {}) });
  return { ...finished.render(uploaded), fallback: fallback.message, tag };
}

/**
 * Moves a job of several steps on once a step ended well: what the step made and the next step are recorded in one
 * fenced patch (only from the step before: store/types.ts), and only then is that step sent, once, and followed. A
 * restart between the two finds the job `new` at the next step and sends it then; a finished step is never sent again.
 */
async function nextStep(
  deps: BotDeps,
  surface: Surface,
  posted: Posted,
  job: JobRecord,
  results: StepResults,
  work: SessionWork,
): Promise<void> {
  const step = (job.step ?? 0) + 1;
  if (work.stopped) {
    // The person stopped it between steps: the next step is not sent (the ones before were, and are paid).
    deps.logger.info({ job: job.id, step }, "stopped between steps; the next step is not sent");
    await record(deps, job.id, { state: "done", outcome: "stopped" });
    return;
  }
  deps.logger.info({ job: job.id, kind: job.request.kind, step, results }, "job step finished; sending the next");
  const next = await record(deps, job.id, {
    step,
    state: "new",
    resultIds: [],
    stepResults: { ...job.stepResults, ...results },
  });
  const running = await sendJob(deps, surface, posted, next, work);
  if (!running) return;
  if (!work.stopped) showJob(deps, posted, running, "queued", undefined, { urgent: true });
  await followJob(deps, surface, posted, running, work);
}

/** What a flow hands over once its checks passed: the job to store (the runner adds who and where). */
export type JobSpec = Pick<NewJob, "request" | "outputs" | "credits" | "origin">;

/**
 * Checks that the asker may generate (gate.ts), stores the job within the quotas (held by this replica's lease),
 * posts its progress, sends it and follows it to the end. Answers the asker when a quota refuses it. Resolves false
 * when a quota refused it (so a button's claim can be released), true once the job was stored and its progress
 * posted. Throws when the progress could not be posted (nothing was sent; the caller tells the user).
 */
export async function runJob(deps: BotDeps, surface: Surface, spec: JobSpec): Promise<boolean> {
  // The job's span, in the trace of the request that asked for it (ops/tracing/spans.ts): what it does nests under
  // it, and its context is stored with the job so that a resumed job's trace links to this one.
  const attributes = { "studio.job.kind": spec.request.kind, "studio.job.outputs": spec.outputs };
  return tracerOf(deps).span(SPANS.job, { attributes }, (span) => startJob(deps, surface, spec, span));
}

async function startJob(deps: BotDeps, surface: Surface, spec: JobSpec, span: StudioSpan): Promise<boolean> {
  const { store } = deps;
  if (!(await mayGenerate(deps, surface))) return false;
  const trace = traceparentOf(span);
  const created = await store.jobs.create(
    {
      ...spec,
      ...(trace ? { trace } : {}),
      user: surface.user,
      channel: surface.channel,
      ...(surface.threadTs ? { threadTs: surface.threadTs } : {}),
      // Recorded before anything is shown, so that a job resumed after a crash here still uses the status line.
      ...(surface.assistant ? { progress: { assistantThread: true } } : {}),
      createdAt: deps.now(),
    },
    deps.config.limits,
    deps.leases.lease(),
  );
  if (!created.ok) {
    await surface.ephemeral(limitReachedMessage(created, spec, deps.now()));
    return false;
  }
  let job = created.job;
  span.setAttribute("studio.job.id", job.id);
  let posted: Posted | undefined;
  deps.leases.hold(job.id);
  // In the agent view, the thread's session is `processing` while the job runs; its Stop is honoured below.
  const work = await beginSessionWork(deps, surface.session, {
    kind: "job",
    id: job.id,
    user: job.user,
    what: whatTheJobAsked(job),
    title: assistantTitle(job.request),
  });
  try {
    try {
      posted = await startProgress(deps, surface, job, "sending");
    } catch (error) {
      await record(deps, job.id, { state: "done", outcome: "not-sent" });
      throw error;
    }
    // Posting counts as the message's latest write: a moving percentage waits one interval; a new phase does not.
    deps.throttle.take(posted.key);
    job = await record(deps, job.id, { progress: posted.where });
    work.onStop(endProgressOnStop(deps, posted, job));
    if (work.stopped) {
      // Stopped while it waited in the bot's own queue (Slack's pacing): the generation is never sent.
      deps.logger.info({ job: job.id, user: job.user }, "stopped before sending; nothing sent");
      await record(deps, job.id, { state: "done", outcome: "stopped-not-sent" });
      return true;
    }
    work.sending();
    const running = await sendJob(deps, surface, posted, job, work);
    if (running) {
      if (!work.stopped) showJob(deps, posted, running, "queued", undefined, { urgent: true });
      await followJob(deps, surface, posted, running, work);
    }
  } catch (error) {
    if (!posted && !(error instanceof LeaseLostError)) throw error; // nothing was posted, nothing sent
    // The job is stored and its progress posted: it is not given up, nor its click claim released (that would let
    // the same button spend again). Its lease runs out and a replica (maybe this one) carries it on from the record.
    if (error instanceof LeaseLostError) {
      deps.logger.warn({ job: job.id, replica: deps.leases.owner }, "another replica took this job over");
    } else {
      deps.logger.error({ err: error, job: job.id, user: job.user }, "job stopped here; it resumes from its record");
    }
  } finally {
    deps.leases.drop(job.id);
    await work.end();
  }
  return true;
}

/**
 * What a click on Stop does to a job's progress at once: its line leaves the thread's status (the note the stop
 * posts clears what Slack shows), a progress message says it stopped; a streamed one Slack stopped itself.
 */
function endProgressOnStop(deps: BotDeps, posted: Posted, job: JobRecord): () => void {
  return () => {
    if (posted.status) {
      posted.status.end();
      return;
    }
    // A response_url's uses are kept; Slack already ended the stream (agent_session_stopped's streaming_message_ts).
    if (posted.stream || !posted.live) return;
    posted
      .update(stoppedProgressMessage(whatTheJobAsked(job)))
      .catch((error: unknown) =>
        deps.logger.warn({ err: error, job: job.id }, "could not mark a stopped job's message"),
      );
  };
}

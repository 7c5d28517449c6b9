import type { webApi } from "@slack/bolt";
import { beginSessionWork, type SessionWork, sessionPlaceOf } from "../delivery/agent-sessions.js";
import { assistantSurface } from "../delivery/assistant-thread.js";
import { conversationSurface, livePosted, toSlack } from "../delivery/conversation.js";
import { deliverFinal } from "../delivery/engine.js";
import { resumedStream } from "../delivery/stream.js";
import type { Posted, Surface } from "../delivery/surface.js";
import type { BotDeps } from "../deps.js";
import { assistantTitle } from "../messages/assistant.js";
import { lostJobMessage, whatTheJobAsked } from "../messages/jobs.js";
import { SPANS, tracerOf } from "../ops/tracing/spans.js";
import { linksTo } from "../ops/tracing/trace-context.js";
import { findJobMessage } from "../services/job-metadata.js";
import { type JobRecord, LeaseLostError } from "../store/types.js";
import { record } from "./record.js";
import { followJob, movedTo, sendJob, startProgress } from "./run.js";

/**
 * The surface a stored job answers on: its conversation (and thread), through the bot's Web API client; its
 * assistant thread's (progress in the status line) when it was asked in one.
 */
export function jobSurface(deps: BotDeps, client: webApi.WebClient, job: JobRecord): Surface {
  if (job.progress?.assistantThread && job.threadTs) {
    return assistantSurface(deps, client, { user: job.user, channel: job.channel, threadTs: job.threadTs });
  }
  return conversationSurface(client, job);
}

/**
 * The progress message of a stored job, if it was posted: by ts (chat.update; a streamed one is appended to and ended
 * while Slack still takes its stream), or through the `response_url` it was posted with (a plain POST, as Bolt's
 * `respond` does; the URL is a secret, so an error names only the status).
 */
export function jobPosted(
  deps: BotDeps,
  client: webApi.WebClient,
  job: JobRecord,
  fetchFn: typeof fetch = fetch,
): Posted | undefined {
  const where = job.progress;
  if (where?.ts && where.streamed) return resumedStream(deps, client, job.channel, where.ts);
  if (where?.ts) return livePosted(client, job.channel, where.ts);
  const responseUrl = where?.responseUrl;
  if (!responseUrl) return undefined;
  return {
    live: false,
    key: `${job.channel}:${job.id}`,
    where,
    update: async (message) => {
      const replace = where.replaceOriginal ?? true;
      const response = await fetchFn(responseUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ response_type: "in_channel", replace_original: replace, ...toSlack(message) }),
      });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`response_url answered ${response.status}`);
    },
  };
}

/**
 * The progress message a replica posted for the job but died before recording (found by the job id in its Slack
 * metadata), so that it is reused rather than posted twice. Undefined when there is none or it cannot be looked up.
 */
async function unrecordedProgress(
  deps: BotDeps,
  client: webApi.WebClient,
  job: JobRecord,
): Promise<Posted | undefined> {
  try {
    const ts = await findJobMessage(client, job);
    return ts ? livePosted(client, job.channel, ts) : undefined;
  } catch (error) {
    // Without the *:history scopes (or a channel the bot left) the lookup fails: posting anew is the lesser harm.
    deps.logger.warn({ err: error, job: job.id }, "could not look for the job's progress message; posting a new one");
    return undefined;
  }
}

/** Carries one claimed job on from where the last replica left it (see run.ts for the states). */
async function resumeJob(deps: BotDeps, client: webApi.WebClient, stored: JobRecord, work: SessionWork): Promise<void> {
  let job = stored;
  const surface = jobSurface(deps, client, job);
  let posted = jobPosted(deps, client, job);
  if (!posted) {
    // Not recorded: posted by a replica that died before recording it, or never posted at all. In an assistant
    // thread the job's only message is its result: one found by its tag was posted and not recorded, and the final
    // delivery replaces it with the same result rather than posting it twice.
    const found = await unrecordedProgress(deps, client, job);
    posted = found
      ? { ...found, where: { ...job.progress, ...found.where } }
      : await startProgress(deps, surface, job, job.state === "new" ? "sending" : "queued");
    job = await record(deps, job.id, { progress: posted.where });
  }
  switch (job.state) {
    case "new": {
      // The mutation was never sent (`sending` is recorded before it): sending it now is the first time.
      if (work.stopped) {
        await record(deps, job.id, { state: "done", outcome: "stopped-not-sent" });
        return;
      }
      work.sending();
      const running = await sendJob(deps, surface, posted, job, work);
      if (running) await followJob(deps, surface, posted, running, work);
      return;
    }
    case "sending":
      // It may have reached the API, and its ids are unknown: never sent again (credits are money). Fenced first,
      // so a replica that lost this job meanwhile does not post over the new holder's message.
      await record(deps, job.id, {});
      await record(deps, job.id, {
        state: "done",
        outcome: "lost",
        ...movedTo(posted, await deliverFinal(deps, surface, posted, lostJobMessage(job))),
      });
      return;
    case "running":
      work.sending();
      await followJob(deps, surface, posted, job, work);
      return;
    case "delivered":
      // Written by a bot before one message per job: its final message is in place; files it had not shared yet
      // stay links in that message.
      await record(deps, job.id, { state: "done" });
      return;
    case "done":
      return;
  }
}

/**
 * Carries a claimed job on to its end; never throws. A job that fails is logged and marked done so it is not
 * retried forever; a job another replica took over (this one lost its lease) is left to it.
 */
export async function carryOn(deps: BotDeps, client: webApi.WebClient, job: JobRecord): Promise<void> {
  // Its thread's agent session (agent view) is this process's to keep, to stop, and to make active at the end.
  const work = await beginSessionWork(deps, sessionPlaceOf(deps, client, job), {
    kind: "job",
    id: job.id,
    user: job.user,
    what: whatTheJobAsked(job),
    title: assistantTitle(job.request),
  });
  try {
    // A trace of its own (the request that asked for it ended with the process that died), linked to the job's first.
    const attributes = {
      "studio.job.id": job.id,
      "studio.job.kind": job.request.kind,
      "studio.job.resumed_from": job.state,
    };
    await tracerOf(deps).span(SPANS.job, { root: true, links: linksTo(job.trace), attributes }, () =>
      resumeJob(deps, client, job, work),
    );
  } catch (error) {
    if (error instanceof LeaseLostError) {
      deps.logger.warn({ job: job.id, replica: deps.leases.owner }, "another replica took this job over");
      return;
    }
    deps.logger.error({ err: error, job: job.id, user: job.user }, "could not resume a job");
    await record(deps, job.id, { state: "done", outcome: "error" }).catch(() => {});
  } finally {
    deps.leases.drop(job.id);
    await work.end();
  }
}

/**
 * Claims the jobs free now (left by a replica that stopped, or whose lease ran out) and carries each on, its final
 * message posted once (in place of its progress message). Resolves with their number once all of them are done.
 */
export async function resumeJobs(deps: BotDeps, client: webApi.WebClient): Promise<number> {
  // A claim takes a few jobs at a time (so that replicas share them); this one-off pass takes all that are free.
  const jobs: JobRecord[] = [];
  for (let batch = await deps.leases.claim(); batch.length; batch = await deps.leases.claim()) jobs.push(...batch);
  if (jobs.length) {
    deps.logger.info(
      { jobs: jobs.length, replica: deps.leases.owner },
      "resuming the jobs a previous run left unfinished",
    );
  }
  await Promise.all(jobs.map((job) => carryOn(deps, client, job)));
  return jobs.length;
}

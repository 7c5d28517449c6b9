import type { webApi } from "@slack/bolt";
import type { BotDeps } from "../deps.js";
import type { Posted, Surface } from "../flows/surface.js";
import { deliverFinal } from "../flows/updates.js";
import { conversationSurface, livePosted, toSlack } from "../listeners/slack-message.js";
import { lostJobMessage } from "../messages/jobs.js";
import type { JobRecord } from "../store/types.js";
import { handlerOf } from "./kinds.js";
import { followJob, sendJob, shareFiles } from "./run.js";

/** The surface a stored job answers on: its conversation (and thread), through the bot's Web API client. */
export function jobSurface(client: webApi.WebClient, job: JobRecord): Surface {
  return conversationSurface(client, job);
}

/**
 * The progress message of a stored job, if it was posted: by ts (chat.update), or through the `response_url` it
 * was posted with (a plain POST, as Bolt's `respond` does; the URL is a secret, so an error names only the status).
 */
export function jobPosted(client: webApi.WebClient, job: JobRecord, fetchFn: typeof fetch = fetch): Posted | undefined {
  const where = job.progress;
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

/** Carries one stored job on from where the last process left it (see run.ts for the states). */
async function resumeJob(deps: BotDeps, client: webApi.WebClient, stored: JobRecord): Promise<void> {
  let job = stored;
  const surface = jobSurface(client, job);
  const handler = handlerOf(job);
  let posted = jobPosted(client, job);
  if (!posted) {
    // Nothing recorded where the progress is: it was never posted (or the bot stopped before recording it).
    posted = await surface.post(handler.progress(job));
    job = await deps.store.jobs.update(job.id, { progress: posted.where });
  }
  switch (job.state) {
    case "new": {
      // The mutation was never sent (`sending` is recorded before it): sending it now is the first time.
      const running = await sendJob(deps, surface, posted, job);
      if (running) await followJob(deps, surface, posted, running);
      return;
    }
    case "sending":
      // It may have reached the API, and its ids are unknown: never sent again (credits are money).
      await deliverFinal(deps, surface, posted, lostJobMessage(job));
      await deps.store.jobs.update(job.id, { state: "done", outcome: "lost" });
      return;
    case "running":
      await followJob(deps, surface, posted, job);
      return;
    case "delivered": {
      // The final message is in place; only files may be left. Reading the finished records again gives their URLs.
      const finished = await handler.follow(deps, job, () => {});
      await shareFiles(deps, surface, posted, job, finished.files);
      return;
    }
    case "done":
      return;
  }
}

/**
 * Resumes every job a previous process left unfinished: each is followed to its end and its final message posted
 * once (in place of its progress message). Resolves when all of them are done; a job that fails is logged and
 * marked done so it is not retried forever.
 */
export async function resumeJobs(deps: BotDeps, client: webApi.WebClient): Promise<number> {
  await deps.store.prune(deps.now());
  const jobs = await deps.store.jobs.unfinished();
  if (jobs.length) deps.logger.info({ jobs: jobs.length }, "resuming the jobs a previous run left unfinished");
  await Promise.all(
    jobs.map(async (job) => {
      try {
        await resumeJob(deps, client, job);
      } catch (error) {
        deps.logger.error({ err: error, job: job.id, user: job.user }, "could not resume a job");
        await deps.store.jobs.update(job.id, { state: "done", outcome: "error" }).catch(() => {});
      }
    }),
  );
  return jobs.length;
}

import { deliverFinal, pacerOf } from "../delivery/engine.js";
import type { Surface } from "../delivery/surface.js";
import type { BotDeps } from "../deps.js";
import { handlerOf } from "../jobs/kinds.js";
import { completedResult } from "../jobs/run.js";
import { context, type SlackMessage } from "../messages/blocks.js";
import { type ShowRefusal, showingMessage, shownAgainLine, showRefusedMessage } from "../messages/show.js";
import type { JobRecord } from "../store/types.js";

/**
 * Who may bring a job's result into this conversation: the person who asked for it (anywhere), anyone in the
 * conversation it was made in, and, for a result made in a public channel (which anyone in the workspace can read),
 * anyone the access rules let use the bot here. Someone else's result from a private channel or a DM stays there:
 * knowing an id is not being allowed to see what it shows.
 */
async function refusalFor(deps: BotDeps, job: JobRecord, surface: Surface): Promise<ShowRefusal | undefined> {
  if (job.user !== surface.user && job.channel !== surface.channel) {
    const refused = await fromElsewhere(deps, job, surface);
    if (refused) return refused;
  }
  if (job.state !== "done" && job.state !== "delivered") return "unfinished";
  if (job.outcome !== "completed") return "failed";
  return undefined;
}

/** Someone else's result from another conversation: shown only from a public channel, to a person the rules allow. */
async function fromElsewhere(deps: BotDeps, job: JobRecord, surface: Surface): Promise<ShowRefusal | undefined> {
  if (!(await deps.conversations?.isPublic(job.channel))) return "elsewhere";
  const decision = await deps.access.check(surface.user, surface.channel);
  if (decision.allowed) return undefined;
  if (decision.reason === "membership-unknown") {
    for (const failure of decision.failures) {
      deps.logger.warn({ err: failure.error, group: failure.group }, "could not read a user group's members");
    }
    return "unchecked";
  }
  return "not-allowed";
}

/** The job with the `--board` push left out: showing a result again never puts it on a board a second time. */
function withoutPush(job: JobRecord): JobRecord {
  const { request } = job;
  return "pushTo" in request && request.pushTo ? { ...job, request: { ...request, pushTo: null } } : job;
}

/**
 * `/studio show <job or asset id>`: the job the id names (or the job that made the asset), read again from the API
 * by its kind (jobs/kinds.ts: `follow` only reads and builds, so it costs nothing), its files uploaded to Slack
 * again, and its result message with its buttons and metadata posted here as one message that grows from a short
 * "Bringing back" line, with a line saying who brought it back. Spends no credits. The asker is told why when the
 * id is unknown, not theirs to bring here, unfinished, failed, or its media is gone.
 */
export async function runShow(deps: BotDeps, surface: Surface, id: string): Promise<void> {
  const job = (await deps.store.jobs.get(id)) ?? (await deps.store.jobs.byResult(id));
  const refusal = job ? await refusalFor(deps, job, surface) : "unknown";
  if (!job || refusal) {
    await surface.ephemeral(showRefusedMessage(refusal ?? "unknown", id));
    return;
  }
  const finished = await handlerOf(job)
    .follow(deps, withoutPush(job), () => {})
    .catch((error: unknown) => {
      deps.logger.warn({ err: error, job: job.id }, "show: could not read the result again");
      return undefined;
    });
  if (finished?.outcome !== "completed") {
    await surface.ephemeral(showRefusedMessage("gone", id));
    return;
  }
  await pacerOf(deps).acquire("chat.postMessage", surface.channel);
  const posted = await surface.post(showingMessage(surface.user, id), { jobId: job.id });
  const note = context(shownAgainLine(surface.user, job.createdAt));
  const withNote = (message: SlackMessage): SlackMessage => ({ ...message, blocks: [...message.blocks, note] });
  const result = await completedResult(deps, surface, posted, job, finished);
  await deliverFinal(deps, surface, posted, {
    ...result,
    message: withNote(result.message),
    ...(result.fallback ? { fallback: withNote(result.fallback) } : {}),
  });
  deps.logger.info({ job: job.id, channel: surface.channel, user: surface.user }, "result shown again");
}

import type { webApi } from "@slack/bolt";
import { assistantSurface, isAssistantThread } from "../../delivery/assistant-thread.js";
import { conversationSurface, toSlack } from "../../delivery/conversation.js";
import type { Surface } from "../../delivery/surface.js";
import type { BotDeps } from "../../deps.js";
import { SETTINGS_GONE } from "../../flows/job-settings.js";
import { runRegenerate } from "../../flows/regenerate.js";
import type { SlackMessage } from "../../messages/blocks.js";
import { actionNoteMessage } from "../../messages/boards.js";
import { runAgainNote } from "../../messages/history.js";
import { whatTheJobAsked } from "../../messages/jobs.js";
import type { JobRecord } from "../../store/types.js";
import { publishHome } from "../events/app-home-opened.js";
import { dmSurface } from "../events/message.js";
import { messageOffer, type Offer, replaceOffer, takeOffer } from "./offer.js";
import { type ButtonArgs, cannotRead, DOUBLE_CLICK_MS } from "./shared.js";

function jobIdOf(value: string | undefined): string | undefined {
  try {
    const parsed = JSON.parse(value ?? "") as { jobId?: unknown } | null;
    return typeof parsed?.jobId === "string" && parsed.jobId ? parsed.jobId : undefined;
  } catch {
    return undefined;
  }
}

/** The person's direct message with the bot (`conversations.open`, scope `im:write`). */
async function openDm(client: webApi.WebClient, user: string): Promise<string> {
  const opened = await client.conversations.open({ users: user });
  const id = opened.channel?.id;
  if (!id) throw new Error("conversations.open answered no channel");
  return id;
}

/**
 * Where a job runs again: where Regenerate on its result would run it. In its result's thread (a job's message is
 * where its result is), in its assistant thread (progress on the status line), and, for a job with no message the
 * bot posted (answered through a `response_url` where the bot is not a member), in the person's DM with the bot.
 */
async function placeOf(deps: BotDeps, client: webApi.WebClient, job: JobRecord, user: string): Promise<Surface> {
  const { channel, threadTs } = job;
  if (threadTs && isAssistantThread({ channel, threadTs })) {
    return assistantSurface(deps, client, { user, channel, threadTs });
  }
  const ts = job.progress?.ts;
  if (ts) return conversationSurface(client, { user, channel, threadTs: threadTs ?? ts });
  return dmSurface(client, user, await openDm(client, user));
}

/** A note to the clicker where they clicked: an ephemeral under a message, or their DM for a click on the Home tab. */
async function tell(deps: BotDeps, args: ButtonArgs, note: string | SlackMessage): Promise<void> {
  const message = typeof note === "string" ? actionNoteMessage(note) : note;
  const user = args.body.user.id;
  try {
    if (args.body.channel?.id) {
      await args.respond({ response_type: "ephemeral", replace_original: false, ...toSlack(message) });
    } else {
      await dmSurface(args.client, user, await openDm(args.client, user)).reply(message);
    }
  } catch (error) {
    deps.logger.warn({ err: error, user }, "could not answer a Run again click");
  }
}

/**
 * What a Run again click takes (decision 0025): in a `/studio history` list, the list (it is replaced by what runs
 * again where, so a later click of it is of an offer used); on the App Home, the job's line as this rendering of the
 * Home shows it (Slack gives each published Home a new `hash`: the Home published once the job is over offers it
 * anew). A Home click without a hash keeps the double-click rule alone.
 */
function runAgainOffer(args: ButtonArgs, jobId: string, user: string): Offer | undefined {
  if (args.body.channel?.id) return messageOffer(args.body);
  const view = args.body.view as { id?: string; hash?: string } | undefined;
  if (view?.hash) return { key: `offer:home:${user}:${view.hash}:${jobId}` };
  return { key: `click:history:${jobId}:${user}`, windowMs: DOUBLE_CLICK_MS };
}

/**
 * Run again, on a job of `/studio history` or of the App Home's list: ack, then the job's request runs again with
 * every setting, as Regenerate on its result does (`runRegenerate`: the same checks, credits and Confirm), where
 * its result is. Only the person whose job it is can run it from here (the lists show only their own). The click
 * spends the offer once (see {@link runAgainOffer}): a history list is replaced by what runs again where, and a
 * later click of it runs nothing and is told so. A click on the Home tab republishes it when the job is over, so the
 * list shows it (and offers Run again anew).
 */
export function historyRunAgainAction(deps: BotDeps) {
  return async function onRunAgain(args: ButtonArgs): Promise<void> {
    await args.ack();
    const user = args.body.user.id;
    const jobId = jobIdOf(args.action.value);
    const inList = Boolean(args.body.channel?.id);
    if (!jobId) return cannotRead(deps, args);
    try {
      const job = await deps.store.jobs.get(jobId);
      if (!job || job.user !== user) {
        if (job) deps.logger.warn({ user, job: job.id }, "Run again on someone else's job: refused");
        return await tell(deps, args, job ? "That job is not in your history: nothing was run." : SETTINGS_GONE);
      }
      const offer = runAgainOffer(args, job.id, user);
      if (!offer) return await cannotRead(deps, args);
      if (!(await takeOffer(deps, offer, (text) => tell(deps, args, text)))) return;
      const surface = await placeOf(deps, args.client, job, user);
      if (inList) await replaceOffer(deps, args, runAgainNote(whatTheJobAsked(job), surface.channel));
      await runRegenerate(deps, surface, { jobId: job.id }, { origin: offer.key });
      if (!inList) await publishHome(deps, args.client, user);
    } catch (error) {
      deps.logger.error({ err: error, user, job: jobId }, "Run again failed");
      await tell(deps, args, "I could not run that job again. Try again in a moment.");
    }
  };
}

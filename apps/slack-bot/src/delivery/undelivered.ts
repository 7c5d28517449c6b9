// A result that cannot be delivered where it was asked (its thread or message deleted mid-job, its stream's message
// gone after a restart: issue 42) must not end in silence, recorded "done" while nobody ever sees it. The delivery
// engine marks the message it could not replace nor post beside; the runner then sends the result to the person's
// direct message with the bot, saying where it was meant to go; and when even that fails, the job is recorded
// `undelivered` (history says "Not delivered" with a link to open it in the studio, and /metrics counts it).

import type { BotDeps } from "../deps.js";
import { context, type SlackMessage } from "../messages/blocks.js";
import { channelLink } from "../messages/job-line.js";
import type { FinalMessage } from "../messages/result-parts.js";
import type { Posted, Surface } from "./surface.js";

const failed = new WeakSet<Posted>();

/** Opens a person's direct message with the bot, as a surface (`conversations.open`, scope `im:write`). */
export type DirectMessages = (user: string) => Promise<Surface>;

// Set by the app (app.ts), which has the Slack client; deps built by hand in tests have none, and a result that
// cannot be delivered there is recorded `undelivered`.
const directOf = new WeakMap<BotDeps, DirectMessages>();

/** Gives the app's way to open a person's DM to the delivery of results that lost their place. */
export function useDirectMessages(deps: BotDeps, open: DirectMessages): void {
  directOf.set(deps, open);
}

/** Marks a job's message as one its final message could not reach (nor be posted beside). */
export function markUndelivered(posted: Posted): void {
  failed.add(posted);
}

/** Whether a final message reached Slack (false when {@link markUndelivered} marked where it was meant to go). */
export function wasDelivered(where: Posted): boolean {
  return !failed.has(where);
}

/** The line a result sent to the DM instead carries: where it was meant to go, and why it is here. */
export function meantForLine(channel: string, threadTs: string | undefined): string {
  const where = channel.startsWith("D") ? "our conversation" : channelLink(channel);
  const thread = threadTs ? `a thread in ${where}` : where;
  return `This was meant for ${thread}, but that message or thread is gone (deleted, or Slack no longer has it), so it is here instead.`;
}

/**
 * Sends a final message that could not be delivered where it was asked to `user`'s DM, with a line saying where it
 * was meant to go; a video's or audio's files join it by chat.update. Resolves true once it is there, false when it
 * could not be (logged).
 */
export async function deliverToDirectMessage(
  deps: BotDeps,
  job: { id: string; user: string; channel: string; threadTs?: string | undefined },
  final: FinalMessage,
): Promise<boolean> {
  const direct = directOf.get(deps);
  if (!direct) return false;
  const note = context(meantForLine(job.channel, job.threadTs));
  const withNote = (message: SlackMessage): SlackMessage => ({ ...message, blocks: [...message.blocks, note] });
  try {
    const surface = await direct(job.user);
    const fileIds = final.fileIds ?? [];
    const posted = await surface.post(
      withNote(fileIds.length ? (final.fallback ?? final.message) : final.message),
      final.tag,
    );
    if (fileIds.length) await posted.update(withNote(final.message), fileIds, final.tag).catch(() => {});
    deps.logger.warn({ job: job.id, user: job.user }, "result not deliverable where asked: sent to the person's DM");
    return true;
  } catch (error) {
    deps.logger.error(
      { err: error, job: job.id, user: job.user },
      "result delivered nowhere: not even the person's DM",
    );
    return false;
  }
}

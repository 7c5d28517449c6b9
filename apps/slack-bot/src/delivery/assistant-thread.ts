// The surface of an assistant thread (Slack's AI split view, decision 0012): answers go to the thread as in a DM
// (notes for the asker are plain replies: only the two of them are there), a job's progress is the thread's status
// line instead of a message, and the thread is titled after its first job.

import type { webApi } from "@slack/bolt";
import type { BotDeps } from "../deps.js";
import { assistantStatus, assistantTitle, type StatusPhase } from "../messages/assistant.js";
import type { JobRecord } from "../store/types.js";
import { sessionPlaceOf } from "./agent-sessions.js";
import { conversationSurface, type SurfacePlace } from "./conversation.js";
import { threadStatus } from "./status-line.js";
import type { JobStatusLine, Posted, Surface } from "./surface.js";

/** An assistant thread: who is in it, its DM channel and the thread. */
export interface AssistantPlace {
  user: string;
  channel: string;
  threadTs: string;
}

/**
 * Whether a conversation and thread are an assistant thread, by Bolt's rule (`isAssistantMessage`): a thread in the
 * bot's direct message. With the assistant view on, Slack keeps the DM's conversations as assistant threads; in the
 * agent view every top-level message of the DM roots one (listeners/events/message.ts).
 * Clicks and confirmations carry no other sign of it; a job records it (ProgressLocation.assistantThread).
 */
export function isAssistantThread(place: Pick<SurfacePlace, "channel" | "threadTs">): place is AssistantPlace {
  return place.channel.startsWith("D") && Boolean(place.threadTs);
}

/**
 * The surface of an assistant thread: replies and results in the thread, the progress of its jobs in the status
 * line. Every post waits for the status calls queued before it (so none lands after it and lingers), and tells
 * the line that Slack cleared it.
 */
export function assistantSurface(deps: BotDeps, client: webApi.WebClient, place: AssistantPlace): Surface {
  const { channel, threadTs } = place;
  const base = conversationSurface(client, place, { ephemeralAsReply: true });
  const session = sessionPlaceOf(deps, client, place);
  const status = threadStatus(deps, client, channel, threadTs);
  const posting = async <T>(work: () => Promise<T>): Promise<T> => {
    await status.flushed();
    const done = await work();
    status.posted();
    return done;
  };
  return {
    ...base,
    reply: (message) => posting(() => base.reply(message)),
    ephemeral: (message) => posting(() => base.reply(message)),
    post: (message, tag) => posting(() => base.post(message, tag)),
    ...(session ? { session } : {}),
    assistant: {
      startJob(job, phase) {
        void titleOnce(deps, client, place, job);
        let shown: StatusPhase | undefined;
        const line: JobStatusLine = {
          show(next, percent) {
            const urgent = next !== shown;
            shown = next;
            status.job(job.id, assistantStatus(job.request, next, percent), urgent);
          },
          end: () => status.drop(job.id),
          settle: () => status.settle(),
        };
        line.show(phase);
        return statusPosted(place, job, line);
      },
    },
  };
}

/** A job's handle in an assistant thread: no message yet, its progress in the status line. */
function statusPosted(place: AssistantPlace, job: JobRecord, status: JobStatusLine): Posted {
  return {
    live: true,
    key: `status:${place.channel}:${place.threadTs}:${job.id}`,
    where: { assistantThread: true },
    status,
    // Nothing to replace: the result is posted as the job's one message (flows/updates.ts). Throwing makes any
    // caller that tries fall back to posting it.
    update: async () => {
      throw new Error("an assistant thread's job has no progress message to update");
    },
  };
}

/**
 * Titles the thread after the first job that runs in it ("Image: a lighthouse at dusk"), once: the title is claimed
 * in the store (shared by replicas, kept 30 days), so later requests in the thread do not rename it. A refusal is
 * logged and frees the claim for the next job.
 */
async function titleOnce(deps: BotDeps, client: webApi.WebClient, place: AssistantPlace, job: JobRecord) {
  const key = `assistant-title:${place.channel}:${place.threadTs}`;
  const at = deps.now();
  try {
    if (!(await deps.store.claims.claim(key, at))) return;
  } catch (error) {
    deps.logger.warn({ err: error, job: job.id }, "could not claim the assistant thread's title");
    return;
  }
  try {
    await client.assistant.threads.setTitle({
      channel_id: place.channel,
      thread_ts: place.threadTs,
      title: assistantTitle(job.request),
    });
  } catch (error) {
    deps.logger.warn({ err: error, job: job.id }, "could not set the assistant thread's title");
    await deps.store.claims.release(key, at).catch(() => {});
  }
}

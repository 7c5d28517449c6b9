// Each job's progress message carries the job id in Slack message metadata (https://api.slack.com/metadata/using).
// A replica that dies between chat.postMessage and recording the message's ts leaves no trace in the store; the
// replica that takes the job over looks for the message by its metadata before posting, so it posts only once.
import type { webApi } from "@slack/bolt";
import type { JobRecord } from "../store/types.js";

// A finished job's result carries `studio_job_finished` instead, with what the job made and how (jobs/provenance.ts).

/** The metadata event type of a job's progress message. */
export const JOB_EVENT_TYPE = "studio_kit_job";

/** The metadata event type of a job's result (issue 29): its job, settings, results and what it was made from. */
export const FINISHED_EVENT_TYPE = "studio_job_finished";

/** A metadata payload's values, as Slack takes them (@slack/types MessageMetadata). */
export type Provenance = Record<string, string | number | boolean | Record<string, string>[]>;

/** What a job's message is tagged with: its job, and for a result, what the job made and how. */
export interface JobTag {
  jobId: string;
  /** Set on a finished job's result: the message carries `studio_job_finished` with this payload. */
  finished?: Provenance;
}

/**
 * The metadata of `jobId`'s message, as chat.postMessage and chat.update take it: its progress message's, or with
 * `finished` (what the job made and how) its result's.
 */
export function jobMetadata(jobId: string, finished?: Provenance): { event_type: string; event_payload: Provenance } {
  return finished
    ? { event_type: FINISHED_EVENT_TYPE, event_payload: { job_id: jobId, ...finished } }
    : { event_type: JOB_EVENT_TYPE, event_payload: { job_id: jobId } };
}

const JOB_EVENT_TYPES = new Set([JOB_EVENT_TYPE, FINISHED_EVENT_TYPE]);

/** Pages of history read at most: a job is looked for right after it was created, so its message is recent. */
const MAX_PAGES = 5;
/** Messages from this long before the job was created are read too (clocks of replicas and Slack differ). */
const CLOCK_SLACK_MS = 60_000;

interface MessagePage {
  messages?: { ts?: string; metadata?: { event_type?: string; event_payload?: Record<string, unknown> } }[];
  response_metadata?: { next_cursor?: string };
}

/**
 * The ts of the progress message a replica posted for `job`, found by its metadata in the job's conversation (or
 * thread) since the job was created; undefined when there is none. Needs the `*:history` scopes; the caller treats
 * an error as "not found" (posting anew is the lesser harm).
 */
export async function findJobMessage(
  client: webApi.WebClient,
  job: Pick<JobRecord, "id" | "channel" | "threadTs" | "createdAt">,
): Promise<string | undefined> {
  const oldest = ((job.createdAt - CLOCK_SLACK_MS) / 1000).toFixed(6);
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const args = {
      channel: job.channel,
      oldest,
      include_all_metadata: true,
      limit: 200,
      ...(cursor ? { cursor } : {}),
    };
    const answer: MessagePage = job.threadTs
      ? await client.conversations.replies({ ...args, ts: job.threadTs })
      : await client.conversations.history(args);
    const found = answer.messages?.find(
      (message) =>
        JOB_EVENT_TYPES.has(message.metadata?.event_type ?? "") && message.metadata?.event_payload?.job_id === job.id,
    );
    if (found?.ts) return found.ts;
    cursor = answer.response_metadata?.next_cursor || undefined;
    if (!cursor) return undefined;
  }
  return undefined;
}

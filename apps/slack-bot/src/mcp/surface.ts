// Where a generation asked through Slackbot answers. The tool call is the person's request, so a job made this way is
// the person's like any other (their access rules, quota, budget, a durable job, their history), and its one result
// message goes to their direct message with the bot: a result outlives the MCP request (a closed connection, a
// restarted bot resumes the job and posts there), and it keeps its buttons. While the tool call waits, the job's
// phases go to the MCP client as progress instead of a progress message, the way an assistant thread's status line
// replaces one (decision 0012): the DM gets the result only. Notes for the asker (a refusal) are not posted: they
// become the tool's error, as a Workflow Builder step's become its error (delivery/step-surface.ts).

import type { webApi } from "@slack/bolt";
import { conversationSurface } from "../delivery/conversation.js";
import type { JobStatusLine, Posted, Surface } from "../delivery/surface.js";
import type { SlackMessage } from "../messages/blocks.js";
import type { JobRecord } from "../store/types.js";

/** A job's phase as the runner shows it (jobs/run.ts `showJob`), with its percentage once running. */
export type JobPhase = "sending" | "queued" | "running";

/** What the tool call hears of the jobs it started. */
export interface JobListener {
  /** The runner shows `job` at `phase`: `queued` or `running` means the mutation was sent and its ids recorded. */
  phase(job: JobRecord, phase: JobPhase, percent?: number): void;
  /** The job's result (or its problem) is about to be posted: the job ended. */
  ended(job: JobRecord): void;
}

/** The Slackbot surface: the person's DM, refusals kept for the tool's error, progress to the listener. */
export interface SlackbotSurface extends Surface {
  /** The last note the flows gave the asker (a refusal), if any. */
  refusal(): SlackMessage | undefined;
}

/**
 * The surface of a tool call made through Slackbot by `user`, whose DM with the bot is `channel`
 * (conversations.open). Every job started on it reports to `listener`.
 */
export function slackbotSurface(
  client: webApi.WebClient,
  place: { user: string; channel: string },
  listener: JobListener,
): SlackbotSurface {
  const base = conversationSurface(client, place);
  let refusal: SlackMessage | undefined;
  const keep = async (message: SlackMessage): Promise<void> => {
    refusal = message;
  };
  return {
    ...base,
    reply: keep,
    ephemeral: keep,
    refusal: () => refusal,
    assistant: {
      startJob(job, phase) {
        const status: JobStatusLine = {
          show: (next, percent) => listener.phase(job, next, percent),
          end: () => listener.ended(job),
          settle: async () => {},
        };
        status.show(phase);
        return statusPosted(place.channel, job, status);
      },
    },
  };
}

/** A job's handle before its result: nothing posted yet, its phases to the listener. */
function statusPosted(channel: string, job: JobRecord, status: JobStatusLine): Posted {
  return {
    live: true,
    key: `slackbot:${channel}:${job.id}`,
    // Recorded with the job, as an assistant thread's is: no message yet. A resumed job (no thread) answers in the
    // DM like any conversation's job (jobs/resume.ts `jobSurface`).
    where: { assistantThread: true },
    status,
    // Nothing to replace: the result is posted as the job's one message (delivery/engine.ts `postFinal`). Throwing
    // makes any caller that tries fall back to posting it.
    update: async () => {
      throw new Error("a job asked through Slackbot has no progress message to update");
    },
  };
}

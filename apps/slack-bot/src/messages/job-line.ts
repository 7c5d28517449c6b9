// One stored job as one line, the same in `/studio history` and on the App Home: its status, what it asked for,
// where and when, a link to its message, and Run again. One block per job, so that 25 of them fit a message.

import type { JobRecord } from "../store/types.js";
import { type Block, button, quote, section } from "./blocks.js";
import { ACTIONS } from "./ids.js";
import { promptOfTheJob, whatTheJobAsked } from "./jobs.js";
import { slackDate } from "./slack-date.js";

/** A stored job, as far as a list shows it; without an `id` it offers no Run again (nothing to run it from). */
export type ListedJob = Pick<JobRecord, "request" | "state" | "outcome" | "channel" | "threadTs" | "createdAt"> &
  Partial<Pick<JobRecord, "id" | "progress">>;

// Each job is one line: user text is cut so a line stays short whatever was typed.
const PROMPT_CHARS = 80;

/** How a line is written: a long list cuts prompts shorter (`promptChars`, 0 leaves the prompt out). */
export interface LineOptions {
  promptChars?: number;
}

/** Slack's own date format, so each reader sees their time zone; a time Date cannot hold is said so, not thrown. */
export const at = (ms: number): string => slackDate(ms) ?? "at an unknown time";

/** Ids come from Slack and the store; anything else is not put in a <#...> link (it could break out of the mrkdwn). */
export const channelLink = (id: string) => (/^[CG][A-Z0-9]{1,40}$/.test(id) ? `<#${id}>` : "a channel");

const STATUS = {
  working: ":hourglass_flowing_sand: *Working on it*",
  done: ":white_check_mark: *Done*",
  failed: ":x: *Failed*",
  lost: ":warning: *Stopped by a restart*",
  notSent: ":no_entry_sign: *Not sent*",
  undelivered: ":warning: *Not delivered*",
  stopped: ":black_square_for_stop: *Stopped by you*",
  stoppedNotSent: ":black_square_for_stop: *Stopped by you* (not sent)",
} as const;

/**
 * Whether the job's message is a reply in a thread. `threadTs` is where the bot was asked to answer (a click answers
 * in the clicked result's thread), but a message the bot could only send through a `response_url` (a channel it is
 * not in: delivery/response-url.ts) lands beside the clicked message, at the channel's top level: such a job has a
 * `responseUrl` and no `ts` of its own.
 */
function inThread(job: Pick<ListedJob, "threadTs" | "progress">): boolean {
  if (!job.threadTs) return false;
  return !(job.progress?.responseUrl && !job.progress.ts);
}

/** A job's status in words and an emoji. */
export function jobStatus(job: Pick<ListedJob, "state" | "outcome">): string {
  switch (job.outcome) {
    case "completed":
      return STATUS.done;
    case "failed":
    case "error":
      return STATUS.failed;
    case "lost":
      return STATUS.lost;
    case "not-sent":
      return STATUS.notSent;
    case "undelivered":
      return STATUS.undelivered;
    case "stopped":
      return STATUS.stopped;
    case "stopped-not-sent":
      return STATUS.stoppedNotSent;
    default:
      // `delivered` and `done` are always stored with an outcome (jobs/run.ts); without one it still ended.
      return job.state === "delivered" || job.state === "done" ? STATUS.done : STATUS.working;
  }
}

// A job stored by an older version may lack a field this one expects: one odd job must not cost the whole list.
function describe(job: ListedJob): { what: string; prompt: string } {
  try {
    const prompt = promptOfTheJob(job.request);
    return { what: whatTheJobAsked(job) || "a generation", prompt: typeof prompt === "string" ? prompt.trim() : "" };
  } catch {
    return { what: "a generation", prompt: "" };
  }
}

/** Run again on a listed job: the job's request again, as Regenerate on its result (listeners/actions/history.ts). */
export function runAgainButton(jobId: string): Block {
  return button("Run again", ACTIONS.historyRunAgain, JSON.stringify({ jobId }));
}

/**
 * A job as one section: "✅ *Done* · 2 images · “a red fox”", then where and when, and `link` (its message's
 * permalink, when known) as "Open the result"; Run again beside it when the job has an id.
 */
export function jobLine(job: ListedJob, link?: string, options: LineOptions = {}): Block {
  const { what, prompt } = describe(job);
  const chars = options.promptChars ?? PROMPT_CHARS;
  const asked = prompt && chars > 0 ? ` · “${quote(prompt, chars)}”` : "";
  const where = job.channel.startsWith("D") ? "in your direct message with Studio" : `in ${channelLink(job.channel)}`;
  const thread = inThread(job) ? " (thread)" : "";
  const label =
    job.outcome === "completed"
      ? "Open the result"
      : job.outcome === "undelivered" || job.outcome === "stopped"
        ? "Open it in the studio"
        : "Open the message";
  const open = link ? ` · <${link}|${label}>` : "";
  const text = `${jobStatus(job)} · ${what}${asked}\n${where}${thread} · ${at(job.createdAt)}${open}`;
  return section(text, job.id ? runAgainButton(job.id) : undefined);
}

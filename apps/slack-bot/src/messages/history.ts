import { MAX_HISTORY } from "@studio-kit/commands";
import { RECORD_RETENTION_MS } from "../store/retention.js";
import { type Block, context, LIMITS, message, type SlackMessage, section, textSize } from "./blocks.js";
import { channelLink, jobLine, type ListedJob } from "./job-line.js";

/** How many jobs `/studio history` lists when no number is given. */
export const HISTORY_DEFAULT = 10;

const KEPT_DAYS = Math.round(RECORD_RETENTION_MS / (24 * 60 * 60 * 1000));

/**
 * `/studio history [n]`: the asker's jobs, newest first, one line each (messages/job-line.ts: status, what was
 * asked, where and when, Open the result, Run again), at most {@link MAX_HISTORY}: 27 blocks of short lines, well
 * within a message's 50 blocks and its size. `links` holds the permalinks by job id; `asked` is how many were asked
 * for (a full page says how to see more). Only the asker is meant to see it: the flow sends it as an ephemeral.
 */
export function historyMessage(
  jobs: readonly ListedJob[],
  links: ReadonlyMap<string, string>,
  asked: number,
): SlackMessage {
  if (jobs.length === 0) {
    const text = "You have no jobs yet.";
    return message(text, [
      section(`${text} \`/studio image <prompt>\` makes your first; \`/studio history\` then lists it here.`),
    ]);
  }
  const shown = jobs.slice(0, MAX_HISTORY);
  const title = shown.length === 1 ? "Your last job" : `Your last ${shown.length} jobs`;
  const more = shown.length === asked && asked < MAX_HISTORY ? ` \`/studio history ${MAX_HISTORY}\` lists more.` : "";
  const head = section(`*${title}*, newest first`);
  const foot = context(
    `Only you see this list. *Run again* runs a job again with all its settings, in its result's thread. Jobs are kept ${KEPT_DAYS} days.${more}`,
  );
  // Every job keeps its line: a long list with long links cuts the prompts shorter rather than dropping jobs.
  let lines: Block[] = [];
  for (const promptChars of PROMPT_STEPS) {
    lines = shown.map((job) => jobLine(job, job.id ? links.get(job.id) : undefined, { promptChars }));
    if (textSize([head, ...lines, foot]) <= LIMITS.blocksText) break;
  }
  return message(title, [head, ...lines, foot]);
}

// The prompt lengths a list tries, longest first, until the message fits Slack's size (0: no prompt).
const PROMPT_STEPS = [80, 50, 30, 0];

/**
 * What replaces a list whose Run again was clicked (its offer is spent, decision 0025): what runs again and where
 * its progress and result are ("Running 2 images again in #general."), since that is often another conversation
 * than the list's, and how to see the list again.
 */
export function runAgainNote(what: string, channel: string): SlackMessage {
  const place = channel.startsWith("D") ? "your direct message with Studio" : channelLink(channel);
  const text = `Running ${what} again in ${place}.`;
  return message(text, [section(`:repeat: ${text}`), context("`/studio history` lists your jobs again.")]);
}

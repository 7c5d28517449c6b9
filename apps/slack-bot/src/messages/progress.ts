import type { Command } from "@studio-kit/commands";
import { context, escapeText, message, quote, type SlackMessage, section } from "./blocks.js";
import { promptOf, whatIsAsked } from "./describe.js";

/**
 * The message that shows who asked for what; {@link withStatus} adds how far it got. Updated as the status changes
 * and replaced by the result.
 *
 * @example withStatus(progressMessage({ user: "U1", command }), { phase: "running", percent: 40, elapsedMs: 12_000 })
 */
export function progressMessage(input: { user: string; command: Command }): SlackMessage {
  const line = `<@${escapeText(input.user)}> asked for ${whatIsAsked(input.command)}: ${promptOf(input.command)}`;
  return message(line, [section(`:hourglass_flowing_sand: ${line}`)]);
}

/** The progress of a change asked in a result's thread: "<@U> asked for a change of “a lighthouse”: more blue". */
export function changeProgressMessage(user: string, change: { of: string; said: string }): SlackMessage {
  const line = `<@${escapeText(user)}> asked for a change of “${quote(change.of, 300)}”: ${quote(change.said, 300)}`;
  return message(line, [section(`:hourglass_flowing_sand: ${line}`)]);
}

/** Where a job is, as its progress message says it. */
export interface ProgressStatus {
  /** `sending`: the request is on its way; `queued`: the platform has it; `running`: it reports progress. */
  phase: "sending" | "queued" | "running";
  /** The platform's progress (0-100), when it gives one. */
  percent?: number | null;
  /** Time since the request, in ms. */
  elapsedMs: number;
  /** What to expect, for kinds that take long ("Videos usually take a few minutes."). */
  expect?: string;
}

const PHASE: Record<ProgressStatus["phase"], string> = {
  sending: "Sending the request",
  queued: "Queued at the studio",
  running: "Generating",
};

/** "1:05": minutes and seconds (hours past an hour). */
export function elapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const clock = `${Math.floor(seconds / 60) % 60}:${String(seconds % 60).padStart(2, "0")}`;
  return seconds >= 3600 ? `${Math.floor(seconds / 3600)}:${clock.padStart(5, "0")}` : clock;
}

/** The status in words: "Generating · 40% ▰▰▰▰▱▱▱▱▱▱ · 0:12 so far". */
export function statusText(status: ProgressStatus): string {
  const percent =
    status.percent === undefined || status.percent === null || !Number.isFinite(status.percent)
      ? undefined
      : Math.round(Math.min(100, Math.max(0, status.percent)));
  const parts = [PHASE[status.phase]];
  if (percent !== undefined && status.phase === "running") parts.push(`${percent}% ${bar(percent)}`);
  parts.push(`${elapsed(status.elapsedMs)} so far`);
  if (status.expect) parts.push(status.expect);
  return parts.join(" · ");
}

/** The progress message with its status line under it (and in its notification text). */
export function withStatus(progress: SlackMessage, status: ProgressStatus): SlackMessage {
  const text = statusText(status);
  return message(`${progress.text} — ${text}`, [...progress.blocks, context(text)]);
}

/** A ten-step text progress bar, since Block Kit has no progress element. */
function bar(percent: number): string {
  const filled = Math.round(percent / 10);
  return `${"▰".repeat(filled)}${"▱".repeat(10 - filled)}`;
}

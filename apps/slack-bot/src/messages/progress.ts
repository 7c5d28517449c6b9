import type { Command } from "../commands/types.js";
import { context, escapeText, message, type SlackMessage, section } from "./blocks.js";
import { promptOf, whatIsAsked } from "./describe.js";

/**
 * The message that shows who asked for what and how far it got; updated as statuses change and replaced by the
 * results. `percent` is clamped to 0-100; without it the message says the request is queued.
 *
 * @example progressMessage({ user: "U1", command, percent: 40 }) // "<@U1> asked for 2 images: “a fox” — 40% …"
 */
export function progressMessage(input: { user: string; command: Command; percent?: number | null }): SlackMessage {
  const { user, command } = input;
  const percent =
    input.percent === undefined || input.percent === null || !Number.isFinite(input.percent)
      ? undefined
      : Math.round(Math.min(100, Math.max(0, input.percent)));
  const state = percent === undefined ? "queued …" : `${percent}% …`;
  const line = `<@${escapeText(user)}> asked for ${whatIsAsked(command)}: ${promptOf(command)} — ${state}`;
  return message(line, [section(`:hourglass_flowing_sand: ${line}`), context(bar(percent ?? 0))]);
}

/** A ten-step text progress bar, since Block Kit has no progress element. */
function bar(percent: number): string {
  const filled = Math.round(percent / 10);
  return `${"▰".repeat(filled)}${"▱".repeat(10 - filled)} ${percent}%`;
}

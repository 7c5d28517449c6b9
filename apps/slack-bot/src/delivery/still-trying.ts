// When the studio API stops answering while jobs are being polled, the poller keeps trying (a failed poll is a
// missed one: @studio-kit/poller) and nothing is ever sent twice, but the progress messages would freeze, and a
// frozen message reads as a dead bot. Once the API has failed for STILL_TRYING_AFTER_MS without one answer, every
// job this replica follows says so under its status line; the line goes at the next update after the API answers.

import type { BotDeps } from "../deps.js";
import { context, message, type SlackMessage } from "../messages/blocks.js";

/** How long the API must fail without an answer before the progress says so (a blip is not worth a word). */
export const STILL_TRYING_AFTER_MS = 15_000;
/** How often a followed job checks whether that changed. */
export const SILENCE_CHECK_MS = 5_000;

/** The line people see under the status while the studio API does not answer. */
export const STILL_TRYING_TEXT =
  ":warning: The studio is not answering, still trying. Nothing is lost and nothing will be sent twice.";

/** Whether the studio API has failed long enough, without an answer, for progress messages to say so. */
export function studioSilent(deps: Pick<BotDeps, "studioReach">): boolean {
  return (deps.studioReach?.silentForMs() ?? 0) >= STILL_TRYING_AFTER_MS;
}

/** The progress message with the "still trying" line under it (and in its notification text). */
export function withStillTrying(progress: SlackMessage): SlackMessage {
  return message(`${progress.text} — The studio is not answering, still trying.`, [
    ...progress.blocks,
    context(STILL_TRYING_TEXT),
  ]);
}

/**
 * Calls `show` each time the studio's silence starts or ends (`urgent`: at once), and again at each check while it
 * lasts (not urgent: the progress throttle and Slack's budget decide), checked every {@link SILENCE_CHECK_MS}, so a
 * job's progress shows or drops the line without waiting for a poll that may never answer, and a job whose update
 * was skipped for the budget (many jobs in flight) gets the line at a later check. Stop it when the job ends.
 */
export function watchSilence(deps: Pick<BotDeps, "studioReach">, show: (urgent: boolean) => void): { stop(): void } {
  if (!deps.studioReach) return { stop() {} };
  let silent = studioSilent(deps);
  const timer = setInterval(() => {
    const now = studioSilent(deps);
    if (now === silent && !now) return;
    const urgent = now !== silent;
    silent = now;
    show(urgent);
  }, SILENCE_CHECK_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

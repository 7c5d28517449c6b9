// The words a Workflow Builder step ends with when it fails: functions.completeError's `error`, which Slack passes
// on to the person "through a Slackbot message" (https://docs.slack.dev/reference/methods/functions.completeError/).
// Plain text: it is not a Block Kit message.

import type { JobOutcome } from "../store/types.js";

/** Why a generation step's job ended without a result, by how it ended (store/types.ts `JobOutcome`). */
export function stepJobError(outcome: JobOutcome | undefined, permalink: string | undefined): string {
  const see = permalink ? ` See ${permalink}` : "";
  switch (outcome) {
    case "failed":
      return `Studio: the platform could not generate the image (it failed or refused the request).${see}`;
    case "not-sent":
      return `Studio: the generation was refused before it ran, so nothing was spent (if the app is not in the step's channel, invite it).${see}`;
    case "lost":
      return (
        "Studio: the bot restarted while sending the generation; it was not sent again, so it was charged at most " +
        `once. If it was made, it is in the asset library.${see}`
      );
    default:
      return `Studio: the generation did not finish.${see}`;
  }
}

/** A refused step whose flow said nothing (it should not happen: every refusal answers the asker). */
export const STEP_REFUSED = "Studio: the step was refused before anything was spent.";

/** The step's channel could not take the bot's message. */
export function stepChannelError(channel: string, code: string | undefined): string {
  return code === "not_in_channel" || code === "channel_not_found"
    ? `Studio cannot post in <#${channel}>: invite the app to the channel (or pick another one) and run the step again.`
    : `Studio could not post in <#${channel}>${code ? ` (${code})` : ""}; nothing was spent.`;
}

/** "Add to a board" named a board that is not there. */
export const boardMissing = (board: string): string =>
  `Studio: there is no board "${board}" in the workspace (give its title or id as Studio shows them).`;

/** Something the studio API answered went wrong, in the words of the problem. */
export const stepProblem = (what: string): string => `Studio: ${what}`;

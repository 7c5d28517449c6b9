// The words of `avatar` and `lipsync` jobs (jobs/speaking-kinds.ts): jobs of one or two steps, whose progress says
// which step is running, and whose failure says what was already made (a voiceover is charged even when the video
// made from it then fails).

import type { AvatarCommand, LipsyncCommand } from "@studio-kit/commands";
import { context, escapeText, message, quote, type SlackMessage, section } from "./blocks.js";
import { whatIsAsked } from "./describe.js";
import { failedMessage } from "./errors.js";

/** The steps of a speaking job, in words: a voiceover first unless `lipsync` was given an audio. */
export function speakingSteps(command: AvatarCommand | LipsyncCommand): string[] {
  if (command.kind === "avatar") return ["reading the script aloud", "making the image speak it"];
  return command.script === undefined
    ? ["lip-syncing the video to the audio"]
    : ["reading the script aloud", "lip-syncing the video to it"];
}

/**
 * Who asked for what, and the step it is at ("Step 1 of 2: reading the script aloud"); the runner adds the status
 * line under it (messages/progress.ts `withStatus`).
 */
export function speakingProgressMessage(
  user: string,
  command: AvatarCommand | LipsyncCommand,
  step: number,
): SlackMessage {
  const what = whatIsAsked(command);
  const script = command.script ? `: “${quote(command.script, 300)}”` : "";
  const line = `<@${escapeText(user)}> asked for ${what}${script}`;
  const steps = speakingSteps(command);
  const now = steps[Math.min(step, steps.length - 1)] ?? "";
  const where =
    steps.length > 1 ? `Step ${step + 1} of ${steps.length}: ${now}` : `${now[0]?.toUpperCase()}${now.slice(1)}`;
  return message(`${line} (${where})`, [section(`:hourglass_flowing_sand: ${line}`), context(where)]);
}

/**
 * The final message when a step FAILED or was refused. `voiceoverId` is the voiceover an earlier step made: it was
 * made (and charged) and stays in the asset library, which the message says so nobody is surprised by the spend.
 */
export function speakingFailedMessage(input: {
  user: string;
  /** "the voiceover of the speaking avatar", "the speaking avatar", "the lip-synced video". */
  what: string;
  errorMessage?: string | null | undefined;
  voiceoverId?: string | undefined;
}): SlackMessage {
  const failed = failedMessage({ user: input.user, what: input.what, errorMessage: input.errorMessage ?? null });
  if (!input.voiceoverId) return failed;
  const made = `Its voiceover was made first and is in the asset library (\`${escapeText(input.voiceoverId)}\`): that step was charged.`;
  return message(failed.text, [...failed.blocks, context(made)]);
}

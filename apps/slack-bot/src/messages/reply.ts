import { isGeneration, type ParseResult } from "@studio-kit/commands";
import { context, message, quote, type SlackMessage } from "./blocks.js";
import { parseErrorMessage } from "./errors.js";
import { helpMessage } from "./help.js";
import { progressMessage } from "./progress.js";

/**
 * The first thing the bot says for a parsed text, before any API call: the parse error, the help, or the
 * queued progress message for a generation; lookups get a short "looking" note that their answer replaces.
 */
export function replyFor(result: ParseResult, user: string): SlackMessage {
  if (!result.ok) return parseErrorMessage(result);
  const { command } = result;
  if (command.kind === "help") return helpMessage(command.topic);
  if (isGeneration(command)) return progressMessage({ user, command });
  const subject =
    command.kind === "board-new" || command.kind === "board-use"
      ? `board “${quote(command.title, 200)}”`
      : command.kind === "assets"
        ? `assets matching “${quote(command.term, 200)}”`
        : command.kind;
  return message(`Looking up ${subject}…`, [context(`:mag: Looking up ${subject}…`)]);
}

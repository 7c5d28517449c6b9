import type { OptionProblem, ParseError } from "@studio-kit/commands";
import { context, escapeText, listValues, message, quote, type SlackMessage, section } from "./blocks.js";

/** The ephemeral reply to a text the parser could not read: what went wrong, then the usage. */
export function parseErrorMessage(error: ParseError): SlackMessage {
  return message(escapeText(error.message), [
    section(`:warning: ${escapeText(error.message)}`),
    context(`Usage: \`${escapeText(error.usage)}\``),
  ]);
}

/**
 * The ephemeral reply to options the catalog does not allow, each with the values that would work, and only the
 * help that fits the problems found (`/studio models image` for a model's values, `/studio presets` for a preset;
 * none for `--count` or `--ratio`, whose message says it all).
 */
export function invalidOptionsMessage(problems: OptionProblem[]): SlackMessage {
  const shown = problems.slice(0, 10);
  const blocks = shown.map((problem) => {
    const intro = problem.validIntro ?? "Valid:";
    const valid = problem.valid.length ? `\n${escapeText(intro)} ${listValues(problem.valid)}` : "";
    return section(`:warning: ${escapeText(problem.message)}${valid}`);
  });
  if (problems.length > shown.length) blocks.push(context(`…and ${problems.length - shown.length} more problems.`));
  const helps = [...new Set(problems.flatMap((problem) => (problem.help ? [problem.help] : [])))];
  blocks.push(context(["Nothing was generated and no credits were spent.", ...helps].join(" ")));
  return message(`Some options cannot be used: ${escapeText(problems[0]?.message ?? "")}`, blocks);
}

// What a FAILED generation's errorMessage means for the person who asked; matched loosely, since the API's
// wording is not specified. Anything unmatched is shown as is (cut short) after a plain summary.
const REASONS: [RegExp, string][] = [
  [/credit/i, "The workspace ran out of credits while it was generating. `/studio credits` shows the balance."],
  [/safety|moderat|policy|nsfw/i, "The prompt was refused by the content filter. Try rewording it."],
  [/timeout|timed out/i, "The generation took too long and was stopped. Try again, perhaps with a faster model."],
];

/** The message that replaces a progress message when a generation FAILED, with a reason a user understands. */
export function failedMessage(input: { user: string; what: string; errorMessage?: string | null }): SlackMessage {
  const raw = input.errorMessage?.trim() ?? "";
  const known = REASONS.find(([pattern]) => pattern.test(raw))?.[1];
  const reason = known ?? (raw ? `The service said: “${quote(raw, 500)}”.` : "The service gave no reason.");
  return message(`Generation failed: ${known ?? "see the details"}`, [
    section(`:x: <@${escapeText(input.user)}>, ${escapeText(input.what)} could not be made. ${reason}`),
    context("Failed generations spend no credits. Try again, or `/studio help` for options."),
  ]);
}

/**
 * The reply when the bot cannot post in a channel (`not_in_channel`): it answers through `response_url`
 * instead and says how to invite it.
 */
export function inviteHintMessage(botUserId: string): SlackMessage {
  const bot = `<@${escapeText(botUserId)}>`;
  return message("Invite me to this channel to post results here", [
    section(`:wave: I am not in this channel yet, so only you can see this. Type /invite ${bot} to add me.`),
  ]);
}

import { COMMAND_WORDS, type CommandWord, ratioRuleText } from "@studio-kit/commands";
import { DESCRIPTIONS, USAGE } from "../commands/slack-grammar.js";
import { context, escapeText, message, type SlackMessage, section } from "./blocks.js";

/** The commands whose usage has `--ratio`: their help says the ratio rule, in the words its error uses. */
const TAKES_RATIO: readonly CommandWord[] = ["image", "video"];

/**
 * The help reply: every command with its usage, or one command's usage when `topic` is given.
 * Also what a bare `/studio` shows.
 */
export function helpMessage(topic?: CommandWord): SlackMessage {
  const words = topic ? [topic] : COMMAND_WORDS;
  const lines = words.map((word) => `*${DESCRIPTIONS[word]}*\n\`${escapeText(USAGE[word])}\``);
  return message(topic ? `Usage: ${USAGE[topic]}` : "What I can do", [
    section(topic ? `*/studio ${topic}*` : "*Make images, video and audio without leaving Slack.*"),
    ...lines.map((line) => section(line)),
    ...(words.some((word) => TAKES_RATIO.includes(word)) ? [context(escapeText(ratioRuleText()))] : []),
    context(
      'Quote values with spaces: `--board "Spring campaign"`. In a channel, `@Studio <prompt>` works too; in ' +
        "Slack's assistant view (open Studio from the top bar) just type, without `/studio`.",
    ),
  ]);
}

import { COMMAND_WORDS, type CommandWord, ratioRuleText } from "@studio-kit/commands";
import { DESCRIPTIONS, USAGE } from "../intent/slack-grammar.js";
import { context, escapeText, message, type SlackMessage, section } from "./blocks.js";
import { GUIDE_SECTIONS, TOPIC_NOTES } from "./help-guide.js";

/** The commands whose usage has `--ratio`: their help says the ratio rule, in the words its error uses. */
const TAKES_RATIO: readonly CommandWord[] = ["image", "video"];

/**
 * The help reply: every command with its usage, then what the usage lines cannot show (the buttons under a
 * result, images attached to a mention, where ids come from: messages/help-guide.ts); or, when `topic` is given,
 * that command's usage and its notes. Also what a bare `/studio` shows.
 */
export function helpMessage(topic?: CommandWord): SlackMessage {
  const words = topic ? [topic] : COMMAND_WORDS;
  const lines = words.map((word) => `*${DESCRIPTIONS[word]}*\n\`${escapeText(USAGE[word])}\``);
  const guide = topic ? (TOPIC_NOTES[topic] ?? []) : GUIDE_SECTIONS;
  return message(topic ? `Usage: ${USAGE[topic]}` : "What I can do", [
    section(topic ? `*/studio ${topic}*` : "*Make images, video and audio without leaving Slack.*"),
    ...lines.map((line) => section(line)),
    ...(words.some((word) => TAKES_RATIO.includes(word)) ? [context(escapeText(ratioRuleText()))] : []),
    ...guide.map((text) => section(text)),
    context(
      'Quote values with spaces: `--board "Spring campaign"`. In a channel, `@Studio &lt;prompt&gt;` works too; in ' +
        "Slack's assistant view (open Studio from the top bar) just type, without `/studio`.",
    ),
  ]);
}

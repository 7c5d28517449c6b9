import type { Command } from "@studio-kit/commands";
import type { AskIntent } from "../intent/read-text.js";
import {
  actions,
  type Block,
  button,
  context,
  divider,
  LIMITS,
  message,
  quote,
  type SlackMessage,
  section,
  truncate,
} from "./blocks.js";
import { helpMessage } from "./help.js";
import { ACTIONS } from "./ids.js";

/** A button of the ask reply: its label and its (already encoded) value. */
export interface AskButton {
  label: string;
  value: string;
}

/** What the ask reply needs: who asked, what was decided, the text, and the buttons that fit. */
export interface AskMessageInput {
  user: string;
  intent: AskIntent;
  /** The text as typed (Slack-escaped). */
  text: string;
  /** The likely command, when one was found and fits in a button. */
  likely?: { button: AskButton; text: string };
  /** "Generate an image of ...": always offered, nothing is lost by asking. */
  generate?: AskButton;
}

// Labels are plain text of at most 75 characters (Slack's limit): the quoted part is cut with an ellipsis and the
// closing quote kept, so a long prompt still reads as a quote.
function quoted(head: string, text: string, tail = "'"): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return `${head}'${truncate(flat, LIMITS.buttonText - head.length - 1 - tail.length)}${tail}`;
}

/** "Generate an image of 'a red fox'". */
export function generateLabel(prompt: string): string {
  return quoted("Generate an image of ", prompt);
}

/**
 * The likely command's label: "Image of 'a red fox'", "Video of '...'", "Music: '...'", "Voiceover: '...'" for a
 * generation, "/studio credits" for the rest.
 */
export function likelyLabel(command: Command, text: string): string {
  switch (command.kind) {
    case "image":
      return quoted("Image of ", command.prompt);
    case "video":
      return quoted("Video of ", command.prompt);
    case "music":
      return quoted("Music: ", command.prompt);
    case "voice":
      return quoted("Voiceover: ", command.script);
    default:
      return truncate(`/studio ${text.replace(/\s+/g, " ").trim()}`, LIMITS.buttonText);
  }
}

// User text inside backticks: quote() escapes it and flattens it; a backtick would end the code span early.
const code = (text: string, max = 200) => `\`${quote(text.replace(/`/g, "'"), max)}\``;

function whatItLooksLike(intent: AskIntent, text: string): string {
  const { likely } = intent;
  switch (intent.reason) {
    case "command": {
      if (!likely) return `${code(text, 80)} looks like a command`;
      const how =
        likely.match === "typo"
          ? "looks like a typo of"
          : likely.match === "prefix"
            ? "looks like the start of"
            : "looks like the command";
      return `${code(likely.typed, 60)} ${how} \`${likely.word}\``;
    }
    case "question":
      return "That reads like a question for me";
    case "greeting":
      return `“${quote(text, 80)}” reads like small talk`;
    case "too-short":
      return `“${quote(text, 20)}” is too short to describe an image`;
    case "no-result":
      return `“${quote(text, 80)}” reads as being about an earlier result, and there is none in this thread`;
    case "slash":
      // https://docs.slack.dev/interactivity/implementing-slash-commands (Limitations on use)
      return `${code(text.split(/\s/)[0] ?? text, 40)} is a slash command, which Slack runs only from a channel's or DM's message box (not in a thread or this pane)`;
  }
}

/**
 * The reply to a bare prompt that reads as a typo, a question or a greeting: what the bot understood, that nothing
 * was generated, and buttons for the likely command and for "Generate an image of '<text>'" (nothing is spent
 * before a click). Without a likely command (a greeting, a question about nothing in particular, a too short
 * text), the help follows.
 *
 * @example askMessage({ user: "U1", intent: decideIntent("cred"), text: "cred", likely, generate })
 */
export function askMessage(input: AskMessageInput): SlackMessage {
  const { intent, text, likely, generate } = input;
  const understood = whatItLooksLike(intent, text);
  const hello =
    intent.reason === "greeting"
      ? `:wave: Hi <@${input.user}>! I make images, video and audio from a description: `
      : ":thinking_face: ";
  // About an earlier result: where to say it (the result's thread, or its buttons), not the whole help.
  const aboutAResult = intent.reason === "no-result";
  const offer = likely
    ? ` Did you mean ${code(`/studio ${likely.text}`)}?`
    : aboutAResult
      ? " To change a result, make another like it or put it on a board, say so in the result's thread, or use its buttons. Or describe a new image."
      : " Here is what I can do.";
  const buttons: Block[] = [];
  if (likely) buttons.push(button(likely.button.label, ACTIONS.askCommand, likely.button.value, "primary"));
  if (generate) buttons.push(button(generate.label, ACTIONS.askImage, generate.value));
  const help = likely || aboutAResult ? [] : [divider(), ...helpMessage().blocks];
  const summary = likely
    ? `Did you mean /studio ${quote(likely.text, 200)}? Nothing was generated.`
    : aboutAResult
      ? "Nothing was generated: say it in the result's thread, or describe a new image."
      : "Nothing was generated: describe what you want, or pick a command.";
  return message(summary, [
    section(`${hello}${understood}, so I haven't generated anything.${offer}`),
    ...(buttons.length
      ? [actions(buttons), context("Nothing is spent until you click. Only you can use these buttons.")]
      : []),
    ...help,
  ]);
}

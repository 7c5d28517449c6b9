// What the bot answers a suggested prompt that would otherwise make something nobody described (decision 0025): the
// chip asks what to make, shows one example as the exact command with its cost, and offers it as a button spent once.
// A chip is one click on a label, and Slack sends its message as the person's: it must never spend by itself.

import { actions, button, context, message, type SlackMessage, section } from "./blocks.js";
import { ACTIONS } from "./ids.js";

/** A chip that asks: the message it sends, the question the bot answers with, and its example. */
export interface PromptQuestion {
  /** The chip's message, as Slack sends it when the chip is clicked. */
  message: string;
  /** What the bot asks back. */
  question: string;
  /** How to say it in the thread. */
  how: string;
  /** The example as it would be typed in the thread... */
  example: string;
  /** ...and as the command text its button runs (`/studio` grammar). */
  command: string;
  /** What the button makes: "image", "video". */
  what: string;
}

/** The chips that ask, by the message each sends. */
export const PROMPT_QUESTIONS: readonly PromptQuestion[] = [
  {
    message: "Make an image",
    question: "What should the image show?",
    how: "Describe it in a message",
    example: "a lighthouse at dusk, watercolour",
    command: "image a lighthouse at dusk, watercolour",
    what: "image",
  },
  {
    message: "Make a video",
    question: "What should the video show?",
    how: "Describe it in a message that starts with `video`",
    example: "video waves on a rocky shore --duration 5",
    command: "video waves on a rocky shore --duration 5",
    what: "video",
  },
];

// A chip's message compared as a person could type it too: case, spaces and a closing mark aside.
const normal = (text: string) =>
  text
    .trim()
    .replace(/[.!?…]+$/u, "")
    .replace(/\s+/g, " ")
    .toLowerCase();

/** The chip that sent `text`, or undefined for any other text. */
export function promptQuestionOf(text: string): PromptQuestion | undefined {
  const said = normal(text);
  return PROMPT_QUESTIONS.find((prompt) => normal(prompt.message) === said);
}

const credits = (cost: number) => `${cost.toLocaleString("en-US")} ${cost === 1 ? "credit" : "credits"}`;

/**
 * The answer to a chip that asks: the question, how to say it and the example (as typed, in a code span), its cost
 * when the catalog gives one, and a button (`value` encoded by flows/ask-choice.ts) that runs the example. Nothing
 * is spent before that click.
 *
 * @example promptQuestionMessage(PROMPT_QUESTIONS[1], { cost: 20, value }).text // "What should the video show? …"
 */
export function promptQuestionMessage(
  prompt: PromptQuestion,
  input: { cost: number | null; value: string },
): SlackMessage {
  const price = input.cost === null ? "" : ` (${credits(input.cost)})`;
  const costLine =
    input.cost === null
      ? "The example's cost is checked before it runs."
      : `That example costs about *${credits(input.cost)}*.`;
  return message(`${prompt.question} ${prompt.how}, for example: ${prompt.example}`, [
    section(`*${prompt.question}* ${prompt.how}, for example:\n\`${prompt.example}\``),
    section(`${costLine} Or try it as it is:`),
    actions([button(`Make this ${prompt.what}${price}`, ACTIONS.askCommand, input.value, "primary")]),
    context("Nothing is spent until you click. Only you can use this button."),
  ]);
}

// The answer to a how-to question ("how do I make a video?"): that one command, one example to copy, and where the
// rest is, in a few lines, instead of the whole help (issue 39).

import type { CommandWord } from "@studio-kit/commands";
import { DESCRIPTIONS, USAGE } from "../intent/slack-grammar.js";
import { context, escapeText, message, type SlackMessage, section } from "./blocks.js";

/** One example per command, as a person would type it. */
const EXAMPLES: Record<CommandWord, string> = {
  image: "/studio image a lighthouse at dusk --ratio 16:9",
  video: "/studio video waves on a rocky shore --duration 5",
  music: "/studio music calm piano for a product demo --instrumental",
  voice: "/studio voice Welcome to the spring launch.",
  avatar: "/studio avatar Hello from the team! --image img_…",
  lipsync: "/studio lipsync --video vid_… --audio aud_…",
  credits: "/studio credits",
  boards: "/studio boards",
  board: '/studio board new "Spring campaign"',
  assets: "/studio assets lighthouse",
  models: "/studio models video",
  presets: "/studio presets film",
  brand: "/studio brand",
  history: "/studio history 5",
  show: "/studio show job_…",
  help: "/studio help image",
};

/** The question a request that says nothing of what to make gets first ("make an image": what should it show?). */
const ASK_WHAT: Partial<Record<CommandWord, string>> = {
  image: "What should the image show? Say it after `/studio image`.",
  video: "What should the video show? Say it after `/studio video`.",
  music: "What should the music sound like? Say it after `/studio music`.",
  voice: "What should the voice say? Say it after `/studio voice`.",
};

/**
 * How to do what the question named: the command's usage, one example, and where its full help is. With `ask`, it
 * first asks what to make (a request that said nothing of it: "make an image"); nothing is spent either way.
 */
export function howToMessage(word: CommandWord, options: { ask?: boolean } = {}): SlackMessage {
  const lead = options.ask && ASK_WHAT[word] ? `${ASK_WHAT[word]}\n` : "";
  const head = `${lead}*${escapeText(DESCRIPTIONS[word])}*`;
  return message(`${DESCRIPTIONS[word]}: ${EXAMPLES[word]}`, [
    section(`${head}\n\`${escapeText(USAGE[word])}\`\nFor example: \`${escapeText(EXAMPLES[word])}\``),
    context(`\`/studio help ${word}\` says more; in a thread with me, \`@Studio\` works as \`/studio\` does.`),
  ]);
}

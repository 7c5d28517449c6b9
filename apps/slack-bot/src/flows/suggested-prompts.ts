import { estimateCost } from "@studio-kit/commands";
import type { Surface } from "../delivery/surface.js";
import type { BotDeps } from "../deps.js";
import { parseCommand } from "../intent/slack-grammar.js";
import { type PromptQuestion, promptQuestionMessage, promptQuestionOf } from "../messages/prompt-questions.js";
import { encodeChoice, type TextOrigin } from "./ask-choice.js";
import { tellProblem } from "./tell-problem.js";

/** The example's estimated credits, or null when the catalog gives none or cannot be read (the click prices it). */
async function costOf(deps: BotDeps, prompt: PromptQuestion): Promise<number | null> {
  const parsed = parseCommand(prompt.command);
  if (!parsed.ok) return null;
  try {
    return estimateCost(parsed.command, (await deps.studioData.get()).catalog);
  } catch (error) {
    deps.logger.warn({ err: error }, "could not price a suggested prompt's example");
    return null;
  }
}

/**
 * Answers a suggested prompt that asks ("Make an image", "Make a video": messages/prompt-questions.ts) in an
 * assistant thread or the agent view's DM, where Slack sends a chip's message as the person's: the question, one
 * example as the exact command with its estimated cost, and a button that runs it (listeners/actions/ask.ts: spent
 * once, through every usual check). Nothing is spent here. Resolves false, having done nothing, for any other text;
 * never throws (a refused reply is told as dispatch tells one).
 */
export async function answerSuggestedPrompt(
  deps: BotDeps,
  surface: Surface,
  text: string,
  origin: TextOrigin,
): Promise<boolean> {
  const prompt = promptQuestionOf(text);
  if (!prompt) return false;
  try {
    const value = encodeChoice({
      user: surface.user,
      origin,
      ...(surface.threadTs ? { threadTs: surface.threadTs } : {}),
      text: prompt.command,
    });
    // The examples are ours and short (a test holds them to a button's value): this cannot happen.
    if (!value) throw new Error("a suggested prompt's example does not fit a button's value");
    deps.logger.info({ user: surface.user, chip: prompt.what }, "a suggested prompt: asking what to make");
    await surface.reply(promptQuestionMessage(prompt, { cost: await costOf(deps, prompt), value }));
  } catch (error) {
    await tellProblem(deps, surface, error, "could not answer a suggested prompt");
  }
  return true;
}

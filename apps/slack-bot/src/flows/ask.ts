import { type Command, isGeneration } from "@studio-kit/commands";
import type { Surface } from "../delivery/surface.js";
import type { BotDeps } from "../deps.js";
import type { TextReading } from "../intent/read-text.js";
import { parseCommand } from "../intent/slack-grammar.js";
import { type AskButton, askMessage, generateLabel, likelyLabel } from "../messages/ask.js";
import { type AskChoice, encodeChoice, type TextOrigin } from "./ask-choice.js";

/** A text that asks before generating. */
export type AskReading = Extract<TextReading, { kind: "ask" }>;

/**
 * A button for running `text` (a `/studio` command text). The text rides in the button's value; a text too long
 * for it (over 2,000 characters with the rest) waits in the store as a pending request, which only a generation
 * can do (its command is what Confirm runs too). Undefined when neither fits: that button is left out.
 */
async function choiceButton(
  deps: BotDeps,
  surface: Surface,
  choice: Omit<AskChoice, "text" | "pending">,
  text: string,
  label: string,
  command: Command,
): Promise<AskButton | undefined> {
  const value = encodeChoice({ ...choice, text });
  if (value) return { label, value };
  if (!isGeneration(command)) return undefined;
  const { user, channel, threadTs } = surface;
  const pending = await deps.store.pendingRequests.add({ user, channel, ...(threadTs ? { threadTs } : {}), command });
  const stored = encodeChoice({ ...choice, pending });
  return stored ? { label, value: stored } : undefined;
}

/**
 * Answers a bare prompt that reads as a typo, a question or a greeting (commands/intent.ts) without generating:
 * the reply says what was understood and offers the likely command and "Generate an image of '<text>'" as buttons
 * (listeners/actions/ask.ts runs them, with every usual check). Nothing is spent here. Throws only when Slack
 * refuses the reply (dispatchText tells the asker).
 */
export async function askBeforeGenerating(
  deps: BotDeps,
  surface: Surface,
  reading: AskReading,
  origin: TextOrigin,
): Promise<void> {
  const { intent, text, image } = reading;
  const choice = { user: surface.user, origin, ...(surface.threadTs ? { threadTs: surface.threadTs } : {}) };
  // `image <text>` is what the bare prompt would have run: the same prompt and the same flags.
  const generate = await choiceButton(deps, surface, choice, `image ${text}`, generateLabel(image.prompt), image);
  let likely: { button: AskButton; text: string } | undefined;
  const likelyText = intent.likely?.text;
  const parsed = likelyText === undefined ? undefined : parseCommand(likelyText);
  if (likelyText !== undefined && parsed?.ok) {
    const label = likelyLabel(parsed.command, likelyText);
    const button = await choiceButton(deps, surface, choice, likelyText, label, parsed.command);
    if (button) likely = { button, text: likelyText };
  }
  deps.logger.info(
    { user: surface.user, reason: intent.reason, likely: intent.likely?.word ?? null },
    "a bare prompt read as something else: asking before generating",
  );
  await surface.reply(
    askMessage({
      user: surface.user,
      intent,
      text,
      ...(likely ? { likely } : {}),
      ...(generate ? { generate } : {}),
    }),
  );
}

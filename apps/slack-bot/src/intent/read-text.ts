import type { ImageCommand, ParseResult } from "@studio-kit/commands";
import { tokenize } from "@studio-kit/commands";
import { decideIntent, type Intent } from "./decide.js";
import { parseCommand, stripMention, unescapeSlack } from "./slack-grammar.js";

/** An intent that asks before generating. */
export type AskIntent = Extract<Intent, { action: "ask" }>;

/** What the bot makes of a typed text: a command to answer, or a bare prompt to ask about before spending. */
export type TextReading =
  | { kind: "command"; result: ParseResult }
  | {
      kind: "ask";
      intent: AskIntent;
      /** The text as typed (Slack-escaped, the mention removed): "Generate an image of ..." runs `image <text>`. */
      text: string;
      /** The image the text would have generated (its prompt names the "Generate an image of ..." button). */
      image: ImageCommand;
    };

/** True unless the text starts with the word `image` itself (then it is an explicit image command, not a bare prompt). */
function isBare(input: string): boolean {
  const first = tokenize(unescapeSlack(input))[0];
  return !(first && !first.quoted && first.inlineValue === undefined && first.value.toLowerCase() === "image");
}

/**
 * Reads the text of `/studio <text>` (or, with `from: "mention"`, of `@Studio <text>` and of a direct message) as
 * the parser does; a bare image prompt (no command word first) then goes through {@link decideIntent}, and one
 * that reads as a typo, a question or a greeting comes back as `ask` instead of a command. Never throws.
 *
 * @example readText("imgae a red fox").kind // "ask"
 * @example readText("credits").kind // "command"
 */
export function readText(text: string, from: "command" | "mention" = "command"): TextReading {
  const input = from === "mention" ? stripMention(text) : typeof text === "string" ? text : "";
  const result = parseCommand(input);
  if (!result.ok || result.command.kind !== "image" || !isBare(input)) return { kind: "command", result };
  const intent = decideIntent(input);
  if (intent.action === "generate") return { kind: "command", result };
  return { kind: "ask", intent, text: input.trim(), image: result.command };
}

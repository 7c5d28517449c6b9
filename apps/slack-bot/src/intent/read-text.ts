import type { ImageCommand, ParseResult } from "@studio-kit/commands";
import { tokenize } from "@studio-kit/commands";
import { decideIntent, type Intent } from "./decide.js";
import { readsAsAboutAResult } from "./follow-up.js";
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
export function readText(
  text: string,
  from: "command" | "mention" = "command",
  options: {
    /**
     * The text is a message where its thread holds no result (flows/dispatch.ts answers one in a result's thread
     * first): a text about an earlier result ("another one", "put it on <board>") asks instead of drawing its words.
     */
    noResultHere?: boolean;
  } = {},
): TextReading {
  const input = from === "mention" ? stripMention(text) : typeof text === "string" ? text : "";
  const result = parseCommand(input);
  if (!result.ok || result.command.kind !== "image" || !isBare(input)) return { kind: "command", result };
  const intent = decideIntent(input);
  if (intent.action === "ask") return { kind: "ask", intent, text: input.trim(), image: result.command };
  // A message (never `/studio`, how a person asks for exactly what they typed) about an earlier result, where
  // there is none to act on.
  if (options.noResultHere && from === "mention" && readsAsAboutAResult(input)) {
    return { kind: "ask", intent: { action: "ask", reason: "no-result" }, text: input.trim(), image: result.command };
  }
  return { kind: "command", result };
}

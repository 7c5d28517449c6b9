import { type FlagSpec, USAGE } from "./grammar.js";
import type { Token } from "./tokenize.js";
import type { CommandWord, ParseError, ParseErrorCode } from "./types.js";

/** The words and flag values read from a command's tokens. */
export interface ReadFlags {
  words: string[];
  /** Text and number flags: every value given, in order. Switches: `["true"]`. */
  values: Record<string, string[]>;
}

const MAX_ECHO = 40;

/** User text quoted back in an error, cut short so a 5,000-character flag cannot flood the reply. */
export function echo(text: string): string {
  const flat = text.replace(/\s+/g, " ");
  return flat.length > MAX_ECHO ? `${flat.slice(0, MAX_ECHO - 1)}…` : flat;
}

/** A parse error for `command`, with its usage attached. */
export function parseError(code: ParseErrorCode, command: CommandWord, message: string): ParseError {
  return { ok: false, code, command, message, usage: USAGE[command] };
}

const isFlag = (token: Token) => !token.quoted && token.value.startsWith("--") && token.value.length > 2;

function optionList(specs: Record<string, FlagSpec>): string {
  const names = Object.keys(specs).map((name) => `--${name}`);
  return names.length ? `Its options are ${names.join(", ")}.` : "It takes no options.";
}

/**
 * Separates words from flags according to `specs`. Flags may come anywhere; `--flag value` and `--flag=value`
 * both work. Returns the first problem met as a {@link ParseError}.
 */
export function readFlags(
  tokens: Token[],
  specs: Record<string, FlagSpec>,
  command: CommandWord,
): ReadFlags | ParseError {
  const words: string[] = [];
  const values: Record<string, string[]> = {};
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (!token) continue;
    if (!isFlag(token)) {
      words.push(token.value);
      continue;
    }
    const name = token.value.slice(2).toLowerCase();
    const spec = Object.hasOwn(specs, name) ? specs[name] : undefined;
    if (!spec) {
      return parseError(
        "unknown_flag",
        command,
        `\`${command}\` has no option \`--${echo(name)}\`. ${optionList(specs)}`,
      );
    }
    if (values[name] && !spec.repeatable) {
      return parseError("repeated_flag", command, `\`--${name}\` was given twice: give it once.`);
    }
    let value: string;
    if (spec.kind === "switch") {
      if (token.inlineValue !== undefined) {
        return parseError(
          "flag_takes_no_value",
          command,
          `\`--${name}\` is a switch: write \`--${name}\` on its own, or leave it out.`,
        );
      }
      value = "true";
    } else if (token.inlineValue !== undefined) {
      value = token.inlineValue;
    } else {
      const next = tokens[i + 1];
      value = next && !isFlag(next) ? next.value : "";
      if (next && !isFlag(next)) i++;
    }
    if (spec.kind !== "switch" && value.trim() === "") {
      const example = spec.hint ? ` ${spec.hint}` : " value";
      return parseError("missing_value", command, `\`--${name}\` needs a value: \`--${name}${example}\`.`);
    }
    if (spec.kind === "number") {
      // "5s" is accepted for seconds, since that is how people write durations.
      const match = /^(\d+)s?$/i.exec(value.trim());
      if (!match) {
        return parseError(
          "not_a_number",
          command,
          `\`--${name}\` takes a whole number, such as \`--${name} ${name === "count" ? 2 : 10}\` (got \`${echo(value)}\`).`,
        );
      }
      value = match[1] ?? value;
    }
    values[name] = [...(values[name] ?? []), value.trim()];
  }
  return { words, values };
}

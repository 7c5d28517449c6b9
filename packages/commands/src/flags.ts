import { FLAGS, type FlagSpec, usage } from "./grammar.js";
import type { Token } from "./tokenize.js";
import type { CommandWord, ParseError, ParseErrorCode } from "./types.js";

/** The words and flag values read from a command's tokens. */
export interface ReadFlags {
  words: string[];
  /** Text and number flags: every value given, in order. Switches: `["true"]`. */
  values: Record<string, string[]>;
}

const MAX_ECHO = 40;

/**
 * User text quoted back in an error, cut short so a 5,000-character flag cannot flood the reply. Messages quote it in
 * a code span, and Slack's mrkdwn escapes only `&`, `<` and `>`, nothing inside a code span
 * (https://docs.slack.dev/messaging/formatting-message-text/): a backtick the person typed would close the span and
 * turn the rest into formatting, so it is shown as the look-alike U+02CB (ˋ), which closes nothing (issue 42).
 */
export function echo(text: string): string {
  const flat = text.replace(/\s+/g, " ").replace(/`/g, "ˋ");
  return flat.length > MAX_ECHO ? `${flat.slice(0, MAX_ECHO - 1)}…` : flat;
}

/** A parse error for `command`, with its usage (naming the command as `invocation`) attached. */
export function parseError(
  code: ParseErrorCode,
  command: CommandWord,
  message: string,
  invocation: string,
): ParseError {
  return { ok: false, code, command, message, usage: usage(command, invocation) };
}

// "5s" is accepted for seconds, since that is how people write durations.
const WHOLE_NUMBER = /^(\d+)s?$/i;

/**
 * Reads the value of a number flag (`flag` is its name without `--`): a whole number from 0 up, and "5s" is read
 * as 5, since that is how people write durations. Returns the number, or the message every app shows when the
 * value is not one (a string, so `typeof result === "string"` tells the two apart). Bounds are not checked
 * here (`checkOptions` knows them), except that a number too large to be held exactly (above
 * `Number.MAX_SAFE_INTEGER`) is refused, quoting the digits as typed rather than the rounded number.
 *
 * @example
 * readNumber("duration", "5s"); // 5
 * readNumber("count", "two"); // "`--count` takes a whole number, such as `--count 2` (got `two`)."
 * readNumber("count", "99999999999999999999"); // "`--count 99999999999999999999` is too large: `--count` takes ..."
 */
export function readNumber(flag: string, text: string): number | string {
  const match = WHOLE_NUMBER.exec(text.trim());
  const example = `\`--${flag} ${flag === "count" ? 2 : 10}\``;
  if (match?.[1] === undefined)
    return `\`--${flag}\` takes a whole number, such as ${example} (got \`${echo(text)}\`).`;
  const value = Number(match[1]);
  // Past 2^53 a double no longer holds every whole number: 99999999999999999999 would be read, and quoted back in
  // the bounds' message, as 100000000000000000000. No option comes near, so it is refused here, as typed.
  if (!Number.isSafeInteger(value)) {
    return `\`--${flag} ${echo(text.trim())}\` is too large: \`--${flag}\` takes a whole number, such as ${example}.`;
  }
  return value;
}

const isFlag = (token: Token) => !token.quoted && token.value.startsWith("--") && token.value.length > 2;

// "`image` has no option `--from`" is more useful with where `--from` does belong: `video`.
function elsewhere(name: string, command: CommandWord): string {
  const owners = Object.entries(FLAGS)
    .filter(([word, specs]) => word !== command && Object.hasOwn(specs, name))
    .map(([word]) => `\`${word}\``);
  return owners.length ? ` \`--${name}\` is an option of ${owners.join(", ")}.` : "";
}

function optionList(specs: Record<string, FlagSpec>): string {
  const names = Object.keys(specs).map((name) => `--${name}`);
  return names.length ? `Its options are ${names.join(", ")}.` : "It takes no options.";
}

/**
 * Separates words from flags according to `specs`. Flags may come anywhere; `--flag value` and `--flag=value`
 * both work. Returns the first problem met as a {@link ParseError} whose usage names the command as `invocation`.
 */
export function readFlags(
  tokens: Token[],
  specs: Record<string, FlagSpec>,
  command: CommandWord,
  invocation: string,
): ReadFlags | ParseError {
  const fail = (code: ParseErrorCode, message: string) => parseError(code, command, message, invocation);
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
      return fail(
        "unknown_flag",
        `\`${command}\` has no option \`--${echo(name)}\`.${elsewhere(name, command)} ${optionList(specs)}`,
      );
    }
    if (values[name] && !spec.repeatable) {
      return fail("repeated_flag", `\`--${name}\` was given twice: give it once.`);
    }
    let value: string;
    if (spec.kind === "switch") {
      if (token.inlineValue !== undefined) {
        return fail(
          "flag_takes_no_value",
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
      return fail("missing_value", `\`--${name}\` needs a value: \`--${name}${example}\`.`);
    }
    if (spec.kind === "number") {
      const number = readNumber(name, value);
      if (typeof number === "string") return fail("not_a_number", number);
      value = String(number);
    }
    values[name] = [...(values[name] ?? []), value.trim()];
  }
  return { words, values };
}

import { randomBytes } from "node:crypto";
import { styleText } from "node:util";
import type { Redactor } from "@studio-kit/core";
import { type CliIo, colourful } from "./io.js";
import { terminalText } from "./terminal-text.js";

type Style = (text: string) => string;

/** How the CLI speaks: data on stdout, everything else on stderr (clig.dev; conventions.md, "A command-line app"). */
export interface Printer {
  /** `--json`: stdout gets exactly one JSON document. */
  readonly json: boolean;
  /** True when stderr is a terminal: progress bars and prompts only then, never with `--json`. */
  readonly interactive: boolean;
  /**
   * Prints the command's result on stdout: `doc` as one JSON document with `--json`, else the text `human` makes
   * (without control characters: an API string or a prompt cannot recolour the terminal).
   * Called once per run; a second call is a bug in the command, so it throws.
   */
  result(doc: unknown, human: () => string): void;
  /** True once {@link result} has printed: an error after it must not add a second JSON document. */
  printed(): boolean;
  /** A line for the person (stderr): hints, warnings, what happened. Redacted, without control characters. */
  note(text: string): void;
  /** A line of the `--verbose` trace (stderr). Redacted. */
  trace(text: string): void;
  /** Styles for human text, plain when the stream is not a colour terminal. */
  readonly style: { bold: Style; dim: Style; green: Style; red: Style; yellow: Style };
}

export interface PrinterOptions {
  json: boolean;
  verbose: boolean;
  redact: Redactor;
}

/** Makes the {@link Printer} for one run. */
export function createPrinter(io: CliIo, options: PrinterOptions): Printer {
  let printed = false;
  const colour = colourful(io.stdout, io.env);
  // Human text is written without control characters (terminal-text.ts), but the styles' own colour codes are
  // control characters too: a style marks its text with a token no API string or prompt can carry (random, of
  // characters the filter keeps), and the marks become the colour codes once the text is filtered.
  const token = `\u{E000}${randomBytes(6).toString("hex")}:`;
  const codes: string[] = [];
  const paint = (format: Parameters<typeof styleText>[0]): Style => {
    if (!colour) return (text) => text;
    const [open = "", close = ""] = styleText(format, "\u0000").split("\u0000");
    const opens = codes.push(open) - 1;
    const closes = codes.push(close) - 1;
    return (text) => `${token}${opens};${text}${token}${closes};`;
  };
  const marks = new RegExp(`${token}(\\d+);`, "g");
  const shown = (text: string) =>
    options.redact(terminalText(text)).replace(marks, (_, index: string) => codes[Number(index)] ?? "");
  const line = (text: string) => io.stderr.write(`${shown(text)}\n`);
  return {
    json: options.json,
    interactive: !options.json && io.stderr.isTTY === true,
    result(doc, human) {
      if (printed) throw new Error("a command printed its result twice");
      printed = true;
      // JSON escapes control characters itself ("\u001b"): the data stays as the API returned it.
      const text = options.json ? options.redact(JSON.stringify(doc, null, 2)) : shown(human());
      if (text !== "") io.stdout.write(`${text}\n`);
    },
    printed: () => printed,
    note: line,
    trace(text) {
      if (options.verbose) line(`· ${text}`);
    },
    style: {
      bold: paint("bold"),
      dim: paint("dim"),
      green: paint("green"),
      red: paint("red"),
      yellow: paint("yellow"),
    },
  };
}

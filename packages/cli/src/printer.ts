import { styleText } from "node:util";
import type { Redactor } from "@studio-kit/core";
import { type CliIo, colourful } from "./io.js";

type Style = (text: string) => string;

/** How the CLI speaks: data on stdout, everything else on stderr (clig.dev; conventions.md, "A command-line app"). */
export interface Printer {
  /** `--json`: stdout gets exactly one JSON document. */
  readonly json: boolean;
  /** True when stderr is a terminal: progress bars and prompts only then, never with `--json`. */
  readonly interactive: boolean;
  /**
   * Prints the command's result on stdout: `doc` as one JSON document with `--json`, else the text `human` makes.
   * Called once per run; a second call is a bug in the command, so it throws.
   */
  result(doc: unknown, human: () => string): void;
  /** True once {@link result} has printed: an error after it must not add a second JSON document. */
  printed(): boolean;
  /** A line for the person (stderr): hints, warnings, what happened. Redacted. */
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
  const paint =
    (format: Parameters<typeof styleText>[0]): Style =>
    (text) =>
      colour ? styleText(format, text) : text;
  const line = (text: string) => io.stderr.write(`${options.redact(text)}\n`);
  return {
    json: options.json,
    interactive: !options.json && io.stderr.isTTY === true,
    result(doc, human) {
      if (printed) throw new Error("a command printed its result twice");
      printed = true;
      const text = options.json ? JSON.stringify(doc, null, 2) : human();
      if (text !== "") io.stdout.write(`${options.redact(text)}\n`);
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

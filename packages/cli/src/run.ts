import { StudioError } from "@studio-kit/core";
import { CommanderError } from "commander";
import { createRunContext, type Invocation } from "./context.js";
import { CliError, cliRedactor, EXIT, type ExitCode } from "./errors.js";
import type { CliIo } from "./io.js";
import { createProgram } from "./program.js";
import { recordFlag } from "./record-flag.js";
import { terminalText } from "./terminal-text.js";

/**
 * Runs `studio` with `argv` (the words after `studio`) and resolves with the exit code; never throws and never
 * calls process.exit, so tests run it in-process and the bin only sets `process.exitCode`.
 *
 * @example process.exitCode = await runStudio(process.argv.slice(2), nodeIo());
 */
export async function runStudio(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  const run = createRunContext(io);
  const program = createProgram(run);
  try {
    await program.parseAsync([...argv], { from: "user" });
    return EXIT.ok;
  } catch (error) {
    const invocation = run.current();
    // An argument error stops commander before any command begins: `--json` is then read from what it parsed.
    const json = invocation ? invocation.globals.json === true : program.opts<{ json?: boolean }>().json === true;
    return report(error, { invocation, json, io, argv });
  } finally {
    await run.close();
  }
}

interface Reporting {
  invocation: Invocation | undefined;
  json: boolean;
  io: CliIo;
  argv: readonly string[];
}

function report(error: unknown, { invocation, json, io, argv }: Reporting): ExitCode {
  const redact = cliRedactor(invocation?.globals.key ?? io.env.STUDIO_API_KEY);
  // An error's words can carry the API's or the person's text: written without control characters (terminal-text.ts).
  const say = (text: string) => io.stderr.write(`${redact(terminalText(text))}\n`);
  // `--json` promises one JSON document on stdout: a run that stops before its result prints the error as that
  // document (the words on stderr stay, for a person watching); one that already printed its result adds nothing.
  const ended = (exitCode: ExitCode, message: string, shown: unknown = error): ExitCode => {
    if (json && invocation?.printer.printed() !== true) {
      io.stdout.write(`${redact(JSON.stringify(errorDocument(shown, message, exitCode), null, 2))}\n`);
    }
    return exitCode;
  };
  // Commander has already printed its own message (unknown option, missing argument) and the usage hint.
  if (error instanceof CommanderError) {
    if (error.exitCode === 0) return EXIT.ok;
    return ended(EXIT.usage, commanderMessage(error));
  }
  const verbose = invocation?.globals.verbose === true;
  if (error instanceof CliError) {
    say(`studio: ${error.message}`);
    return ended(error.exitCode, error.message);
  }
  if (io.signal?.aborted) {
    say("studio: stopped.");
    return ended(EXIT.interrupted, "stopped.", new CliError("interrupted", "stopped."));
  }
  const message = describe(error);
  // A refusal about one record leads with the flag and id the person typed: the API's field name is not theirs.
  const flag = recordFlag(error, argv);
  say(`studio: ${flag ? `${flag}: ` : ""}${message}`);
  if (verbose && error instanceof Error && error.stack) say(error.stack);
  else say("Add --verbose to see each request and the stack.");
  return ended(EXIT.failed, message);
}

/**
 * The `--json` document of an error: `{ "error": { name, code, message, exitCode, ...details } }`. `name` and `code`
 * are the error's own (`CliError` with `usage`, `failed` or `interrupted`; `StudioAuthenticationError` with
 * `UNAUTHENTICATED`; `CommanderError` with `commander.unknownOption`), and the details are what its `toJSON` gives.
 */
export function errorDocument(error: unknown, message: string, exitCode: ExitCode): { error: Record<string, unknown> } {
  const own =
    error instanceof CliError || error instanceof StudioError || hasToJson(error)
      ? error.toJSON()
      : { name: error instanceof Error ? error.name : "Error", code: codeOf(error) };
  return { error: { ...own, message, exitCode } };
}

const hasToJson = (error: unknown): error is { toJSON(): Record<string, unknown> } =>
  error instanceof Error && typeof (error as { toJSON?: unknown }).toJSON === "function";

const codeOf = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
};

/** Commander's message without its "error: " lead; its help shown for a missing command says so instead. */
function commanderMessage(error: CommanderError): string {
  if (error.code === "commander.help" || error.code === "commander.helpDisplayed") {
    return "No command given. studio --help lists the commands.";
  }
  return error.message.replace(/^error: /, "");
}

/** A package error in one line: its message, which names the package, the operation and what to do. */
function describe(error: unknown): string {
  if (error instanceof StudioError) return error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}

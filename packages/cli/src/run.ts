import { StudioError } from "@studio-kit/core";
import { CommanderError } from "commander";
import { createRunContext } from "./context.js";
import { CliError, cliRedactor, EXIT, type ExitCode } from "./errors.js";
import type { CliIo } from "./io.js";
import { createProgram } from "./program.js";

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
    return report(error, run.current(), io);
  } finally {
    await run.close();
  }
}

function report(error: unknown, invocation: ReturnType<ReturnType<typeof createRunContext>["current"]>, io: CliIo) {
  // Commander has already printed its own message (unknown option, missing argument) and the usage hint.
  if (error instanceof CommanderError) {
    return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
  }
  const redact = cliRedactor(invocation?.globals.key ?? io.env.STUDIO_API_KEY);
  const say = (text: string) => io.stderr.write(`${redact(text)}\n`);
  const verbose = invocation?.globals.verbose === true;
  if (error instanceof CliError) {
    say(`studio: ${error.message}`);
    return error.exitCode;
  }
  if (io.signal?.aborted) {
    say("studio: stopped.");
    return EXIT.interrupted;
  }
  say(`studio: ${describe(error)}`);
  if (verbose && error instanceof Error && error.stack) say(error.stack);
  else say("Add --verbose to see each request and the stack.");
  return EXIT.failed;
}

/** A package error in one line: its message, which names the package, the operation and what to do. */
function describe(error: unknown): string {
  if (error instanceof StudioError) return error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}

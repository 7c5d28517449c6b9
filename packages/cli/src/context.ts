import type { Command } from "commander";
import { cliRedactor } from "./errors.js";
import type { CliIo } from "./io.js";
import { createPrinter, type Printer } from "./printer.js";
import { openSession, type Session } from "./session.js";
import { type GlobalOptions, resolveTarget } from "./settings.js";

/** What a command's action gets: the global options, the printer, and the session (opened on first call). */
export interface Invocation {
  globals: GlobalOptions;
  printer: Printer;
  io: CliIo;
  /** Opens the API session (a usage error if there is no key and no `--sandbox`). Commands call it after their own checks. */
  session(): Promise<Session>;
}

/** The state of one `studio` run, shared by every command's registration. */
export interface RunContext {
  io: CliIo;
  /** Starts the invocation of `command` (its options merged with the globals). */
  begin(command: Command): Invocation;
  /** The invocation started, if any: `runStudio` reads it to print errors and close the session. */
  current(): Invocation | undefined;
  close(): Promise<void>;
}

/** Makes the {@link RunContext} of one run. */
export function createRunContext(io: CliIo): RunContext {
  let invocation: Invocation | undefined;
  let session: Promise<Session> | undefined;
  return {
    io,
    begin(command) {
      io.onCommand?.(commandWords(command));
      const globals = command.optsWithGlobals<GlobalOptions>();
      const redact = cliRedactor(globals.key ?? io.env.STUDIO_API_KEY);
      const printer = createPrinter(io, { json: globals.json === true, verbose: globals.verbose === true, redact });
      invocation = {
        globals,
        printer,
        io,
        session: () => {
          session ??= Promise.resolve().then(() => openSession(resolveTarget(globals, io.env), io, printer));
          return session;
        },
      };
      return invocation;
    },
    current: () => invocation,
    async close() {
      const opened = await session?.catch(() => undefined);
      await opened?.close();
    },
  };
}

/** A command's words below `studio`: `["boards", "list"]`. Names commander was given, never what was typed after. */
function commandWords(command: Command): string[] {
  const words: string[] = [];
  for (let at: Command | null = command; at?.parent; at = at.parent) words.unshift(at.name());
  return words;
}

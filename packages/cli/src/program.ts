import { Command, Option } from "commander";
import { registerAssets } from "./commands/assets.js";
import { registerBoards } from "./commands/boards.js";
import { registerCatalog } from "./commands/catalog.js";
import { registerCredits } from "./commands/credits.js";
import { registerDoctor } from "./commands/doctor.js";
import { registerGenerate } from "./commands/generate.js";
import { registerMcp } from "./commands/mcp.js";
import { registerStatus } from "./commands/status.js";
import { registerUpload } from "./commands/upload.js";
import { registerWhoami } from "./commands/whoami.js";
import type { RunContext } from "./context.js";
import { terminalText } from "./terminal-text.js";
import { VERSION } from "./version.js";

const AFTER_HELP = `
Settings: STUDIO_API_KEY and STUDIO_BASE_URL (or --key and --base-url); --sandbox needs neither.
Exit codes: 0 done, 1 an API or generation failure, 2 a usage error (nothing was sent), 130 stopped with Ctrl-C.
JSON: --json prints one JSON document on stdout, everything else goes to stderr: studio credits --json | jq .
Through a package script, silence the package manager, which prints its own lines on stdout first:
pnpm --silent studio credits --json | jq .`;

/**
 * The `studio` command tree (commander). Each command lives in its own file under commands/ and registers itself;
 * the global options below are read by every command through `optsWithGlobals()`.
 */
export function createProgram(run: RunContext): Command {
  const { io } = run;
  const program = new Command("studio")
    .description("The creative platform from a terminal, a script or CI.")
    .version(VERSION, "-V, --version")
    .addOption(new Option("--key <key>", "the workspace API key (default: STUDIO_API_KEY)"))
    .addOption(new Option("--base-url <url>", "the API's base URL (default: STUDIO_BASE_URL)"))
    .option("--sandbox", "use a sandbox started here instead of the API (no key needed)")
    .option("--json", "print one JSON document on stdout, nothing else")
    .option("-v, --verbose", "trace each request on stderr, and show stacks")
    .option("-y, --yes", "do not ask before spending above the confirmation threshold")
    .addHelpText("after", AFTER_HELP)
    .showHelpAfterError("(studio --help shows every command; studio <command> --help its options)")
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      // Commander's errors quote the arguments as typed: without control characters (terminal-text.ts).
      writeErr: (text) => io.stderr.write(terminalText(text)),
    });
  // Commands made with program.command() after this point inherit exitOverride, the output streams and the
  // error hints (commander's copyInheritedSettings), so their usage errors exit 2 through runStudio too.
  for (const register of [
    registerWhoami,
    registerCredits,
    registerGenerate,
    registerCatalog,
    registerBoards,
    registerAssets,
    registerStatus,
    registerUpload,
    registerDoctor,
    registerMcp,
  ]) {
    register(program, run);
  }
  return program;
}

import type { Writable } from "node:stream";
import type { Command } from "commander";
import type { RunContext } from "../context.js";
import { CliError, cliRedactor, usageError } from "../errors.js";
import type { CliIo } from "../io.js";
import { terminalText } from "../terminal-text.js";

/** The bot's default CREDITS_CONFIRM_THRESHOLD, the CLI's and the MCP server's: costs above it are confirmed first. */
const DEFAULT_THRESHOLD = 50;

/** The confirmation threshold, as the CLI's generation commands read it (CREDITS_CONFIRM_THRESHOLD, same message). */
function threshold(env: CliIo["env"]): number {
  const raw = env.CREDITS_CONFIRM_THRESHOLD;
  if (raw === undefined || raw.trim() === "") return DEFAULT_THRESHOLD;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) {
    throw usageError(
      "CREDITS_CONFIRM_THRESHOLD must be a number of credits, 0 or more (0 asks before every generation).",
    );
  }
  return value;
}

/**
 * stdout as the transport writes to it. The bin's io.stdout is process.stdout (a stream, with backpressure); an
 * in-process run's is a plain writer, which takes every write at once.
 */
function protocolOut(stdout: CliIo["stdout"]): Writable {
  if (typeof (stdout as Partial<Writable>).once === "function") return stdout as Writable;
  const write = (text: string) => {
    stdout.write(text);
    return true;
  };
  return { write, once: () => undefined } as unknown as Writable;
}

/**
 * `studio mcp`: the studio's tools as an MCP server over stdio, for desktop and editor agents, with the CLI's key
 * and base URL (or `--sandbox`). stdout carries the protocol and nothing else; notes go to stderr. It ends when
 * the client closes stdin, or on Ctrl-C.
 */
export function registerMcp(program: Command, run: RunContext): void {
  program
    .command("mcp")
    .description("Serve the studio's tools to an AI agent over MCP (stdio): generate, boards, library, credits")
    .addHelpText(
      "after",
      "\nAn agent starts it as a local server, e.g. Claude Desktop's claude_desktop_config.json:\n" +
        '  { "mcpServers": { "studio": { "command": "studio", "args": ["mcp"],\n' +
        '      "env": { "STUDIO_API_KEY": "...", "STUDIO_BASE_URL": "https://..." } } } }\n' +
        "Add --sandbox to try it with no key. Costs above CREDITS_CONFIRM_THRESHOLD (default 50) are confirmed by the person.",
    )
    .action(async (_options, command: Command) => {
      const invocation = run.begin(command);
      const { globals, io } = invocation;
      if (globals.yes) {
        throw usageError(
          "--yes does not apply to studio mcp: an agent confirms each cost above the threshold with the person.",
        );
      }
      const confirmAboveCredits = threshold(io.env);
      const { client, poller } = await invocation.session();
      // Loaded here, not at the top: the SDK is only needed by this command (test/lazy-sandbox.test.ts keeps the
      // other commands' start small).
      const { createClientBackend, createStudioMcpServer, serveStdio } = await import("@studio-kit/mcp");
      // A tool's unexpected error reaches the agent as `internal`, without its words; with --verbose they go to
      // stderr, redacted as every CLI error is.
      const redact = cliRedactor(globals.key ?? io.env.STUDIO_API_KEY);
      const onError = (error: unknown, tool: string) => {
        if (!globals.verbose) return;
        const words = error instanceof Error ? (error.stack ?? error.message) : String(error);
        io.stderr.write(`studio mcp: ${tool} failed unexpectedly: ${redact(terminalText(words))}\n`);
      };
      const server = createStudioMcpServer(createClientBackend(client, { poller: poller(), invocation: "studio" }), {
        confirmAboveCredits,
        onError,
      });
      const stop = () => void server.close();
      io.signal?.addEventListener("abort", stop, { once: true });
      io.stderr.write(`studio mcp: serving the studio's tools on stdio${globals.sandbox ? " (sandbox)" : ""}.\n`);
      try {
        // process.stdin: the CLI's injected io has no input stream; `studio mcp` only runs as a process of its own.
        await serveStdio(server, { stdin: process.stdin, stdout: protocolOut(io.stdout) });
      } finally {
        io.signal?.removeEventListener("abort", stop);
      }
      if (io.signal?.aborted) throw new CliError("interrupted", "stopped serving the studio's tools.");
    });
}

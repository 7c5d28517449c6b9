#!/usr/bin/env node
import { parseArgs } from "node:util";
import { createRealTimeClock } from "./clock.js";
import { SandboxConfigError } from "./config/errors.js";
import { loadSandboxConfig, primaryAccess } from "./config/load.js";
import { loadFaultsFile } from "./faults/file.js";
import type { Fault } from "./faults/types.js";
import { SandboxStateError } from "./persist/errors.js";
import { startSandboxServer } from "./server.js";

const usage = `Usage: studio-sandbox [--port N] [--job-ms N] [--host H] [--state FILE] [--config FILE]
                      [--faults FILE] [--journal-limit N]

Serves the creative platform API sandbox until stopped, and prints one JSON line
when ready: {"url","graphqlUrl","apiKey","readOnlyApiKey","workspaceId","otherWorkspaceId"}.

  --port N     port to listen on (default 4010; 0 picks a free one)
  --job-ms N   mean generation time in ms (default 3000, jittered ±25%)
  --host H     address to bind (default 127.0.0.1)
  --state FILE   keep the state in FILE across restarts (loaded at start, saved on
                 change and on exit; uploads in FILE.uploads/)
  --config FILE  workspaces, keys and drift, as JSON (see the README); the JSON
                 line then lists "workspaces" with their keys
  --faults FILE  faults in place from the start: a JSON list of what POST
                 /__sandbox/faults takes (see the README)
  --journal-limit N  requests kept by GET /__sandbox/requests (default 1000)

The virtual clock starts at the current time and follows it; POST /__sandbox/advance
{"ms":N} moves it ahead.`;

function fail(message: string): never {
  process.stderr.write(`studio-sandbox: ${message}\n\n${usage}\n`);
  process.exit(2);
}

/** A file the sandbox will not start with: no usage, it is not the flags that are wrong. */
function refuse(error: unknown, code: number): never {
  process.stderr.write(`studio-sandbox: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(code);
}

function integer(name: string, value: string | undefined, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min) fail(`--${name} must be a whole number >= ${min}, got "${value}"`);
  return parsed;
}

let values: {
  port?: string;
  "job-ms"?: string;
  host?: string;
  state?: string;
  config?: string;
  faults?: string;
  "journal-limit"?: string;
  help?: boolean;
};
try {
  ({ values } = parseArgs({
    options: {
      port: { type: "string" },
      "job-ms": { type: "string" },
      host: { type: "string" },
      state: { type: "string" },
      config: { type: "string" },
      faults: { type: "string" },
      "journal-limit": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  }));
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
if (values.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}

let config: ReturnType<typeof loadSandboxConfig> | undefined;
try {
  config = values.config === undefined ? undefined : loadSandboxConfig(values.config);
} catch (error) {
  refuse(error, 2);
}

let faults: Fault[] | undefined;
try {
  faults = values.faults === undefined ? undefined : loadFaultsFile(values.faults);
} catch (error) {
  refuse(error, 2);
}

const server = await startSandboxServer({
  port: integer("port", values.port, 4010, 0),
  jobMs: integer("job-ms", values["job-ms"], 3000, 1),
  host: values.host ?? "127.0.0.1",
  // Today's date, moving with real time: credits refill next month, generations finish by themselves.
  clock: createRealTimeClock(),
  config,
  state: values.state,
  faults,
  journalLimit: integer("journal-limit", values["journal-limit"], 1000, 0),
}).catch((error: NodeJS.ErrnoException) => {
  // A refused state file is data to fix (exit 1); a config with a mistake (drift naming nothing) is input (exit 2).
  if (error instanceof SandboxStateError) refuse(error, 1);
  if (error instanceof SandboxConfigError) refuse(error, 2);
  return fail(error.code === "EADDRINUSE" ? `port ${values.port ?? 4010} is in use; pass --port` : error.message);
});
// Written once at start, so a state file that cannot be written is found now, not at the first change.
await server.sandbox.saveState().catch((error: unknown) => refuse(error, 1));

const { sandbox } = server;
process.stdout.write(
  `${JSON.stringify({
    url: server.url,
    graphqlUrl: server.graphqlUrl,
    ...primaryAccess(sandbox.workspaces, sandbox.clock.now()),
    ...(config ? { workspaces: sandbox.workspaces } : {}),
  })}\n`,
);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    // close() saves the state (with --state) before the process ends.
    void server.close().then(
      () => process.exit(0),
      (error: unknown) => refuse(error, 1),
    );
  });
}

#!/usr/bin/env node
import { parseArgs } from "node:util";
import { createRealTimeClock } from "./clock.js";
import { loadFaultsFile } from "./faults/file.js";
import type { Fault } from "./faults/types.js";
import { startSandboxServer } from "./server.js";

const usage = `Usage: studio-sandbox [--port N] [--job-ms N] [--host H]
                      [--faults FILE] [--journal-limit N]

Serves the creative platform API sandbox until stopped, and prints one JSON line
when ready: {"url","graphqlUrl","apiKey","readOnlyApiKey","workspaceId","otherWorkspaceId"}.

  --port N     port to listen on (default 4010; 0 picks a free one)
  --job-ms N   mean generation time in ms (default 3000, jittered ±25%)
  --host H     address to bind (default 127.0.0.1)
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
  faults,
  journalLimit: integer("journal-limit", values["journal-limit"], 1000, 0),
}).catch((error: NodeJS.ErrnoException) =>
  fail(error.code === "EADDRINUSE" ? `port ${values.port ?? 4010} is in use; pass --port` : error.message),
);

const { sandbox } = server;
process.stdout.write(
  `${JSON.stringify({
    url: server.url,
    graphqlUrl: server.graphqlUrl,
    apiKey: sandbox.keys.readWrite,
    readOnlyApiKey: sandbox.keys.readOnly,
    workspaceId: sandbox.workspaceId,
    otherWorkspaceId: sandbox.otherWorkspaceId,
  })}\n`,
);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}

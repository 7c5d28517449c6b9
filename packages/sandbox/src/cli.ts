#!/usr/bin/env node
import { parseArgs } from "node:util";
import { createRealTimeClock } from "./clock.js";
import { startSandboxServer } from "./server.js";

const usage = `Usage: studio-sandbox [--port N] [--job-ms N] [--host H]

Serves the creative platform API sandbox until stopped, and prints one JSON line
when ready: {"url","graphqlUrl","apiKey","readOnlyApiKey","workspaceId","otherWorkspaceId"}.

  --port N     port to listen on (default 4010; 0 picks a free one)
  --job-ms N   mean generation time in ms (default 3000, jittered ±25%)
  --host H     address to bind (default 127.0.0.1)

The virtual clock starts at the current time and follows it; POST /__sandbox/advance
{"ms":N} moves it ahead.`;

function fail(message: string): never {
  process.stderr.write(`studio-sandbox: ${message}\n\n${usage}\n`);
  process.exit(2);
}

function integer(name: string, value: string | undefined, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min) fail(`--${name} must be a whole number >= ${min}, got "${value}"`);
  return parsed;
}

let values: { port?: string; "job-ms"?: string; host?: string; help?: boolean };
try {
  ({ values } = parseArgs({
    options: {
      port: { type: "string" },
      "job-ms": { type: "string" },
      host: { type: "string" },
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

const server = await startSandboxServer({
  port: integer("port", values.port, 4010, 0),
  jobMs: integer("job-ms", values["job-ms"], 3000, 1),
  host: values.host ?? "127.0.0.1",
  // Today's date, moving with real time: credits refill next month, generations finish by themselves.
  clock: createRealTimeClock(),
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

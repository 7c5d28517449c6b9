#!/usr/bin/env node
// `pnpm start`: studio-kit's main job is the Slack bot, run against the sandbox
// when no API key is given. The bot is not built yet, so this starts what exists:
// the sandbox, on http://127.0.0.1:4010 (PORT overrides), and says how to use it.
import { spawn, spawnSync } from "node:child_process";
import { createInterface } from "node:readline";

const port = process.env.PORT ?? "4010";

const build = spawnSync(
  "pnpm",
  ["exec", "turbo", "run", "build", "--filter=@studio-kit/sandbox", "--output-logs=errors-only"],
  {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1" },
  },
);
if (build.status !== 0) {
  console.error("start: building the sandbox failed; see the errors above.");
  process.exit(build.status ?? 1);
}

const sandbox = spawn(process.execPath, ["packages/sandbox/dist/cli.js", "--port", port], {
  stdio: ["ignore", "pipe", "inherit"],
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => sandbox.kill(signal));
sandbox.on("exit", (code) => process.exit(code ?? 0));

const lines = createInterface({ input: sandbox.stdout });
lines.once("line", (line) => {
  const ready = JSON.parse(line);
  console.log(`studio-kit: the Slack bot is not built yet; the API sandbox is running.

  GraphQL:    ${ready.graphqlUrl}
  API key:    ${ready.apiKey}   (read-only: ${ready.readOnlyApiKey})
  Workspace:  ${ready.workspaceId}

Try it:
  curl -s ${ready.graphqlUrl} -H "authorization: Bearer ${ready.apiKey}" -H 'content-type: application/json' \\
    -d '{"query":"{ apiCredentialWorkspace { id name } }"}'

Generation, uploads, boards and the admin endpoints: packages/sandbox/README.md. Ctrl-C stops it.`);
  lines.on("line", (more) => console.log(more));
});

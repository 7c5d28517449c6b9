#!/usr/bin/env node
// `pnpm start`: studio-kit's main job is the Slack bot. With Slack credentials in
// the environment (SLACK_BOT_TOKEN + SLACK_SIGNING_SECRET, or SLACK_APP_TOKEN) it
// runs the bot, against the real API when STUDIO_API_KEY is set and an in-process
// sandbox otherwise. Without them, until the local Slack stand-in page exists
// (issue 9), it runs the API sandbox on http://127.0.0.1:4010 (PORT overrides)
// and says how to use it.
import { spawn, spawnSync } from "node:child_process";
import { createInterface } from "node:readline";

const hasSlack = Boolean(
  process.env.SLACK_APP_TOKEN || (process.env.SLACK_BOT_TOKEN && process.env.SLACK_SIGNING_SECRET),
);
if (hasSlack) {
  const bot = spawn("pnpm", ["--filter", "@studio-kit/slack-bot", "start"], { stdio: "inherit" });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => bot.kill(signal));
  bot.on("exit", (code) => process.exit(code ?? 0));
} else {
  startSandbox();
}

function startSandbox() {
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
    console.log(`studio-kit: no Slack credentials in the environment, so the API sandbox runs on its own.
(Set SLACK_BOT_TOKEN + SLACK_SIGNING_SECRET, or SLACK_APP_TOKEN, to run the Slack bot; apps/slack-bot/README.md.)

  GraphQL:    ${ready.graphqlUrl}
  API key:    ${ready.apiKey}   (read-only: ${ready.readOnlyApiKey})
  Workspace:  ${ready.workspaceId}

Try it:
  curl -s ${ready.graphqlUrl} -H "authorization: Bearer ${ready.apiKey}" -H 'content-type: application/json' \\
    -d '{"query":"{ apiCredentialWorkspace { id name } }"}'

Generation, uploads, boards and the admin endpoints: packages/sandbox/README.md. Ctrl-C stops it.`);
    lines.on("line", (more) => console.log(more));
  });
}

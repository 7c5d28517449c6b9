#!/usr/bin/env node
// `pnpm start`: run studio-kit's Slack bot, against real Slack or a stand-in for it.
//
// - With Slack credentials in the environment (SLACK_BOT_TOKEN + SLACK_SIGNING_SECRET, or SLACK_APP_TOKEN) it runs
//   the bot on real Slack (apps/slack-bot, `pnpm --filter @studio-kit/slack-bot start`), as before.
// - Without them it builds and runs the playground (apps/playground): the API sandbox, the bot and a local Slack
//   stand-in in one process, with a page at http://localhost:3000 (PORT overrides) where you play every person in
//   the workspace. It prints that one URL, and which Slack and which API it uses.
//
// Either way STUDIO_API_KEY (+ STUDIO_BASE_URL) switches the API from the sandbox to the real one; the environment
// is passed through untouched (apps/playground/README.md, docs/slack-bot/configuration.md).
import { spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

const set = (name) => Boolean(process.env[name]?.trim());
const hasSlack = set("SLACK_APP_TOKEN") || (set("SLACK_BOT_TOKEN") && set("SLACK_SIGNING_SECRET"));

if (hasSlack) run("pnpm", ["--filter", "@studio-kit/slack-bot", "start"]);
else startPlayground();

/** Runs a child with this process's streams and environment; its exit is ours, and signals are passed on. */
function run(command, args) {
  const child = spawn(command, args, { stdio: "inherit", env: process.env, cwd: ROOT });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

function startPlayground() {
  console.error("studio-kit: no Slack credentials, so the playground runs (building it first)...");
  // The playground and everything it depends on (`...`); turbo's cache makes a second start quick.
  const build = spawnSync(
    "pnpm",
    ["exec", "turbo", "run", "build", "--filter=@studio-kit/playground...", "--output-logs=errors-only"],
    {
      stdio: ["ignore", "ignore", "inherit"],
      cwd: ROOT,
      env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1" },
    },
  );
  if (build.status !== 0) {
    console.error("studio-kit: building the playground failed; see the errors above.");
    process.exit(build.status ?? 1);
  }
  run(process.execPath, ["apps/playground/dist/server/main.js"]);
}

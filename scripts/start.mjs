#!/usr/bin/env node
// `pnpm start`: run studio-kit's Slack bot, against real Slack or a stand-in for it.
//
// - With Slack credentials in the environment (SLACK_BOT_TOKEN + SLACK_SIGNING_SECRET, or SLACK_APP_TOKEN) it runs
//   the bot on real Slack (apps/slack-bot, `pnpm --filter @studio-kit/slack-bot start`), as before.
// - Without them it builds and runs the playground (apps/playground): the API sandbox, the bot and a local Slack
//   stand-in in one process, with a page at http://localhost:3000 (PORT overrides) where you play every person in
//   the workspace. It prints that one URL, and which Slack and which API it uses. The build is the JavaScript the
//   playground runs and nothing more (scripts/start/quick-build.mjs): seconds on a fresh clone, none when nothing
//   changed since the last start.
//
// Either way STUDIO_API_KEY (+ STUDIO_BASE_URL) switches the API from the sandbox to the real one; the environment
// is passed through untouched (apps/playground/README.md, docs/slack-bot/configuration.md).
import { spawn } from "node:child_process";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { quickBuild, runtimeClosure } from "./start/quick-build.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

const set = (name) => Boolean(process.env[name]?.trim());
const hasSlack = set("SLACK_APP_TOKEN") || (set("SLACK_BOT_TOKEN") && set("SLACK_SIGNING_SECRET"));

if (hasSlack) run("pnpm", ["--filter", "@studio-kit/slack-bot", "start"]);
else await startPlayground();

/** Runs a child with this process's streams and environment; its exit is ours, and signals are passed on. */
function run(command, args) {
  const child = spawn(command, args, { stdio: "inherit", env: process.env, cwd: ROOT });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

async function startPlayground() {
  const began = performance.now();
  const built = await quickBuild(runtimeClosure(ROOT, "@studio-kit/playground"), progressLine()).catch((error) => {
    console.error(`\nstudio-kit: building the playground failed.\n${error.message}`);
    process.exit(1);
  });
  if (built > 0) {
    const seconds = ((performance.now() - began) / 1000).toFixed(1);
    console.error(
      `studio-kit: built ${built} package${built === 1 ? "" : "s"} in ${seconds} s; starting the playground...`,
    );
  }
  run(process.execPath, ["apps/playground/dist/server/main.js"]);
}

/**
 * One line on stderr that says what the build is doing: rewritten in place on a terminal, one line at the start
 * otherwise (a CI log or a pipe gets no carriage returns).
 */
function progressLine() {
  const tty = process.stderr.isTTY;
  return (done, total, name) => {
    if (total === 0) return;
    const text = `studio-kit: no Slack credentials, so the playground runs; building it (${done}/${total} packages${name ? `, ${name} done` : ""})`;
    if (tty) process.stderr.write(`\r\x1b[2K${text}${done === total ? "\n" : ""}`);
    else if (done === 0)
      console.error(`studio-kit: no Slack credentials, so the playground runs; building ${total} packages...`);
  };
}

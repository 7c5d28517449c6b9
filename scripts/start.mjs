#!/usr/bin/env node
// `pnpm start` (or `npm start`: it needs no pnpm): run studio-kit's Slack bot, against real Slack or a stand-in for it.
//
// - With Slack credentials in the environment (SLACK_BOT_TOKEN + SLACK_SIGNING_SECRET, or SLACK_APP_TOKEN) it builds
//   the bot and what it runs with, then runs it on real Slack (`node dist/main.js` in apps/slack-bot).
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

if (hasSlack) await startBot();
else await startPlayground();

/** Runs a child with this process's streams and environment; its exit is ours, and signals are passed on. */
function run(command, args, cwd = ROOT) {
  const child = spawn(command, args, { stdio: "inherit", env: process.env, cwd });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

async function startBot() {
  await build("@studio-kit/slack-bot", "Slack credentials are set, so the bot runs on Slack", "the bot");
  run(process.execPath, ["dist/main.js"], fileURLToPath(new URL("../apps/slack-bot/", import.meta.url)));
}

async function startPlayground() {
  await build("@studio-kit/playground", "no Slack credentials, so the playground runs", "the playground");
  run(process.execPath, ["apps/playground/dist/server/main.js"]);
}

/** Builds what `name` runs with (nothing when its sources did not change), saying so on stderr. */
async function build(name, why, what) {
  const began = performance.now();
  const built = await quickBuild(runtimeClosure(ROOT, name), progressLine(why)).catch((error) => {
    console.error(`\nstudio-kit: building ${what} failed.\n${error.message}`);
    process.exit(1);
  });
  if (built > 0) {
    const seconds = ((performance.now() - began) / 1000).toFixed(1);
    console.error(`studio-kit: built ${built} package${built === 1 ? "" : "s"} in ${seconds} s; starting ${what}...`);
  }
}

/**
 * One line on stderr that says what the build is doing: rewritten in place on a terminal, one line at the start
 * otherwise (a CI log or a pipe gets no carriage returns).
 */
function progressLine(why) {
  const tty = process.stderr.isTTY;
  return (done, total, name) => {
    if (total === 0) return;
    const text = `studio-kit: ${why}; building it (${done}/${total} package${total === 1 ? "" : "s"}${name ? `, ${name} done` : ""})`;
    if (tty) process.stderr.write(`\r\x1b[2K${text}${done === total ? "\n" : ""}`);
    else if (done === 0) console.error(`studio-kit: ${why}; building ${total} package${total === 1 ? "" : "s"}...`);
  };
}

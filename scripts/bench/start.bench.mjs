#!/usr/bin/env node
// `pnpm bench:start`: how long a newcomer waits. Clones this repo's HEAD afresh, installs as the README says, and
// times `pnpm start` from the command to the playground's URL on its output; then times warm starts (nothing
// changed) in the last clone, with the same command and with `npm start` (start needs no pnpm), and the launcher alone. Figures per run and their median, against the goals of issue 43: a fresh clone's
// start prints its URL in <= 15 s after install, a warm start in <= 3 s. Exits 1 when a goal is missed.
//
//   pnpm bench:start                 3 fresh clones, 3 warm starts
//   pnpm bench:start --runs 5        5 of each
//   pnpm bench:start --busy          the same beside `stress-ng --cpu 2` (apt install stress-ng), a busy machine
//   pnpm bench:start --pnpm pnpm     with the pnpm on your PATH (`npm i -g pnpm@10.34.9`) instead of npx's
//
// By default the pnpm command is the README's first (`npx -y pnpm@10.34.9`), so the figures include what a
// newcomer's command costs: npx resolves its package on every call, about a second.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const PNPM = option("--pnpm")?.split(" ") ?? ["npx", "-y", "pnpm@10.34.9"];
const GOALS = { cold: 15, warm: 3 };
const URL_WAIT_MS = 300_000;

const runs = Number(option("--runs")) || 3;
const busy = args.includes("--busy");

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const seconds = (ms) => (ms / 1000).toFixed(1);

function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function timed(command, commandArgs, cwd) {
  const began = performance.now();
  const result = spawnSync(command, commandArgs, { cwd, stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(" ")} failed in ${cwd}:\n${result.stderr}`);
  return performance.now() - began;
}

/** `command` (a start) in `cwd`, timed from the command to the URL on its output; its process group is stopped. */
async function timeStart(cwd, command = [...PNPM, "start"]) {
  const port = await freePort();
  const began = performance.now();
  const child = spawn(command[0], command.slice(1), {
    cwd,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, PORT: String(port), SLACK_BOT_TOKEN: "", SLACK_APP_TOKEN: "", STUDIO_API_KEY: "" },
  });
  let output = "";
  try {
    return await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URL after ${URL_WAIT_MS} ms:\n${output}`)), URL_WAIT_MS);
      const look = (chunk) => {
        output += chunk;
        if (output.includes(`http://localhost:${port}`)) {
          clearTimeout(timer);
          resolve(performance.now() - began);
        }
      };
      child.stdout.on("data", look);
      child.stderr.on("data", look);
      child.on("exit", (code) => reject(new Error(`pnpm start exited (${code}) before its URL:\n${output}`)));
    });
  } finally {
    child.removeAllListeners("exit");
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {}
    await new Promise((resolve) => (child.exitCode === null ? child.once("exit", resolve) : resolve()));
  }
}

async function main() {
  const load = busy ? spawn("stress-ng", ["--cpu", String(availableParallelism())], { stdio: "ignore" }) : undefined;
  if (load) load.on("error", () => console.error("bench:start: --busy needs stress-ng (apt install stress-ng)"));
  const scratch = mkdtempSync(join(tmpdir(), "studio-start-bench-"));
  const cold = [];
  const warm = [];
  const warmNpm = [];
  // What the launcher alone costs in the clone: npx reads the project's whole node_modules before it runs pnpm.
  const launcher = [];
  try {
    for (let run = 1; run <= runs; run++) {
      const clone = join(scratch, `clone-${run}`);
      spawnSync("git", ["clone", "-q", ROOT, clone], { stdio: "inherit" });
      const install = timed(PNPM[0], [...PNPM.slice(1), "install", "--frozen-lockfile"], clone);
      const start = await timeStart(clone);
      cold.push({ install, start });
      console.log(`fresh clone ${run}: install ${seconds(install)} s, then pnpm start to its URL ${seconds(start)} s`);
    }
    const last = join(scratch, `clone-${runs}`);
    for (let run = 1; run <= runs; run++) {
      const start = await timeStart(last);
      warm.push(start);
      console.log(`warm start ${run}: ${PNPM.join(" ")} start to its URL ${seconds(start)} s`);
    }
    for (let run = 1; run <= runs; run++) {
      const start = await timeStart(last, ["npm", "start"]);
      warmNpm.push(start);
      console.log(`warm start ${run}: npm start to its URL ${seconds(start)} s`);
    }
    for (let run = 1; run <= runs; run++) {
      launcher.push(timed(PNPM[0], [...PNPM.slice(1), "--version"], last));
    }
  } finally {
    load?.kill();
    rmSync(scratch, { recursive: true, force: true });
  }

  const coldMedian = median(cold.map(({ start }) => start)) / 1000;
  const coldMax = Math.max(...cold.map(({ start }) => start)) / 1000;
  const warmMedian = median(warm) / 1000;
  const warmMax = Math.max(...warm) / 1000;
  const npmMedian = median(warmNpm) / 1000;
  const npmMax = Math.max(...warmNpm) / 1000;
  const launcherMedian = median(launcher) / 1000;
  const installMedian = median(cold.map(({ install }) => install)) / 1000;
  console.log(`
pnpm start on ${availableParallelism()} cores${busy ? ", beside stress-ng on every core" : ", quiet"} (${PNPM.join(" ")}):

                                         median      max    goal
install (fresh clone, s)               ${installMedian.toFixed(1).padStart(8)} ${"".padStart(8)}
start to URL, fresh clone (s)          ${coldMedian.toFixed(1).padStart(8)} ${coldMax.toFixed(1).padStart(8)}  <= ${GOALS.cold}
start to URL, warm (s)                 ${warmMedian.toFixed(1).padStart(8)} ${warmMax.toFixed(1).padStart(8)}
  of which the launcher alone (s)      ${launcherMedian.toFixed(1).padStart(8)}           (${PNPM.join(" ")} --version)
start to URL, warm, npm start (s)      ${npmMedian.toFixed(1).padStart(8)} ${npmMax.toFixed(1).padStart(8)}  <= ${GOALS.warm}
ratio fresh / warm (npm start)         ${(coldMedian / npmMedian).toFixed(2).padStart(8)}`);
  // The warm goal is the project's part of a start: with a launcher that adds nothing of its own (npm start, or pnpm
  // on PATH); the row above says what npx adds.
  const met = coldMax <= GOALS.cold && npmMax <= GOALS.warm;
  console.log(`\n   ${met ? "met" : "missed"}${busy ? " (the goals are for a quiet machine)" : ""}`);
  process.exit(met || busy ? 0 : 1);
}

await main();

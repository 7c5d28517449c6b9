// Runs a graph of commands: each step starts once the steps it needs have passed, side by side with whatever else
// is ready. Every line a step prints is passed on at once, prefixed with the step's name, so a log of steps running
// together still reads step by step (grep for the name). After a failure no further step starts; those running are
// let finish (a step killed midway could leave its servers behind), then the failed steps' last lines are printed
// again, below a table of every step's time.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

const TAIL_LINES = 150;

/**
 * @param {{ name: string, command: string[], needs?: string[], env?: Record<string, string> }[]} steps in the order
 *   to start them when several
 *   are ready at once; `needs` names earlier steps.
 * @param {{ cwd?: string, log?: (line: string) => void }} [options] `cwd`: where the commands run.
 * @returns {Promise<boolean>} whether every step passed
 */
export async function runSteps(steps, { cwd = process.cwd(), log = (line) => process.stdout.write(`${line}\n`) } = {}) {
  // Needs name earlier steps only, so the graph has no cycle that would leave steps waiting forever.
  const earlier = new Set();
  for (const step of steps) {
    for (const need of step.needs ?? []) {
      if (!earlier.has(need)) throw new Error(`run-steps: ${step.name} needs ${need}, which is not an earlier step.`);
    }
    earlier.add(step.name);
  }
  const width = Math.max(...steps.map((step) => step.name.length));
  const state = new Map(steps.map((step) => [step.name, { status: "waiting", seconds: 0, tail: [] }]));
  const started = Date.now();
  let failed = false;
  let running = 0;

  return new Promise((resolveAll) => {
    const startReady = () => {
      if (!failed) {
        for (const step of steps) {
          const entry = state.get(step.name);
          const ready = (step.needs ?? []).every((need) => state.get(need).status === "passed");
          if (entry.status === "waiting" && ready) start(step, entry);
        }
      }
      if (running === 0) {
        summarize();
        resolveAll(!failed);
      }
    };

    const start = (step, entry) => {
      entry.status = "running";
      running += 1;
      const since = Date.now();
      const prefix = `${step.name.padEnd(width)} │ `;
      log(`${prefix}▶ ${step.command.join(" ")} (at ${elapsed(started)})`);
      const child = spawn(step.command[0], step.command.slice(1), {
        cwd,
        stdio: ["ignore", "pipe", "pipe"],
        ...(step.env ? { env: { ...process.env, ...step.env } } : {}),
      });
      const keep = (line) => {
        log(`${prefix}${line}`);
        entry.tail.push(line);
        if (entry.tail.length > TAIL_LINES) entry.tail.shift();
      };
      createInterface({ input: child.stdout }).on("line", keep);
      createInterface({ input: child.stderr }).on("line", keep);
      const finish = (passed, why) => {
        if (entry.status !== "running") return;
        entry.status = passed ? "passed" : "failed";
        entry.seconds = (Date.now() - since) / 1000;
        failed ||= !passed;
        running -= 1;
        log(`${prefix}${passed ? "✓ passed" : `✗ FAILED (${why})`} in ${entry.seconds.toFixed(1)} s`);
        startReady();
      };
      child.once("error", (error) => finish(false, `could not start: ${error.message}`));
      child.once("close", (code, signal) => finish(code === 0, signal ? `killed by ${signal}` : `exit code ${code}`));
    };

    const summarize = () => {
      log("");
      log(`steps (${elapsed(started)} in all):`);
      for (const step of steps) {
        const { status, seconds } = state.get(step.name);
        const time = status === "passed" || status === "failed" ? `${seconds.toFixed(1).padStart(6)} s` : "       -";
        log(`  ${step.name.padEnd(width)} ${time}  ${status === "waiting" ? "not run" : status}`);
      }
      for (const step of steps) {
        const { status, tail } = state.get(step.name);
        if (status !== "failed") continue;
        log("");
        log(`── ${step.name} FAILED; its last ${tail.length} lines ──`);
        for (const line of tail) log(line);
      }
    };

    startReady();
  });
}

const elapsed = (since) => `${((Date.now() - since) / 1000).toFixed(0)} s`;

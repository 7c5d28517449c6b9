#!/usr/bin/env node
// `pnpm check`: every check of the repository, each through its own `pnpm run` script, scheduled for CI's 2 cores
// rather than one after another. `--faults` (CI, .ci/run) adds the bot's fault tests (`pnpm test:faults`).
//
//   codegen:check ─▶ build ─┬─▶ lint ─▶ check:layers ─▶ check:readme-paths ─▶ check-workspace ─▶ typecheck ─┬─▶ test
//                            ├─▶ check:packages ─▶ test:consumer ──────────────────────────────────────────────┤
//                            └─▶ test:faults (with --faults) ──────────────────────────────────────────────────┘
//
// - One `turbo run build` first: every later step reads dist/, and every later turbo run is then a cache hit, which
//   leaves unchanged outputs untouched (a package rebuilt while another step imports it would be read half-written).
// - The fault tests spend about 100 s waiting out their faults in real time (a minute's studio outage, a 30 s 429
//   storm) on about a third of a core. The checks that do not care about time use the rest of the two cores
//   meanwhile, in two lanes: about 130 CPU-seconds (the type checks 75, the packed tarballs and the consumer test
//   40, biome and dependency-cruiser 15) that used to run one after another before the fault tests. Two lanes, and
//   turbo's tasks one per core (turbo.json `concurrency`), rather than all at once: with a dozen CPU-bound processes
//   beside them, the fault tests' own start (vitest transforming the bot) took 45 s instead of 6.
// - `test` (vitest, every package in one run, one worker per core: docs/decisions/0016 and 0024) starts last and
//   alone: it is CPU-bound for its whole run (about four minutes on 2 cores) and its end-to-end tests wait on the
//   machine's load, so nothing shares its cores.
// A failed step stops the next ones from starting; steps already running finish first (scripts/lib/run-steps.mjs).
import { join } from "node:path";
import { runSteps } from "./lib/run-steps.mjs";

const withFaults = process.argv.includes("--faults");
const pnpm = (...args) => ["pnpm", ...args];

const steps = [
  { name: "codegen:check", command: pnpm("run", "codegen:check") },
  {
    name: "build",
    command: pnpm("exec", "turbo", "run", "build", "--output-logs=errors-only"),
    needs: ["codegen:check"],
  },
  // Started first of the three lanes: the longest, and the one that waits in real time.
  ...(withFaults ? [{ name: "test:faults", command: pnpm("run", "test:faults"), needs: ["build"] }] : []),
  { name: "lint", command: pnpm("run", "lint"), needs: ["build"] },
  { name: "check:layers", command: pnpm("run", "check:layers"), needs: ["lint"] },
  { name: "check:readme-paths", command: pnpm("run", "check:readme-paths"), needs: ["check:layers"] },
  { name: "check-workspace", command: ["node", "scripts/check-workspace.mjs"], needs: ["check:readme-paths"] },
  { name: "typecheck", command: pnpm("run", "typecheck"), needs: ["check-workspace"] },
  { name: "check:packages", command: pnpm("run", "check:packages"), needs: ["build"] },
  { name: "test:consumer", command: pnpm("run", "test:consumer"), needs: ["check:packages"] },
];
// The type tests (`test/*.test-d.ts` of five packages) are in each package's tsconfig, so the typecheck step has
// already compiled them, and an `expectTypeOf` that does not hold is a compile error there. vitest would run tsc over
// the same five packages again, about 23 CPU-seconds on the busiest step: it is told not to (STUDIO_TYPE_TESTS).
steps.push({
  name: "test",
  command: pnpm("run", "test"),
  needs: steps.map((step) => step.name),
  env: { STUDIO_TYPE_TESTS: "done" },
});

const passed = await runSteps(steps, { cwd: join(import.meta.dirname, "..") });
process.exitCode = passed ? 0 : 1;

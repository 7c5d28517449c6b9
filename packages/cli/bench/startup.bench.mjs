#!/usr/bin/env node
// Benchmark: how long `studio --help` takes to start, as built (dist/bin.js, the sandbox loaded only for
// `--sandbox`), side by side with the same bin with @studio-kit/sandbox loaded up front (`node --import`), which is
// what every run paid before issue 28. Runs alternate, so a busy machine slows both alike; figures are wall time of
// a whole process, start to exit.
//
//   pnpm --filter @studio-kit/cli bench     (or `pnpm bench` at the root; both build first)
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const bin = join(dirname(fileURLToPath(import.meta.url)), "../dist/bin.js");
if (!existsSync(bin)) {
  console.error("cli bench: dist/bin.js is missing: run `pnpm bench` (it builds first) or `pnpm build`.");
  process.exit(1);
}

const variants = {
  "as built (lazy sandbox)": [bin, "--help"],
  "baseline (sandbox loaded up front)": ["--import", "@studio-kit/sandbox", bin, "--help"],
};

/** One process, start to exit, in ms. */
function once(args) {
  const started = performance.now();
  const run = spawnSync(process.execPath, args, { encoding: "utf8", cwd: dirname(bin) });
  if (run.status !== 0) throw new Error(`studio ${args.join(" ")} exited ${run.status}: ${run.stderr}`);
  return performance.now() - started;
}

const times = Object.fromEntries(Object.keys(variants).map((name) => [name, []]));
for (let run = 0; run < RUNS; run++) {
  for (const [name, args] of Object.entries(variants)) times[name].push(once(args));
}

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const [built, baseline] = Object.values(times);
console.log(`studio --help start-up, ${RUNS} alternating runs each:`);
for (const [name, values] of Object.entries(times)) {
  console.log(
    `  ${name.padEnd(36)} median ${quantile(values, 0.5).toFixed(0)} ms  p90 ${quantile(values, 0.9).toFixed(0)} ms`,
  );
}
console.log(`  ratio (as built / baseline, medians): ${(quantile(built, 0.5) / quantile(baseline, 0.5)).toFixed(2)}`);

#!/usr/bin/env node
// Benchmark: how long `studio --help` takes to start, as built (dist/bin.js, the sandbox loaded only for
// `--sandbox`), side by side with the same bin with @studio-kit/sandbox loaded up front (`node --import`), which is
// what every run paid before issue 28, and with OTEL_EXPORTER_OTLP_ENDPOINT set (issue 31: the OpenTelemetry SDK
// started, the run's span sent to a collector in this process). Unset, the bin loads none of the SDK
// (test/telemetry.test.ts), so "as built" is the figure with tracing off. Runs alternate, so a busy machine slows
// all alike; figures are wall time of a whole process, start to exit.
//
//   pnpm --filter @studio-kit/cli bench     (or `pnpm bench` at the root; both build first)
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const bin = join(dirname(fileURLToPath(import.meta.url)), "../dist/bin.js");
if (!existsSync(bin)) {
  console.error("cli bench: dist/bin.js is missing: run `pnpm bench` (it builds first) or `pnpm build`.");
  process.exit(1);
}

// A collector that takes every export (OTLP over HTTP), so the traced run pays the SDK, not a network timeout.
let exports = 0;
const collector = createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    exports += 1;
    res.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
});
await new Promise((resolve) => collector.listen(0, "127.0.0.1", resolve));
const otlp = { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collector.address().port}` };

const variants = {
  "as built (lazy sandbox)": { args: [bin, "--help"] },
  "baseline (sandbox loaded up front)": { args: ["--import", "@studio-kit/sandbox", bin, "--help"] },
  "OTLP endpoint set (SDK started)": { args: [bin, "--help"], env: otlp },
};

/** One process, start to exit, in ms (spawned, so this process's collector answers meanwhile). */
function once({ args, env = {} }) {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: dirname(bin), env: { ...process.env, ...env } });
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  child.stdout.resume();
  return new Promise((resolve, reject) =>
    child.on("close", (status) => {
      if (status !== 0) reject(new Error(`studio ${args.join(" ")} exited ${status}: ${stderr}`));
      else resolve(performance.now() - started);
    }),
  );
}

const times = Object.fromEntries(Object.keys(variants).map((name) => [name, []]));
for (let run = 0; run < RUNS; run++) {
  for (const [name, variant] of Object.entries(variants)) times[name].push(await once(variant));
}
collector.close();
if (exports === 0) throw new Error("cli bench: the traced runs sent nothing to the collector");

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const [built, baseline, traced] = Object.values(times);
console.log(`studio --help start-up, ${RUNS} alternating runs each:`);
for (const [name, values] of Object.entries(times)) {
  console.log(
    `  ${name.padEnd(36)} median ${quantile(values, 0.5).toFixed(0)} ms  p90 ${quantile(values, 0.9).toFixed(0)} ms`,
  );
}
console.log(`  ratio (as built / baseline, medians): ${(quantile(built, 0.5) / quantile(baseline, 0.5)).toFixed(2)}`);
console.log(
  `  ratio (OTLP endpoint set / as built, medians): ${(quantile(traced, 0.5) / quantile(built, 0.5)).toFixed(2)}`,
);

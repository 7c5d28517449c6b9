#!/usr/bin/env node
// `pnpm bench`: every benchmark in the repo, one at a time, each printing its own figures against its baseline.
//
// It used to be `turbo run bench`, which ran every package's bench at once on the same cores (the upload's ratio
// against curl read 0.86x inside the run and 0.99x alone a minute later) and stopped the rest at the first missed
// goal. Here each bench runs alone after one build, every one runs even when an earlier one missed its goal, and the
// exit code is non-zero at the end if any did. `pnpm bench <word>` runs only the benches whose path contains <word>.
//
// A bench is any `bench/*.bench.mjs` of a package or app; the ones below are left out of the default run because
// they take long or measure something only an operator needs, and each says how to run it.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** Benches not in the default run, with the command that runs each. */
export const NOT_BY_DEFAULT = new Map([
  [
    "apps/slack-bot/bench/soak.bench.mjs",
    "the bot's soak, 20 minutes by default: pnpm --filter @studio-kit/slack-bot bench:soak (docs/slack-bot/operating.md#soak)",
  ],
  [
    "apps/slack-bot/bench/tracing.bench.mjs",
    "the bot's tracing overhead: pnpm --filter @studio-kit/slack-bot bench:tracing",
  ],
]);

/** Every bench file in the repo, the default run's first, packages before apps, in a stable order. */
export function findBenches(root = ROOT) {
  const found = [];
  for (const group of ["packages", "apps"]) {
    for (const name of readdirSync(join(root, group)).sort()) {
      const dir = join(root, group, name, "bench");
      if (!existsSync(dir)) continue;
      for (const file of readdirSync(dir).sort()) {
        if (file.endsWith(".bench.mjs")) found.push(relative(root, join(dir, file)));
      }
    }
  }
  return found;
}

async function main() {
  const words = process.argv.slice(2).filter((arg) => !arg.startsWith("-"));
  const all = findBenches();
  const chosen = all.filter((path) =>
    words.length > 0 ? words.some((word) => path.includes(word)) : !NOT_BY_DEFAULT.has(path),
  );
  if (chosen.length === 0) {
    console.error(`bench: no bench matches ${words.join(" ")}; the benches are:\n  ${all.join("\n  ")}`);
    process.exit(2);
  }

  console.error("bench: building every package first (turbo)...");
  const build = spawnSync("pnpm", ["exec", "turbo", "run", "build", "--output-logs=errors-only"], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1" },
  });
  if (build.status !== 0) {
    console.error("bench: the build failed; see the errors above.");
    process.exit(build.status ?? 1);
  }

  const results = [];
  for (const path of chosen) {
    console.log(`\n=== ${path} (${results.length + 1} of ${chosen.length}) ===\n`);
    const began = performance.now();
    const code = await runAlone(path);
    results.push({ path, code, seconds: (performance.now() - began) / 1000 });
  }

  console.log("\n=== summary ===\n");
  for (const { path, code, seconds } of results) {
    const outcome = code === 0 ? "goals met" : `goal missed or run invalid (exit ${code})`;
    console.log(`${path.padEnd(44)} ${`${seconds.toFixed(0)} s`.padStart(6)}  ${outcome}`);
  }
  const skipped = [...NOT_BY_DEFAULT].filter(([path]) => !chosen.includes(path));
  if (skipped.length > 0) {
    console.log("\nNot in this run:");
    for (const [, how] of skipped) console.log(`  ${how}`);
  }
  const failed = results.filter(({ code }) => code !== 0);
  if (failed.length > 0) {
    console.log(`\n${failed.length} of ${results.length} benches missed a goal; their figures are above.`);
    process.exit(1);
  }
}

/** Runs one bench with nothing else of ours running, from its package's folder as its package script would. */
function runAlone(path) {
  const packageDir = join(ROOT, path, "..", "..");
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [relative(packageDir, join(ROOT, path))], {
      cwd: packageDir,
      stdio: "inherit",
    });
    child.on("error", () => resolve(127));
    child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();

// The build behind `pnpm start`: the JavaScript the playground runs, and nothing else.
//
// `turbo run build` makes every package whole: declaration files (tsup's dts, a TypeScript program per package) and
// one `pnpm run` process per task, ordered by every dependency including devDependencies. On a fresh clone that
// took 35 s on a quiet 2-core machine and 85 s on a busy one, for files the playground never reads. Here each
// package the playground needs at run time is built with its own tsup config (the one way this repo builds), in
// as many tsup processes at once as there are cores, without declarations, and only when its sources changed since the last such build (a stamp of
// their content in dist/). tsup leaves its dependencies external, so no package waits for another's output.
//
// `pnpm check`, `pnpm test` and `pnpm build` still build through turbo with declarations; a later turbo build
// replaces what is built here (tsup's `clean` removes the stamp with the rest of dist/).
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";

const STAMP = ".start-stamp";
/** What a package's JavaScript is made from; anything else (tests, READMEs, benches) does not change it. */
const INPUTS = ["src", "web", "tsup.config.ts", "package.json"];

/** The workspace packages `name` runs with: its `dependencies` on workspace packages, and theirs, in any order. */
export function runtimeClosure(root, name) {
  const byName = new Map();
  for (const group of ["packages", "apps"]) {
    for (const entry of readdirSync(join(root, group), { withFileTypes: true })) {
      const dir = join(root, group, entry.name);
      if (!entry.isDirectory() || !existsSync(join(dir, "package.json"))) continue;
      const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
      byName.set(manifest.name, { name: manifest.name, dir, manifest });
    }
  }
  const found = new Map();
  const visit = (packageName) => {
    const pkg = byName.get(packageName);
    if (!pkg || found.has(packageName)) return;
    found.set(packageName, pkg);
    for (const [dep, range] of Object.entries(pkg.manifest.dependencies ?? {})) {
      if (String(range).startsWith("workspace:")) visit(dep);
    }
  };
  visit(name);
  return [...found.values()];
}

function filesUnder(path) {
  if (!existsSync(path)) return [];
  if (statSync(path).isFile()) return [path];
  return readdirSync(path, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name));
}

/** A digest of the files a package's JavaScript is made from: their paths and contents. */
export function sourceStamp(dir) {
  const hash = createHash("sha256");
  const files = INPUTS.flatMap((input) => filesUnder(join(dir, input))).sort();
  for (const file of files) {
    hash.update(relative(dir, file)).update("\0").update(readFileSync(file)).update("\0");
  }
  return hash.digest("hex");
}

/**
 * Builds what `packages` need to run, reporting each finished package to `progress(done, total, name)`. Returns how
 * many were built (0 when every stamp matched: a warm start). Rejects with tsup's own output when a build fails.
 */
export async function quickBuild(packages, progress = () => {}) {
  const stale = packages
    .map((pkg) => ({ ...pkg, stamp: sourceStamp(pkg.dir) }))
    .filter((pkg) => readStamp(pkg.dir) !== pkg.stamp);
  const queue = [...stale];
  let done = 0;
  progress(done, stale.length, "");
  // One tsup process per package: tsup reads its config and resolves entries from the working directory, and
  // esbuild's service keeps the directory it started in, so packages cannot share a process. As many at once as
  // there are cores.
  const worker = async () => {
    for (let pkg = queue.shift(); pkg; pkg = queue.shift()) {
      await buildOne(pkg.dir);
      writeFileSync(join(pkg.dir, "dist", STAMP), `${pkg.stamp}\n`);
      progress(++done, stale.length, pkg.name);
    }
  };
  await Promise.all(Array.from({ length: Math.min(availableParallelism(), stale.length) }, worker));
  return stale.length;
}

/** tsup's `build` with the package's own config, declarations off, in a child process whose cwd is the package. */
function buildOne(dir) {
  const tsup = pathToFileURL(createRequire(join(dir, "package.json")).resolve("tsup")).href;
  const script = `const { build } = await import(${JSON.stringify(tsup)}); await build({ dts: false, silent: true });`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
      cwd: dir,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`building ${dir} failed:\n${output}`))));
  });
}

function readStamp(dir) {
  try {
    return readFileSync(join(dir, "dist", STAMP), "utf8").trim();
  } catch {
    return undefined;
  }
}

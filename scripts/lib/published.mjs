// Shared by check-packages.mjs and consumer-test.mjs: which packages are published, and how they are built and
// packed. Packing goes through `pnpm pack` because only pnpm turns `workspace:^` ranges into real versions; a
// tarball packed by npm would carry `workspace:^` and fail to install anywhere else.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

export const root = resolve(import.meta.dirname, "../..");

/** Every package under packages/ that is not private: what `changeset publish` would publish. */
export function publishedPackages() {
  const folder = join(root, "packages");
  return readdirSync(folder)
    .map((name) => join(folder, name))
    .filter((dir) => existsSync(join(dir, "package.json")))
    .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) }))
    .filter(({ manifest }) => !manifest.private)
    .map(({ dir, manifest }) => ({ dir, name: manifest.name, manifest }));
}

/** Runs a command, returning its output; throws with the command and its output when it fails. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024, ...options });
  if (result.error) throw new Error(`\`${command} ${args.join(" ")}\` could not start: ${result.error.message}`);
  if (result.status !== 0) {
    const output = `${result.stdout ?? ""}${result.stderr ?? ""}`.trim();
    throw new Error(`\`${command} ${args.join(" ")}\` exited with ${result.status}:\n${output}`);
  }
  return result;
}

/** Builds the packages (turbo, cached: after `pnpm test` this costs a second). */
export function buildPackages(packages) {
  const filters = packages.map(({ name }) => `--filter=${name}`);
  run("pnpm", ["exec", "turbo", "run", "build", ...filters, "--output-logs=errors-only"], {
    cwd: root,
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1" },
  });
}

/**
 * Packs each package with `pnpm pack` into `destination` and returns `{ name, version, tarball, files }` for
 * each. Fails if a packed manifest still holds a `workspace:` range.
 */
export function packPackages(packages, destination) {
  return packages.map(({ dir, name }) => {
    const { stdout } = run("pnpm", ["pack", "--json", "--pack-destination", destination], { cwd: dir });
    const packed = JSON.parse(stdout);
    const manifest = JSON.parse(run("tar", ["-xzOf", packed.filename, "package/package.json"]).stdout);
    for (const field of ["dependencies", "peerDependencies", "optionalDependencies"]) {
      for (const [dependency, range] of Object.entries(manifest[field] ?? {})) {
        if (String(range).startsWith("workspace:")) {
          throw new Error(`${name}: the packed ${field}.${dependency} is still "${range}"; pack with pnpm.`);
        }
      }
    }
    return { name, version: packed.version, tarball: packed.filename, files: packed.files.map((file) => file.path) };
  });
}

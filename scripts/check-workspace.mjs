#!/usr/bin/env node
// Holds every workspace package to the layout rules that a workspace link would
// otherwise hide until release: private apps are ignored by changesets, and each
// published package declares its engines, files, side effects and a types-first
// exports map. Prints each problem with its fix; exits 1 if there is any.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const readJson = (path) => JSON.parse(readFileSync(path, "utf8"));
const changesets = readJson(".changeset/config.json");
const problems = [];

for (const folder of ["packages", "apps"]) {
  if (!existsSync(folder)) continue;
  for (const name of readdirSync(folder)) {
    const manifestPath = join(folder, name, "package.json");
    if (!existsSync(manifestPath)) continue;
    const manifest = readJson(manifestPath);
    const where = `${manifestPath} (${manifest.name})`;

    if (manifest.private) {
      if (!changesets.ignore.includes(manifest.name)) {
        problems.push(`${where}: a private app must be listed in .changeset/config.json "ignore".`);
      }
      continue;
    }
    if (manifest.engines?.node !== ">=20.19") problems.push(`${where}: set "engines": { "node": ">=20.19" }.`);
    if (manifest.sideEffects !== false) problems.push(`${where}: set "sideEffects": false.`);
    if (!manifest.files?.includes("dist")) problems.push(`${where}: set "files": ["dist"].`);
    const root = manifest.exports?.["."];
    if (!root || Object.keys(root)[0] !== "types") {
      problems.push(`${where}: "exports" must map "." with "types" as its first condition.`);
    }
    if (!existsSync(join(folder, name, "README.md"))) problems.push(`${where}: add a README.md.`);
  }
}

if (problems.length > 0) {
  console.error(`check-workspace: ${problems.length} problem(s):\n- ${problems.join("\n- ")}`);
  process.exit(1);
}
console.log("check-workspace: every package follows the layout rules.");

#!/usr/bin/env node
// Checks that every repository path named by a README (the root's, each package's and app's, and any under docs/)
// or by a page under docs/ exists, so that a file moved without its docs is caught in `pnpm check`. What counts
// as a path, and where it is looked for, is written at the top of scripts/readme-paths.mjs. Prints each missing
// path as file:line; exits 1 if there is any. `pnpm check:readme-paths`, part of `pnpm check`.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { findMissingPaths, gitignoreMatcher } from "./readme-paths.mjs";

const root = join(import.meta.dirname, "..");
const gitignore = join(root, ".gitignore");
const ignored = gitignoreMatcher(existsSync(gitignore) ? readFileSync(gitignore, "utf8") : "");

/** Every .md file under a folder of the repository, but those git ignores (TypeDoc's docs/api/, node_modules). */
const markdownUnder = (folder) =>
  readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (ignored(path) || entry.name === "node_modules") return [];
    if (entry.isDirectory()) return markdownUnder(path);
    return entry.name.endsWith(".md") ? [path] : [];
  });

const readmesIn = (folder) =>
  existsSync(join(root, folder))
    ? readdirSync(join(root, folder))
        .map((name) => `${folder}/${name}/README.md`)
        .filter((path) => existsSync(join(root, path)))
    : [];

/** The nearest folder at or above the file's own that has a package.json (the repository root at the latest). */
const packageDirOf = (file) => {
  let folder = dirname(file);
  while (folder !== "." && !existsSync(join(root, folder, "package.json"))) folder = dirname(folder);
  return folder;
};

const files = ["README.md", ...readmesIn("packages"), ...readmesIn("apps"), ...markdownUnder("docs")];
const exists = (path) => existsSync(join(root, path));
let count = 0;
for (const file of files) {
  const text = readFileSync(join(root, file), "utf8");
  const where = { file, packageDir: packageDirOf(file), exists, ignored };
  for (const { path, line, kind } of findMissingPaths(text, where)) {
    console.error(`${file}:${line}: ${kind === "link" ? "link to" : "path"} \`${path}\` does not exist`);
    count++;
  }
}
if (count > 0) {
  console.error(`check-readme-paths: ${count} missing path(s) in ${files.length} files; fix the path or the text.`);
  process.exit(1);
}
console.log(`check-readme-paths: every path named in ${files.length} READMEs and docs exists.`);

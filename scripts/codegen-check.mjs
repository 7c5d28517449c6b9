#!/usr/bin/env node
// Regenerates the typed documents and fails when that changes anything under
// version control: the committed generated code must always match schema/ and
// the .graphql documents (CI runs this on a clean checkout).
import { execFileSync, spawnSync } from "node:child_process";

const generated = "packages/operations/src/generated";

const run = spawnSync("pnpm", ["run", "--silent", "codegen"], { stdio: ["ignore", "ignore", "inherit"] });
if (run.status !== 0) {
  console.error("codegen:check: `pnpm codegen` failed; see the error above.");
  process.exit(run.status ?? 1);
}

// --porcelain lists modified, deleted and untracked files alike.
const drift = execFileSync("git", ["status", "--porcelain", "--", generated], { encoding: "utf8" }).trim();
if (drift) {
  console.error(
    `codegen:check: the generated code is out of date:\n${drift}\n` +
      "Run `pnpm codegen` and commit the result (never edit the generated files by hand).",
  );
  process.exit(1);
}
console.log("codegen:check: generated code matches schema/ and the documents.");

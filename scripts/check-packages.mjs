#!/usr/bin/env node
// Lints what would be published, not the workspace: each published package is built, packed with `pnpm pack`,
// and the tarball is checked by publint (strict: warnings fail) and by @arethetypeswrong/cli. A workspace link
// hides a missing dist/, an exports target that is not in `files`, or types that do not resolve; the tarball
// does not. Exits 1 on any problem, printing the tool's own report.
//
// attw runs with `--profile esm-only`: the packages ship ESM only (by choice, see the root README, "CommonJS
// consumers"), so the two resolutions that profile skips do not apply:
// - node10 (`moduleResolution: node`) predates `exports`; it still finds each root entry through `main`/`types`
//   but cannot see subpaths such as `@studio-kit/poller/testing`.
// - node16 from CJS reports "ESM (dynamic import only)": TypeScript before 5.8 did not model Node's
//   `require(esm)`. Node >= 20.19 does load these packages with `require()`, and TypeScript >= 5.8 accepts it
//   under `module: nodenext`; scripts/consumer-test.mjs proves both on the installed tarballs.
// Export subpaths that are data, not modules (`@studio-kit/operations/schema.graphql`), have no types to check
// and are left out of attw's entry points; publint still checks that their files are in the tarball.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { publint } from "publint";
import { formatMessage } from "publint/utils";
import { buildPackages, packPackages, publishedPackages, root, run } from "./lib/published.mjs";

const attw = join(root, "node_modules/.bin/attw");
const packages = publishedPackages();
const problems = [];
const scratch = mkdtempSync(join(tmpdir(), "studio-kit-check-packages-"));

/** Export subpaths whose target is a module or JSON (what attw can resolve), and the data ones it cannot. */
function entrypoints(manifest) {
  const modules = [];
  const data = [];
  for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
    const file = typeof target === "string" ? target : (target.types ?? target.default ?? "");
    (/\.(?:[cm]?js|d\.[cm]?ts|json)$/.test(file) ? modules : data).push(subpath);
  }
  return { modules, data };
}

try {
  buildPackages(packages);
  const packed = packPackages(packages, scratch);
  for (const { name, version, tarball } of packed) {
    const { manifest } = packages.find((candidate) => candidate.name === name);
    const { modules, data } = entrypoints(manifest);

    const bytes = readFileSync(tarball);
    const tarballData = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    const lint = await publint({ pack: { tarball: tarballData }, strict: true, level: "suggestion" });
    const failing = lint.messages.filter((message) => message.type !== "suggestion");
    for (const message of lint.messages) {
      const line = `${name}: publint ${message.type} ${message.code}: ${formatMessage(message, lint.pkg, { color: false })}`;
      if (message.type === "suggestion") console.log(`  note: ${line}`);
      else problems.push(line);
    }

    const args = [tarball, "--profile", "esm-only", "--format", "table-flipped", "--no-color", "--no-emoji"];
    if (data.length > 0) args.push("--exclude-entrypoints", ...data);
    // --no-definitely-typed: the packages ship their own types, so nothing is fetched from the registry.
    args.push("--no-definitely-typed");
    const types = (() => {
      try {
        run(attw, args);
        return true;
      } catch (error) {
        problems.push(`${name}: attw --profile esm-only found problems:\n${error.message}`);
        return false;
      }
    })();

    const skipped = data.length > 0 ? `; ${data.join(", ")} is data, not checked by attw` : "";
    console.log(
      `check:packages: ${name}@${version}: publint (strict) ${failing.length === 0 ? "ok" : `${failing.length} problem(s)`}, ` +
        `attw (esm-only) ${types ? "ok" : "FAILED"} for ${modules.join(", ")}${skipped}`,
    );
  }
} catch (error) {
  problems.push(error instanceof Error ? error.message : String(error));
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

if (problems.length > 0) {
  console.error(`check:packages: FAILED, ${problems.length} problem(s):\n- ${problems.join("\n- ")}`);
  process.exit(1);
}
console.log(`check:packages: the ${packages.length} published packages pass publint (strict) and attw (esm-only).`);

// Type-checks every TypeScript block (```ts, ```typescript) of packages/*/README.md against the built packages, as
// a reader who copies it into a project would: one module per block, `tsc --strict` over all of them at once (one
// program, so the run stays fast), imports resolved through the packages' own package.json `exports` to their
// dist/ declarations. scripts/readme-snippets.test.mjs runs it; alone: `node scripts/readme-snippets.mjs`.
//
// A block that continues an earlier one or leans on something the README set up (a `client`, the ids of an
// earlier step) declares it in a prelude: an HTML comment on the line right above the fence, invisible on the
// rendered page, whose text is put before the block:
//
//   <!-- prelude: import { createStudioClient } from "@studio-kit/core"; declare const ids: string[]; -->
//   ```ts
//   ...
//
// A prelude may span several lines up to its `-->`. Keep it to declarations a reader can see the README make;
// nothing lets a block skip the check. A block that is a file of its own, which a later block imports
// (`import { createPosterService } from "./service.mjs"`), says its name instead: `<!-- file: service.mts -->` on the
// line above the fence.
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

export const root = join(dirname(fileURLToPath(import.meta.url)), "..");

const FENCE = /^```(ts|typescript)\s*$/;
const FILE_NAME = /^<!--\s*file:\s*([\w.-]+\.m?ts)\s*-->\s*$/;
const PRELUDE_START = /^<!--\s*prelude:\s?/;

/**
 * The TypeScript blocks of one markdown text: each with its first code line (1-based), its prelude, if any, and the
 * file name it declares, if any.
 */
export function extractSnippets(markdown) {
  const lines = markdown.split("\n");
  const snippets = [];
  for (let index = 0; index < lines.length; index += 1) {
    if (!FENCE.test(lines[index])) continue;
    const end = lines.findIndex((line, at) => at > index && /^```\s*$/.test(line));
    if (end === -1) break;
    const file = FILE_NAME.exec(lines[index - 1] ?? "")?.[1];
    snippets.push({
      ...(file ? { file } : {}),
      line: index + 2,
      code: lines.slice(index + 1, end).join("\n"),
      prelude: preludeAbove(lines, index),
    });
    index = end;
  }
  return snippets;
}

/** The prelude comment that ends on the line above a fence, without its markers; "" when there is none. */
function preludeAbove(lines, fence) {
  const last = fence - 1;
  if (last < 0 || !lines[last].trimEnd().endsWith("-->")) return "";
  let first = last;
  while (first >= 0 && !PRELUDE_START.test(lines[first])) {
    // A prelude is one comment right above the fence: a blank line, a fence or another comment's end stops the search.
    const text = lines[first];
    if (first < last && (text.includes("-->") || text.trim() === "" || text.startsWith("```"))) return "";
    first -= 1;
  }
  if (first < 0) return "";
  const text = lines.slice(first, last + 1).join("\n");
  return text.replace(PRELUDE_START, "").replace(/-->\s*$/, "");
}

/** Bare module names a text imports (`msw/node` -> `msw`, `@scope/name/sub` -> `@scope/name`), node: ones left out. */
function importedPackages(text) {
  const names = new Set();
  for (const match of text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)["']([^"'./][^"']*)["']/g)) {
    const specifier = match[1];
    if (specifier.startsWith("node:")) continue;
    const parts = specifier.split("/");
    names.add(specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]);
  }
  return names;
}

const workspaceDirs = () =>
  ["packages", "apps"].flatMap((group) =>
    readdirSync(join(root, group), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(root, group, entry.name)),
  );

/** Where a package is installed in the workspace: a workspace package itself, or the first node_modules that has it. */
function locate(name, dirs) {
  for (const dir of dirs) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, "utf8")).name === name) return dir;
  }
  for (const dir of [root, ...dirs]) {
    const found = join(dir, "node_modules", name);
    if (existsSync(found)) return found;
  }
  return undefined;
}

/**
 * Checks the snippets of the given READMEs (default: every packages/*\/README.md). Returns the blocks checked and
 * each problem as `README:line: message`, the line being the README's own.
 */
export function checkReadmeSnippets(files = defaultReadmes()) {
  const work = mkdtempSync(join(tmpdir(), "readme-snippets-"));
  try {
    const dirs = workspaceDirs();
    const blocks = [];
    const needed = new Set(["@types/node"]);
    for (const file of files) {
      // Each markdown file's blocks in a folder of their own, so that a named block is found by a relative import.
      const folder = relative(root, file).replace(/[\\/]/g, "__").replace(/\.md$/, "");
      mkdirSync(join(work, folder));
      for (const snippet of extractSnippets(readFileSync(file, "utf8"))) {
        const name = `${folder}/${snippet.file ?? `L${snippet.line}.mts`}`;
        const prelude = snippet.prelude ? `${snippet.prelude}\n` : "";
        // `export {}` makes each block a module of its own: top-level await works, and names never clash.
        writeFileSync(join(work, name), `${prelude}${snippet.code}\nexport {};\n`);
        blocks.push({ name, file, line: snippet.line, offset: prelude.split("\n").length - 1 });
        for (const each of importedPackages(prelude + snippet.code)) needed.add(each);
      }
    }
    const missing = [];
    for (const name of needed) {
      const found = locate(name, dirs);
      if (!found) {
        missing.push(name);
        continue;
      }
      mkdirSync(dirname(join(work, "node_modules", name)), { recursive: true });
      symlinkSync(found, join(work, "node_modules", name), "dir");
    }
    writeFileSync(
      join(work, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          lib: ["ES2023", "DOM"],
          module: "NodeNext",
          moduleResolution: "NodeNext",
          types: ["node"],
          strict: true,
          noEmit: true,
          // The packages' own declarations are checked by their builds; here only the blocks are.
          skipLibCheck: true,
          noUnusedLocals: false,
        },
        include: ["*/*.mts", "*/*.ts"],
      }),
    );
    const tsc = join(root, "node_modules/typescript/bin/tsc");
    const ran = spawnSync(process.execPath, [tsc, "-p", join(work, "tsconfig.json"), "--pretty", "false"], {
      encoding: "utf8",
    });
    const byName = new Map(blocks.map((block) => [block.name, block]));
    const problems = missing.map((name) => `a README imports ${name}, which no workspace package has installed`);
    for (const line of `${ran.stdout}${ran.stderr}`.split("\n")) {
      const match = /^(.+?\.m?ts)\((\d+),(\d+)\): (.*)$/.exec(line.trim());
      if (!match) {
        if (line.trim() && !/^\s/.test(line)) problems.push(line.trim());
        continue;
      }
      const block = byName.get(match[1].split(/[\\/]/).slice(-2).join("/"));
      const at = Number(match[2]) - (block?.offset ?? 0);
      problems.push(
        block
          ? `${relative(root, block.file)}:${at > 0 ? block.line + at - 1 : `${block.line} (prelude)`}: ${match[4]}`
          : line.trim(),
      );
    }
    return { blocks: blocks.map(({ file, line }) => `${relative(root, file)}:${line}`), problems };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Every package's README, and the docs page that takes a new user from install to a tested service. */
export function defaultReadmes() {
  return [
    ...readdirSync(join(root, "packages")).map((dir) => join(root, "packages", dir, "README.md")),
    join(root, "docs/use-in-your-service.md"),
  ].filter((file) => existsSync(file));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { blocks, problems } = checkReadmeSnippets();
  console.log(`readme-snippets: ${blocks.length} TypeScript blocks checked`);
  for (const problem of problems) console.log(problem);
  process.exitCode = problems.length > 0 ? 1 : 0;
}

import { describe, expect, it } from "vitest";
import { extractPathReferences, findMissingPaths, gitignoreMatcher } from "./readme-paths.mjs";

// A small repository, as the set of its paths (folders included), for `exists`.
const tree = new Set([
  "README.md",
  "docs",
  "docs/decisions",
  "docs/decisions/0001-foundation.md",
  "docs/images",
  "docs/images/playground.png",
  "schema",
  "schema/00-base.graphql",
  "scripts",
  "scripts/start.mjs",
  "packages",
  "packages/core",
  "packages/core/README.md",
  "packages/core/package.json",
  "packages/core/src",
  "packages/core/src/index.ts",
  "packages/core/src/errors",
  "packages/core/src/errors/map.ts",
  "packages/core/src/errors/redact.ts",
]);
const exists = (path) => tree.has(path);
const missing = (markdown, file = "packages/core/README.md", packageDir = "packages/core") =>
  findMissingPaths(markdown, { file, packageDir, exists }).map(({ path, line }) => `${line}:${path}`);

describe("findMissingPaths", () => {
  it("flags a path that names nothing, with its line, and accepts one that exists", () => {
    const markdown = "# core\n\nThe entry is `src/index.ts`; errors are\nmapped in `src/errors/gone.ts`.\n";
    expect(missing(markdown)).toEqual(["4:src/errors/gone.ts"]);
  });

  it("looks in the file's folder, its package root, the package's src/ and the repository root", () => {
    const markdown = "`README.md`, `src/index.ts`, `errors/map.ts`, `schema/00-base.graphql`, `scripts/start.mjs`";
    expect(missing(markdown)).toEqual([]);
    expect(missing("`schema/01-gone.graphql`")).toEqual(["1:schema/01-gone.graphql"]);
  });

  it("resolves a link from the file's folder only, and ignores URLs and anchors", () => {
    const markdown = [
      "![board](../images/playground.png) [next](0001-foundation.md#context) [gone](0002-gone.md)",
      "[spec](https://example.com/a/b.md) [here](#layout) [mail](mailto:a@b.c)",
      "[root-relative](docs/decisions/0001-foundation.md)",
    ].join("\n");
    expect(missing(markdown, "docs/decisions/README.md", ".")).toEqual([
      "1:0002-gone.md",
      "3:docs/decisions/0001-foundation.md",
    ]);
  });

  it("finds the files listed after a path in the same paragraph or table row in that path's folder", () => {
    expect(missing("| `src/errors/map.ts`, `redact.ts` | the errors |")).toEqual([]);
    expect(missing("| `src/errors/map.ts`, `gone.ts` | the errors |")).toEqual(["1:gone.ts"]);
    // Another table row is another paragraph: `redact.ts` alone is not found in the package.
    expect(missing("| `src/errors/map.ts` | a |\n| `redact.ts` | b |")).toEqual(["2:redact.ts"]);
  });

  it("reads a path broken over two lines after a `/`", () => {
    expect(missing("the map (`src/errors/\n  gone.ts`) and")).toEqual(["1:src/errors/gone.ts"]);
  });

  it("ignores what is not a repository path", () => {
    const markdown = [
      "`@studio-kit/core`, `@studio-kit/operations/schema.graphql`, `STUDIO_API_KEY`, `PORT=3000`",
      "`pnpm --filter <package> test`, `node scripts/gone.mjs`, `/studio credits`, `/graphql`, `/usr/bin/chromium`",
      "`schema/*.graphql`, `packages/<name>/src/index.ts`, `{ ok: true }`, `chat:write`, `https://x.dev/a.md`",
      "`--out`, `.graphql`, `image/png`, `slackapi/manifest-schema`, `red-fox.png`, `chat.postMessage`, `W:H`",
      "```sh\nnode scripts/gone.mjs `src/gone.ts`\n```",
    ].join("\n");
    expect(missing(markdown)).toEqual([]);
  });

  it("ignores paths outside the repository, ignored by git, or written at release", () => {
    const ignored = gitignoreMatcher("dist/\ndocs/api/\nstudio-bot.db*\n");
    const markdown =
      "`../shared/spec/api.md`, `dist/index.js`, `docs/api/index.html`, `scripts/studio-bot.db`, `CHANGELOG.md`";
    const file = "README.md";
    expect(findMissingPaths(markdown, { file, packageDir: ".", exists, ignored })).toEqual([]);
    expect(findMissingPaths(markdown, { file, packageDir: ".", exists }).map((r) => r.path)).toEqual([
      "dist/index.js",
      "docs/api/index.html",
      "scripts/studio-bot.db",
    ]);
  });
});

describe("extractPathReferences", () => {
  it("returns code spans and links with their kind and line", () => {
    expect(extractPathReferences("See `src/a.ts`.\n\n[b](docs/b.md)\n")).toEqual([
      { path: "src/a.ts", line: 1, kind: "code" },
      { path: "docs/b.md", line: 3, kind: "link" },
    ]);
  });
});

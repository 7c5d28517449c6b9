// `pnpm start`'s build (scripts/start/quick-build.mjs): what it builds, and that a second start builds nothing.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { quickBuild, runtimeClosure, sourceStamp } from "./start/quick-build.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const scratch = [];
afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A one-file package in the OS temp directory, with the repo's tsup linked in as its own. */
function tinyPackage() {
  const dir = mkdtempSync(join(tmpdir(), "quick-build-"));
  scratch.push(dir);
  mkdirSync(join(dir, "src"));
  mkdirSync(join(dir, "test"));
  mkdirSync(join(dir, "node_modules"));
  symlinkSync(realpathSync(join(ROOT, "packages/core/node_modules/tsup")), join(dir, "node_modules/tsup"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "tiny", type: "module" }));
  writeFileSync(
    join(dir, "tsup.config.ts"),
    'export default { entry: ["src/index.ts"], format: ["esm"], dts: true, clean: true, target: "node20" };\n',
  );
  writeFileSync(join(dir, "src/index.ts"), "export const answer: number = 42;\n");
  writeFileSync(join(dir, "test/index.test.ts"), "// a test\n");
  return dir;
}

// Each build is a tsup child process (node, tsup, esbuild): about a second on a quiet machine, several on a busy one.
const BUILD_TIMEOUT_MS = 60_000;

describe("the build behind pnpm start", () => {
  it("builds the packages the playground runs with, and not those it only tests or ships beside", () => {
    const names = runtimeClosure(ROOT, "@studio-kit/playground").map(({ name }) => name);
    expect(names).toEqual(
      expect.arrayContaining([
        "@studio-kit/playground",
        "@studio-kit/slack-bot",
        "@studio-kit/slack-sim",
        "@studio-kit/sandbox",
        "@studio-kit/core",
        "@studio-kit/operations",
      ]),
    );
    expect(names).not.toContain("@studio-kit/cli");
    expect(names).not.toContain("@studio-kit/test-support");
  });

  it("stamps a package by its sources: a changed test or README leaves the stamp, a changed source moves it", () => {
    const dir = tinyPackage();
    const first = sourceStamp(dir);
    writeFileSync(join(dir, "test/index.test.ts"), "// another test\n");
    writeFileSync(join(dir, "README.md"), "# tiny\n");
    expect(sourceStamp(dir)).toBe(first);
    writeFileSync(join(dir, "src/index.ts"), "export const answer: number = 43;\n");
    expect(sourceStamp(dir)).not.toBe(first);
  });

  it(
    "builds JavaScript without declarations, then nothing on a second start until a source changes",
    async () => {
      const dir = tinyPackage();
      const pkg = { name: "tiny", dir };
      const seen = [];
      expect(await quickBuild([pkg], (done, total, name) => seen.push([done, total, name]))).toBe(1);
      expect(seen).toEqual([
        [0, 1, ""],
        [1, 1, "tiny"],
      ]);
      expect(readFileSync(join(dir, "dist/index.js"), "utf8")).toContain("42");
      expect(existsSync(join(dir, "dist/index.d.ts"))).toBe(false);

      expect(await quickBuild([pkg])).toBe(0);

      writeFileSync(join(dir, "src/index.ts"), "export const answer: number = 7;\n");
      expect(await quickBuild([pkg])).toBe(1);
      expect(readFileSync(join(dir, "dist/index.js"), "utf8")).toContain("7");
    },
    BUILD_TIMEOUT_MS,
  );

  it(
    "says which package failed and why, in tsup's words",
    async () => {
      const dir = tinyPackage();
      writeFileSync(join(dir, "src/index.ts"), "export const broken = ;\n");
      await expect(quickBuild([{ name: "tiny", dir }])).rejects.toThrow(
        /building .*quick-build-.* failed:[\s\S]*Unexpected/,
      );
    },
    BUILD_TIMEOUT_MS,
  );
});

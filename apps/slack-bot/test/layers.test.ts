import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

// The layer check of `pnpm check` (.dependency-cruiser.cjs, README "Layers"), run as `pnpm check:layers` runs it:
// on small trees written for each case, and on the bot as it is.

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const config = join(repo, ".dependency-cruiser.cjs");
const depcruise = join(repo, "apps/slack-bot/node_modules/dependency-cruiser/bin/dependency-cruise.mjs");

function check(cwd: string, ...paths: string[]): Promise<{ code: number; out: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [depcruise, ...paths, "--config", config, "--output-type", "err"],
      { cwd },
      (error, stdout, stderr) => {
        done({ code: error ? Number(error.code ?? 1) : 0, out: `${stdout}${stderr}` });
      },
    );
  });
}

const trees: string[] = [];
afterEach(async () => {
  await Promise.all(trees.splice(0).map((tree) => rm(tree, { recursive: true, force: true })));
});

/** A tree with the repository's layout: files under apps/slack-bot/src, resolved as the repository resolves them. */
async function tree(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), "layers-"));
  trees.push(root);
  await writeFile(
    join(root, "tsconfig.base.json"),
    JSON.stringify({ compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext", allowJs: true } }),
  );
  for (const [path, text] of Object.entries(files)) {
    const file = join(root, "apps/slack-bot/src", path);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, text);
  }
  return root;
}

describe("the bot's layer check", () => {
  it("refuses an import from jobs/ into flows/, naming the rule and the file", async () => {
    const root = await tree({
      "flows/image.ts": 'export const runImage = () => "image";\n',
      "jobs/run.ts": 'import { runImage } from "../flows/image.js";\nexport const run = () => runImage();\n',
    });
    const { code, out } = await check(root, "apps");
    expect(code).not.toBe(0);
    expect(out).toContain("bot-layers: jobs");
    expect(out).toContain("apps/slack-bot/src/jobs/run.ts → apps/slack-bot/src/flows/image.ts");
  });

  it("refuses a type-only import upward too (a type ties the layers as much as a value)", async () => {
    const root = await tree({
      "store/types.ts": 'import type { Block } from "../messages/blocks.js";\nexport type Row = { block: Block };\n',
      "messages/blocks.ts": "export type Block = { type: string };\n",
    });
    const { code, out } = await check(root, "apps");
    expect(code).not.toBe(0);
    expect(out).toContain("bot-layers: store");
  });

  it("refuses an import cycle inside one layer", async () => {
    const root = await tree({
      "flows/a.ts": 'import { b } from "./b.js";\nexport const a = () => b;\n',
      "flows/b.ts": 'import { a } from "./a.js";\nexport const b = () => a;\n',
    });
    const { code, out } = await check(root, "apps");
    expect(code).not.toBe(0);
    expect(out).toContain("no-cycles");
  });

  it("lets a layer import the layers below it", async () => {
    const root = await tree({
      "flows/image.ts": 'import { run } from "../jobs/run.js";\nexport const runImage = () => run();\n',
      "jobs/run.ts": 'import { show } from "../delivery/engine.js";\nexport const run = () => show();\n',
      "delivery/engine.ts": 'import { text } from "../messages/blocks.js";\nexport const show = () => text;\n',
      "messages/blocks.ts": 'export const text = "ok";\n',
    });
    const { code, out } = await check(root, "apps");
    expect(out).toContain("no dependency violations");
    expect(code).toBe(0);
  });

  it("passes on the bot as it is", async () => {
    const { code, out } = await check(repo, "apps/slack-bot/src");
    expect(out).toContain("no dependency violations");
    expect(code).toBe(0);
  });
});

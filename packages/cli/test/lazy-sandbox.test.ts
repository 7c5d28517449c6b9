// `studio` loads the sandbox only for `--sandbox` (issue 28): the emulator (graphql-yoga, its schema, resolvers and
// seed) is more than half of the modules `studio --help` used to load. Checked by what the built bin loads, recorded
// by a loader hook (support/record-modules.mjs), not by how long it takes.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { BIN, startTestSandbox, studio } from "./support/studio.js";

const RECORDER = fileURLToPath(new URL("./support/record-modules.mjs", import.meta.url));
// The sandbox package's own folder, symlinks resolved as Node's loader resolves them (pnpm links it from packages/).
const SANDBOX_DIR = pathToFileURL(
  dirname(createRequire(import.meta.url).resolve("@studio-kit/sandbox/package.json")),
).href;

/** Runs the built bin with the recorder and returns the result with the file URLs of every module it loaded. */
async function studioRecorded(args: readonly string[], env: Record<string, string> = {}) {
  const dir = await mkdtemp(join(tmpdir(), "studio-modules-"));
  const file = join(dir, "loaded.txt");
  const ran = await studio(args, { node: ["--import", RECORDER], env: { ...env, STUDIO_RECORD_MODULES: file } });
  const loaded = (await readFile(file, "utf8")).split("\n").filter(Boolean);
  await rm(dir, { recursive: true, force: true });
  const fromSandbox = loaded.filter((url) => url.startsWith(`${SANDBOX_DIR}/`));
  return { ran, loaded, fromSandbox };
}

describe("the sandbox is loaded only for --sandbox", () => {
  it("studio --help prints the usage without loading @studio-kit/sandbox", async () => {
    const { ran, loaded, fromSandbox } = await studioRecorded(["--help"]);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toContain("Usage: studio");
    // The recorder saw the bin itself, so an empty list cannot pass for a lazy one.
    expect(loaded).toContain(pathToFileURL(BIN).href);
    expect(fromSandbox).toEqual([]);
  });

  it("a command against the API (a key and a base URL) does not load it either", async () => {
    const sandbox = await startTestSandbox();
    const { ran, fromSandbox } = await studioRecorded(["credits", "--json"], sandbox.env);
    expect(ran.code).toBe(0);
    expect(fromSandbox).toEqual([]);
  });

  it("--sandbox loads it when the command opens its session, and answers", async () => {
    const { ran, fromSandbox } = await studioRecorded(["--sandbox", "whoami", "--json"]);
    expect(ran.code).toBe(0);
    expect(ran.json<{ workspace: { id: string } }>().workspace.id).toBe("ws_acme");
    expect(fromSandbox).toContain(`${SANDBOX_DIR}/dist/index.js`);
  });
});

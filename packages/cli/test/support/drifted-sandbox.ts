// The sandbox serving a drifted schema: its own CLI (`studio-sandbox --config FILE`, as a user would run it) with
// drift entries in the config file, so the server that no longer matches our documents is the same emulator every
// other test uses, with real answers for everything that did not drift.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { afterEach } from "vitest";

/** A drift entry of the sandbox's config: `{ remove: "Type.field" }` or `{ rename: "Type.field(arg)", to }`. */
export type Drift = { remove: string } | { rename: string; to: string };

export interface DriftedSandbox {
  env: Record<string, string>;
  /** Executed operations by name so far, from the sandbox's `/__sandbox/stats`. */
  operations(): Promise<Record<string, number>>;
}

const BIN = join(
  dirname(createRequire(import.meta.url).resolve("@studio-kit/sandbox/package.json")),
  "bin/studio-sandbox.js",
);

const running: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of running.splice(0)) await stop();
});

/** Starts `studio-sandbox --port 0 --config <file with drift>`; stopped (and its file removed) after the test. */
export async function startDriftedSandbox(drift: readonly Drift[]): Promise<DriftedSandbox> {
  const directory = mkdtempSync(join(tmpdir(), "studio-drift-"));
  const config = join(directory, "sandbox.json");
  writeFileSync(config, JSON.stringify({ drift }));
  const child = spawn(process.execPath, [BIN, "--port", "0", "--config", config], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  running.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await once(child, "exit");
    }
    rmSync(directory, { recursive: true, force: true });
  });
  const [line] = (await once(createInterface({ input: child.stdout }), "line")) as [string];
  const ready = JSON.parse(line) as { url: string; apiKey: string };
  return {
    env: { STUDIO_API_KEY: ready.apiKey, STUDIO_BASE_URL: ready.url },
    operations: async () =>
      ((await (await fetch(`${ready.url}/__sandbox/stats`)).json()) as { operations: Record<string, number> })
        .operations,
  };
}

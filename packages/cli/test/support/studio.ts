// Runs the built `studio` bin as a child process, as a script or a person would, against a sandbox server
// started in the test process (so the test can read the sandbox's state and request counts).
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { createRealTimeClock, SANDBOX_KEYS, type SandboxServer, startSandboxServer } from "@studio-kit/sandbox";
import { afterEach } from "vitest";

/** The built bin: the tests run what `npm install @studio-kit/cli` would put on the PATH. */
export const BIN = fileURLToPath(new URL("../../dist/bin.js", import.meta.url));

export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
  /** stdout parsed as the one JSON document `--json` promises (throws if it is not exactly one). */
  json<T = Record<string, unknown>>(): T;
}

/** Runs `studio args...` with `env` (nothing inherited but PATH), resolving when it exits; `node` flags go first. */
export function studio(
  args: readonly string[],
  options: { env?: Record<string, string>; cwd?: string; input?: string; node?: readonly string[] } = {},
) {
  return new Promise<Ran>((resolve, reject) => {
    const child = spawn(process.execPath, [...(options.node ?? []), BIN, ...args], {
      cwd: options.cwd,
      env: { PATH: process.env.PATH ?? "", NO_COLOR: "1", ...options.env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.stdin.end(options.input ?? "");
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr, json: <T>() => JSON.parse(stdout) as T }));
  });
}

/** A sandbox server for one test, closed after it; `env` points `studio` at it with the read-write key. */
export interface TestSandbox {
  server: SandboxServer;
  env: Record<string, string>;
  /** POST /graphql requests the sandbox has served so far. */
  requests(): number;
  /** Executed operations by name so far (`GenerateImage`: 1). */
  operations(): Record<string, number>;
}

const open: SandboxServer[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()));
});

/**
 * Starts a sandbox whose clock follows real time, so generations finish after about `jobMs` by themselves (a
 * `--wait` still takes the poller's first 5 s tick: the spec's polling rule, which the CLI keeps).
 */
export async function startTestSandbox(options: { jobMs?: number } = {}): Promise<TestSandbox> {
  const server = await startSandboxServer({ port: 0, jobMs: options.jobMs ?? 300, clock: createRealTimeClock() });
  open.push(server);
  return {
    server,
    env: { STUDIO_API_KEY: SANDBOX_KEYS.readWrite, STUDIO_BASE_URL: server.url },
    requests: () => server.sandbox.stats().graphqlRequests,
    operations: () => server.sandbox.stats().operations,
  };
}

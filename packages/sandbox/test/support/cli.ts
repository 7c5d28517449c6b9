import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

// The built CLI as a child process, for the tests of --state and --config: it either prints its ready line or
// exits refusing to start.

const CLI = fileURLToPath(new URL("../../dist/cli.js", import.meta.url));

/** The CLI's ready line (the fields these tests read). */
export interface Ready {
  url: string;
  graphqlUrl: string;
  apiKey: string;
  readOnlyApiKey: string | null;
  workspaceId: string;
  otherWorkspaceId: string | null;
  workspaces?: { id: string; name: string; keys: { key: string; readOnly: boolean; expired: boolean }[] }[];
}

export interface Started {
  child: ChildProcess;
  /** Set when it started. */
  ready?: Ready;
  /** Set when it refused to start. */
  code?: number;
  stderr: string;
}

/**
 * Starts `studio-sandbox --port 0 ...args`; `track` receives a clean-up that kills it if it still runs. Resolves
 * with its ready line, or with its exit code and standard error if it refuses to start.
 */
export async function startCli(args: string[], track: (cleanup: () => Promise<void>) => void): Promise<Started> {
  const child = spawn(process.execPath, [CLI, "--port", "0", ...args], { stdio: ["ignore", "pipe", "pipe"] });
  track(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGKILL");
      await once(child, "exit");
    }
  });
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const exited = once(child, "close").then(([code]) => ({ code: code as number }));
  const line = once(createInterface({ input: child.stdout as NodeJS.ReadableStream }), "line").then(([text]) => ({
    ready: JSON.parse(text as string) as Ready,
  }));
  const outcome = await Promise.race([line, exited]);
  return {
    child,
    ...outcome,
    get stderr() {
      return stderr;
    },
  };
}

/** Sends `signal` and resolves with the exit code. */
export async function stopCli(child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
  child.kill(signal);
  const [code] = await once(child, "exit");
  return code as number | null;
}

/** POSTs a GraphQL request with `key`; resolves with the parsed body. */
export async function gql(url: string, key: string, query: string, variables: Record<string, unknown> = {}) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: Record<string, unknown>; errors?: { message: string }[] };
}

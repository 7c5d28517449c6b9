// Runs the built `studio` bin as studio.ts does, but hands back the child too, so a test can press Ctrl-C (SIGINT)
// at a moment it chooses.
import { type ChildProcess, spawn } from "node:child_process";
import { BIN, type Ran } from "./studio.js";

/** Starts `studio args...` with `env` (nothing inherited but PATH); `done` resolves when it exits. */
export function startStudio(
  args: readonly string[],
  env: Record<string, string>,
): { child: ChildProcess; done: Promise<Ran> } {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { PATH: process.env.PATH ?? "", NO_COLOR: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const done = new Promise<Ran>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr, json: <T>() => JSON.parse(stdout) as T }));
  });
  return { child, done };
}

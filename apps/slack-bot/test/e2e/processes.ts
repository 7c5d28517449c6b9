// The built bot (dist/main.js, as `pnpm start` runs it) as a child process, for the tests that kill it.
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import { eventually } from "./harness.js";

const MAIN = fileURLToPath(new URL("../../dist/main.js", import.meta.url));

/** A bot process and every line it wrote (pino JSON on stdout, anything on stderr). */
export interface BotProcess {
  child: ChildProcess;
  output: string[];
  /** Its replica id, from its "Studio bot running" line. */
  replica: string;
  /** The port it listens on (over HTTP), from the same line. */
  port: number;
}

/**
 * Starts `node dist/main.js` with only `env` (and PATH) and resolves once it logs that it is running. Without a
 * `PORT` in `env` it listens on one the system picks (PORT=0) and says which: a port found free beforehand can be
 * taken before the bot listens (by any test's server, or an outgoing connection's local port), which failed CI.
 */
export async function startBotProcess(env: Record<string, string>): Promise<BotProcess> {
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH ?? "", PORT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  const collect = (chunk: Buffer) => output.push(...chunk.toString("utf8").split("\n").filter(Boolean));
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  let running: string | undefined;
  await eventually(() => {
    if (child.exitCode !== null) throw new Error(`the bot exited: ${output.join("\n")}`);
    running = output.find((line) => line.includes("Studio bot running"));
    expect(running).toBeDefined();
  });
  const line = JSON.parse(running ?? "{}") as { replica?: string; port?: number };
  return { child, output, replica: line.replica ?? "", port: line.port ?? 0 };
}

/** Sends `signal` and resolves once the process exited (at once when it already had). */
export async function kill(bot: BotProcess, signal: NodeJS.Signals): Promise<void> {
  if (bot.child.exitCode !== null || bot.child.signalCode !== null) return;
  const exited = new Promise((resolve) => bot.child.once("exit", resolve));
  bot.child.kill(signal);
  await exited;
}

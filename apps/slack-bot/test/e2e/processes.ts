// The built bot (dist/main.js, as `pnpm start` runs it) as a child process, for the tests that kill it.
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import { eventually } from "./harness.js";

const MAIN = fileURLToPath(new URL("../../dist/main.js", import.meta.url));

/** A free loopback port (for a child process to listen on). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A bot process and every line it wrote (pino JSON on stdout, anything on stderr). */
export interface BotProcess {
  child: ChildProcess;
  output: string[];
  /** Its replica id, from its "Studio bot running" line. */
  replica: string;
}

/** Starts `node dist/main.js` with only `env` (and PATH) and resolves once it logs that it is running. */
export async function startBotProcess(env: Record<string, string>): Promise<BotProcess> {
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH ?? "", ...env },
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
  const replica = (JSON.parse(running ?? "{}") as { replica?: string }).replica ?? "";
  return { child, output, replica };
}

/**
 * Starts a bot on a port found free, with `PORT` set to it. A port found free can be taken again before the bot
 * listens (any `listen(0)` on the machine may be handed it: another test's server, this test's own proxies), so a
 * start that fails with EADDRINUSE is tried again on a new port, a few times.
 */
export async function startBotOnFreePort(env: Record<string, string>): Promise<BotProcess & { port: number }> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      return { ...(await startBotProcess({ ...env, PORT: String(port) })), port };
    } catch (error) {
      if (attempt >= 3 || !String(error).includes("EADDRINUSE")) throw error;
    }
  }
}

/** Sends `signal` and resolves once the process exited (at once when it already had). */
export async function kill(bot: BotProcess, signal: NodeJS.Signals): Promise<void> {
  if (bot.child.exitCode !== null || bot.child.signalCode !== null) return;
  const exited = new Promise((resolve) => bot.child.once("exit", resolve));
  bot.child.kill(signal);
  await exited;
}

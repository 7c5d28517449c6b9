// The built bot (dist/main.js, as `pnpm start` runs it) as a child process, for the tests that kill it.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createVirtualClock, type SandboxServer, startSandboxServer } from "@studio-kit/sandbox";
import { createSlackSim, type SlackSim } from "@studio-kit/slack-sim";
import Database from "better-sqlite3";
import { expect } from "vitest";
import { BOT_TOKEN, eventually, SIGNING_SECRET } from "./harness.js";

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

/** The environment every bot process of these tests shares: slack-sim's secrets and Web API, the studio API. */
export function botProcessEnv(
  slackApiUrl: string,
  studioUrl: string,
  more: Record<string, string> = {},
): Record<string, string> {
  return {
    SLACK_BOT_TOKEN: BOT_TOKEN,
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    SLACK_API_URL: slackApiUrl,
    STUDIO_BASE_URL: studioUrl,
    LOG_LEVEL: "info",
    CREDITS_CONFIRM_THRESHOLD: "100000",
    ...more,
  };
}

/**
 * What a restart test runs the bot against: a sandbox whose clock moves only when the test moves it (nothing
 * finishes before the test says so), slack-sim sending to the newest bot process (each listens on a port of its own),
 * and a SQLite file in a scratch folder that every process of the test shares.
 */
export interface RestartRig {
  sandbox: SandboxServer;
  sim: SlackSim;
  /** The bot's SQLite file. */
  dbPath: string;
  /** The bot processes started, oldest first. */
  bots: BotProcess[];
  /** Starts one more bot process on the same file; slack-sim sends to it from then on. */
  start(): Promise<BotProcess>;
  /** Kills every bot process still running and removes the sandbox, slack-sim and the scratch folder. */
  close(): Promise<void>;
}

/** Starts a {@link RestartRig}; `name` names its scratch folder. */
export async function startRestartRig(name: string): Promise<RestartRig> {
  const sandbox = await startSandboxServer({ port: 0, jobMs: 60_000, clock: createVirtualClock() });
  const bots: BotProcess[] = [];
  const sim = createSlackSim({
    signingSecret: SIGNING_SECRET,
    botToken: BOT_TOKEN,
    appUrl: () => `http://127.0.0.1:${bots.at(-1)?.port}/slack/events`,
  });
  await sim.start();
  const dir = mkdtempSync(join(tmpdir(), `studio-bot-${name}-`));
  const dbPath = join(dir, "bot.db");
  // A killed process's leases must run out before the next one claims its jobs: the shortest lease allowed.
  const env = botProcessEnv(sim.apiUrl, sandbox.url, { STUDIO_BOT_DB: dbPath, STUDIO_JOB_LEASE_SECONDS: "3" });
  return {
    sandbox,
    sim,
    dbPath,
    bots,
    async start() {
      const bot = await startBotProcess(env);
      bots.push(bot);
      return bot;
    },
    async close() {
      for (const bot of bots) await kill(bot, "SIGKILL");
      await sim.close();
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Rows read from a bot's SQLite file (read-only, while the bot may be writing it). */
export function sqliteRows<Row>(path: string, sql: string): Row[] {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all() as Row[];
  } finally {
    db.close();
  }
}

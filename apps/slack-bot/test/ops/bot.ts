// The bot in this process with its health and metrics wired as main.ts wires them (createBotOps first, its fetch
// under the studio client), Bolt's HTTP receiver on loopback, slack-sim as Slack and a sandbox whose clock only the
// test moves. For the metrics and readiness tests; the fault tests run built replicas instead (test/ops/faults/).
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createStudioClient } from "@studio-kit/core";
import { createPoller } from "@studio-kit/poller";
import { createVirtualClock, SANDBOX_KEYS, type SandboxServer, startSandboxServer } from "@studio-kit/sandbox";
import { createSlackSim, type SlackSim } from "@studio-kit/slack-sim";
import { type BotApp, type BotAppOptions, createBotApp } from "../../src/app.js";
import { readConfig } from "../../src/config.js";
import { createLogger } from "../../src/logger.js";
import { createBotOps } from "../../src/ops/create.js";
import { replicaId } from "../../src/services/job-leases.js";
import { BOT_TOKEN, SIGNING_SECRET } from "../e2e/harness.js";
import { SENTINELS } from "../e2e/sentinel.js";

export interface OpsBot {
  app: BotApp;
  sim: SlackSim;
  sandbox: SandboxServer;
  /** The receiver's origin: `${origin}/metrics`, `/readyz`, `/healthz`. */
  origin: string;
  logs: string[];
  close(): Promise<void>;
}

/** Starts the bot; generations finish only when the test moves the sandbox's clock past 60 s. */
export async function startOpsBot(
  env: Record<string, string> = {},
  extra: Pick<BotAppOptions, "pacer"> = {},
): Promise<OpsBot> {
  const sandbox = await startSandboxServer({ port: 0, jobMs: 60_000, clock: createVirtualClock() });
  // The client holds the sentinel key; the sandbox knows only its own keys, so the key is swapped on the wire.
  const wire: typeof fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    if (headers.get("authorization") === `Bearer ${SENTINELS.apiKey}`) {
      headers.set("authorization", `Bearer ${SANDBOX_KEYS.readWrite}`);
    }
    return fetch(input, { ...init, headers });
  };
  const ops = createBotOps({ replica: replicaId(), fetch: wire });
  const logs: string[] = [];
  const logger = createLogger("trace", { write: (line: string) => void logs.push(line) });
  const studio = createStudioClient({
    apiKey: SENTINELS.apiKey,
    baseUrl: sandbox.url,
    fetch: ops.studioFetch,
    retry: false,
    logger,
  });
  let appUrl = "";
  const sim = createSlackSim({ signingSecret: SIGNING_SECRET, botToken: BOT_TOKEN, appUrl: () => appUrl });
  await sim.start();
  const config = readConfig({
    SLACK_BOT_TOKEN: BOT_TOKEN,
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    CREDITS_CONFIRM_THRESHOLD: "100000",
    STUDIO_BOT_DB: ":memory:",
    ...env,
  });
  const app = createBotApp({
    config,
    studio,
    poller: createPoller(studio, { schedule: [50], windowMs: 0 }),
    logger,
    slackApiUrl: sim.apiUrl,
    ops,
    ...extra,
  });
  await app.init();
  const server = (await app.start({ port: 0, host: "127.0.0.1" })) as Server;
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  appUrl = `${origin}/slack/events`;
  let closed = false;
  return {
    app,
    sim,
    sandbox,
    origin,
    logs,
    async close() {
      if (closed) return;
      closed = true;
      await app.stop().catch(() => {});
      await app.store.close();
      await sim.close();
      await sandbox.close();
    },
  };
}

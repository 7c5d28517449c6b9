import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { App, LogLevel } from "@slack/bolt";
import { createSlackSim, type SlackSim, type SlackSimOptions } from "../../src/index.js";

export const SIGNING_SECRET = "sim-test-signing-secret";
export const BOT_TOKEN = "xoxb-sim-test-token";

export interface Harness {
  sim: SlackSim;
  app: App;
  close(): Promise<void>;
}

/**
 * A real Bolt 5 app in HTTP mode (its own HTTPReceiver on a loopback port) wired to a started sim:
 * requests go to the app signed, the app's Web API calls go to the sim.
 */
export async function startHarness(
  register: (app: App) => void,
  options: Partial<SlackSimOptions> = {},
): Promise<Harness> {
  let appUrl = "";
  const sim = createSlackSim({ signingSecret: SIGNING_SECRET, botToken: BOT_TOKEN, appUrl: () => appUrl, ...options });
  await sim.start();
  const app = new App({
    signingSecret: SIGNING_SECRET,
    token: BOT_TOKEN,
    logLevel: LogLevel.ERROR,
    // No retries: a failed call should surface in the test at once, not after the SDK's 30-minute schedule.
    clientOptions: { slackApiUrl: sim.apiUrl, retryConfig: { retries: 0 }, rejectRateLimitedCalls: true },
  });
  register(app);
  const server = (await app.start({ port: 0, host: "127.0.0.1" })) as Server;
  appUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/slack/events`;
  return {
    sim,
    app,
    close: async () => {
      await app.stop();
      await sim.close();
    },
  };
}

export { eventually } from "../../../../scripts/vitest/eventually.js";

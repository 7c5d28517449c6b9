import { App, LogLevel } from "@slack/bolt";
import { createSlackSim, type SlackSim, type SlackSimOptions } from "../../src/index.js";
import { BOT_TOKEN, SIGNING_SECRET } from "./bolt.js";

export const APP_TOKEN = "xapp-1-A0SIM0001-sim-test-app-token";

export interface SocketHarness {
  sim: SlackSim;
  app: App;
  close(): Promise<void>;
}

/** A sim in Socket Mode, started, with its options merged in (`appUrl` is not needed). */
export async function startSocketSim(options: Partial<SlackSimOptions> = {}): Promise<SlackSim> {
  const sim = createSlackSim({
    signingSecret: SIGNING_SECRET,
    botToken: BOT_TOKEN,
    socketMode: { appToken: APP_TOKEN },
    ...options,
  });
  await sim.start();
  return sim;
}

/**
 * A real Bolt 5 app in Socket Mode (its SocketModeReceiver and @slack/socket-mode client) against a started sim in
 * Socket Mode: the client calls the sim's apps.connections.open (Bolt hands `clientOptions.slackApiUrl` to it) and
 * connects to the WebSocket URL it answers. Resolves once the sim said hello.
 */
export async function startSocketHarness(
  register: (app: App) => void,
  options: Partial<SlackSimOptions> = {},
): Promise<SocketHarness> {
  const sim = await startSocketSim(options);
  const app = new App({
    token: BOT_TOKEN,
    appToken: APP_TOKEN,
    socketMode: true,
    logLevel: LogLevel.ERROR,
    clientOptions: { slackApiUrl: sim.apiUrl, retryConfig: { retries: 0 }, rejectRateLimitedCalls: true },
  });
  register(app);
  await app.start();
  return {
    sim,
    app,
    close: async () => {
      await app.stop();
      await sim.close();
    },
  };
}

// The bot against the stand-in: apps/slack-bot's own app, its Web API pointed at the sim, Bolt's HTTP receiver on
// a free loopback port that the sim sends commands, events and interactions to, or (PLAYGROUND_SOCKET_MODE) Bolt's
// SocketModeReceiver, whose connection the sim opens for it through apps.connections.open on the same Web API URL.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { StudioClient } from "@studio-kit/core";
import type { Poller } from "@studio-kit/poller";
import { type BotApp, type BotAppOptions, type Config, createBotApp, openStore } from "@studio-kit/slack-bot";
import type { SlackSim } from "@studio-kit/slack-sim";

/** What a caller may replace in the bot (tests: a throttle, a budget, a store, a clock). */
export type BotOverrides = Partial<Pick<BotAppOptions, "studioData" | "throttle" | "pacer" | "store" | "now">>;

/** The bot, listening. */
export interface StandInBot {
  app: BotApp;
  /** Where the sim sends Slack's requests: `http://127.0.0.1:<port>/slack/events`; none in Socket Mode. */
  eventsUrl?: string;
  close(): Promise<void>;
}

/**
 * Opens the bot's store (SQLite, or PostgreSQL with DATABASE_URL), creates, checks (`auth.test` against the sim) and
 * starts the bot, then watches for unfinished jobs (a STUDIO_BOT_DB file may hold some) without waiting for them:
 * that takes as long as their generations.
 */
export async function startStandInBot(input: {
  config: Config;
  studio: StudioClient;
  poller: Poller;
  logger: BotAppOptions["logger"];
  sim: SlackSim;
  overrides?: BotOverrides;
}): Promise<StandInBot> {
  const { logger } = input;
  const store = input.overrides?.store ?? (await openStore(input.config.store, { logger }));
  let app: BotApp;
  try {
    app = createBotApp({
      config: input.config,
      studio: input.studio,
      poller: input.poller,
      logger,
      slackApiUrl: input.sim.apiUrl,
      ...input.overrides,
      store,
    });
  } catch (error) {
    await store.close().catch(() => {});
    throw error;
  }
  try {
    await app.init();
    let eventsUrl: string | undefined;
    if (input.config.mode === "socket") {
      // Resolves once the sim said hello on the bot's connection.
      await app.start();
    } else {
      const server = (await app.start({ port: 0, host: "127.0.0.1" })) as Server;
      eventsUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/slack/events`;
    }
    app.watchJobs();
    return {
      app,
      ...(eventsUrl ? { eventsUrl } : {}),
      close: async () => {
        await app.stop().catch((error: unknown) => logger.warn({ err: error }, "the bot did not stop cleanly"));
        await app.store.close();
      },
    };
  } catch (error) {
    await app.store.close().catch(() => {});
    throw error;
  }
}

// With Slack credentials there is no stand-in to show: the bot runs against real Slack, as apps/slack-bot's main
// does (Socket Mode with SLACK_APP_TOKEN, else the HTTP receiver on PORT), with the same studio choice as the
// playground. Slack's own client is the page then.
import type { SandboxServer } from "@studio-kit/sandbox";
import { type BotApp, type BotAppOptions, createBotApp, createLogger, readConfig } from "@studio-kit/slack-bot";
import type { Env } from "./config.js";
import { startStudio } from "./studio.js";

/** The bot on real Slack, running. */
export interface RealSlackBot {
  app: BotApp;
  sandbox?: SandboxServer;
  /** In words, for the start-up lines (never a value). */
  slackDescription: string;
  studioDescription: string;
  storePath: string;
  /** The HTTP receiver's port (PORT; 0 picks one), when not in Socket Mode. */
  port?: number;
  close(): Promise<void>;
}

/**
 * Reads the bot's configuration from `env` (a ConfigError lists every problem, never a value), checks the token
 * (`app.init()`), starts the bot and resumes unfinished jobs.
 */
export async function startRealSlackBot(
  options: { env: Env; logger?: BotAppOptions["logger"]; jobMs?: number; pollMs?: number } = { env: {} },
): Promise<RealSlackBot> {
  const config = readConfig(options.env);
  const logger = options.logger ?? createLogger(config.logLevel);
  const studio = await startStudio(config, { jobMs: options.jobMs ?? 3000, pollMs: options.pollMs ?? 1000, logger });
  const app = createBotApp({
    config,
    studio: studio.studio,
    poller: studio.poller,
    logger,
    ...(config.slack.apiUrl ? { slackApiUrl: config.slack.apiUrl } : {}),
  });
  let port: number | undefined;
  try {
    await app.init();
    const server = await app.start(config.port);
    // Bolt's HTTP receiver answers its node server; Socket Mode answers something else.
    const address = (server as { address?: () => unknown } | undefined)?.address?.();
    if (config.mode === "http" && address && typeof address === "object" && "port" in address) {
      port = Number((address as { port: unknown }).port);
    }
  } catch (error) {
    await app.store.close().catch(() => {});
    await studio.close();
    throw error;
  }
  app.resumeJobs().catch((error: unknown) => logger.error({ err: error }, "could not resume unfinished jobs"));
  const slackDescription =
    config.mode === "socket"
      ? "real Slack, in Socket Mode (SLACK_APP_TOKEN)"
      : `real Slack over HTTP: the bot listens on port ${port ?? config.port}; Slack must reach it at <public URL>/slack/events`;
  return {
    app,
    ...(studio.sandbox ? { sandbox: studio.sandbox } : {}),
    slackDescription,
    studioDescription: studio.description,
    storePath: config.store.path,
    ...(port !== undefined ? { port } : {}),
    close: async () => {
      await app.stop().catch(() => {});
      await app.store.close();
      await studio.close();
    },
  };
}

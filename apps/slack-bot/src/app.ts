import { App, type AppOptions, LogLevel } from "@slack/bolt";
import type { StudioClient } from "@studio-kit/core";
import type { Poller } from "@studio-kit/poller";
import type { Config } from "./config.js";
import type { BotDeps, BotLogger } from "./deps.js";
import { register as registerActions } from "./listeners/actions/index.js";
import { register as registerCommands } from "./listeners/commands/index.js";
import { register as registerEvents } from "./listeners/events/index.js";
import { register as registerViews } from "./listeners/views/index.js";
import type { PendingRequests } from "./services/pending-requests.js";
import { createStudioDataCache, type StudioDataCache } from "./services/studio-data.js";
import { createThrottle, type Throttle } from "./services/throttle.js";
import type { UpdateBudget } from "./services/update-budget.js";

/** Options of {@link createBotApp}. */
export interface BotAppOptions {
  config: Config;
  studio: StudioClient;
  poller: Poller;
  logger: BotLogger;
  /** The Slack Web API base URL; tests point it at slack-sim (`sim.apiUrl`). Default Slack's. */
  slackApiUrl?: string;
  /** Default: one cached read of the catalog and presets every 5 minutes. */
  studioData?: StudioDataCache;
  /** Default: one progress update per message every 10 s. */
  throttle?: Throttle;
  /** The workspace's chat.update budget; default one per app (40 a minute). */
  updateBudget?: UpdateBudget;
  /** Generations waiting for Confirm; default one in-memory store per app (10 minutes each). */
  pendingRequests?: PendingRequests;
}

type BoltLogger = NonNullable<AppOptions["logger"]>;

// Bolt's own log lines go through pino. Only warnings and errors: at debug level the Web API client writes
// request details as free text, which the logger's field redaction cannot reach.
function boltLogger(logger: BotLogger): BoltLogger {
  const text = (parts: unknown[]) =>
    parts.map((part) => (part instanceof Error ? part.message : String(part))).join(" ");
  return {
    debug: () => {},
    info: () => {},
    warn: (...parts: unknown[]) => logger.warn({ source: "bolt" }, text(parts)),
    error: (...parts: unknown[]) => logger.error({ source: "bolt" }, text(parts)),
    setLevel: () => {},
    getLevel: () => LogLevel.WARN,
    setName: () => {},
  };
}

/**
 * Builds the Bolt app: Socket Mode when `config.slack.appToken` is set, the HTTP receiver otherwise, with every
 * listener registered. Call `await app.init()` (checks the token), then `app.start(port)`.
 *
 * @example const app = createBotApp({ config, studio, poller: createPoller(studio), logger }); await app.start(3000);
 */
export function createBotApp(options: BotAppOptions): App {
  const { config, logger } = options;
  const deps: BotDeps = {
    config,
    studio: options.studio,
    poller: options.poller,
    logger,
    studioData: options.studioData ?? createStudioDataCache(options.studio),
    throttle: options.throttle ?? createThrottle(),
    ...(options.updateBudget ? { updateBudget: options.updateBudget } : {}),
    ...(options.pendingRequests ? { pendingRequests: options.pendingRequests } : {}),
  };
  const base: AppOptions = {
    token: config.slack.botToken,
    signingSecret: config.slack.signingSecret,
    logger: boltLogger(logger),
    // Bolt otherwise checks the token (auth.test) inside the constructor, where a failure is an unhandled
    // rejection that kills the process; callers `await app.init()` and get a catchable error instead.
    deferInitialization: true,
    clientOptions: {
      ...(options.slackApiUrl ? { slackApiUrl: options.slackApiUrl } : {}),
      // @slack/web-api retries a failed call up to 10 times over about 30 minutes, network errors and 5xx
      // included: a chat.postMessage that timed out may have been posted, and would be posted again. No retries;
      // a failed call becomes a message to the user instead (platform-facts.md, Slack).
      retryConfig: { retries: 0 },
    },
  };
  const app =
    config.mode === "socket" && config.slack.appToken
      ? new App({ ...base, socketMode: true, appToken: config.slack.appToken })
      : new App(base);
  app.error(async (error) => {
    logger.error({ err: error }, "unhandled error in a listener");
  });
  registerCommands(app, deps);
  registerEvents(app, deps);
  registerActions(app, deps);
  registerViews(app, deps);
  return app;
}

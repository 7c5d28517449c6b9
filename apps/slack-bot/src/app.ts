import { App, type AppOptions, LogLevel } from "@slack/bolt";
import type { StudioClient } from "@studio-kit/core";
import type { Poller } from "@studio-kit/poller";
import type { Config } from "./config.js";
import type { BotDeps, BotLogger } from "./deps.js";
import { resumeJobs } from "./jobs/resume.js";
import { register as registerActions } from "./listeners/actions/index.js";
import { register as registerCommands } from "./listeners/commands/index.js";
import { register as registerEvents } from "./listeners/events/index.js";
import { dedupeEvents } from "./listeners/middleware/dedupe-events.js";
import { register as registerViews } from "./listeners/views/index.js";
import { createAccessPolicy, usergroupMembersFrom } from "./services/access.js";
import { createKeyMode } from "./services/key-mode.js";
import { SLACK_RETRY_CONFIG } from "./services/slack-retry.js";
import { createStudioDataCache, type StudioDataCache } from "./services/studio-data.js";
import { createThrottle, type Throttle } from "./services/throttle.js";
import type { UpdateBudget } from "./services/update-budget.js";
import { openSqliteStore } from "./store/sqlite/open.js";
import type { BotStore } from "./store/types.js";

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
  /** The durable state. Default: the SQLite file `config.store.path` (`:memory:` keeps it in the process). */
  store?: BotStore;
  /** Milliseconds since the epoch. Default `Date.now`. */
  now?: () => number;
}

/** The Bolt app, and what a starting process does once it listens. */
export interface BotApp extends App {
  /** The durable state the app uses (close it after `app.stop()`). */
  readonly store: BotStore;
  /**
   * Follows every job a previous process left unfinished to its end, posting each result once. Call after
   * `start()`; resolves with the number of jobs once all of them are done (minutes, for long generations).
   */
  resumeJobs(): Promise<number>;
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
export function createBotApp(options: BotAppOptions): BotApp {
  const { config, logger } = options;
  const base: AppOptions = {
    token: config.slack.botToken,
    signingSecret: config.slack.signingSecret,
    logger: boltLogger(logger),
    // Bolt otherwise checks the token (auth.test) inside the constructor, where a failure is an unhandled
    // rejection that kills the process; callers `await app.init()` and get a catchable error instead.
    deferInitialization: true,
    clientOptions: {
      ...(options.slackApiUrl ? { slackApiUrl: options.slackApiUrl } : {}),
      retryConfig: SLACK_RETRY_CONFIG,
    },
  };
  const app =
    config.mode === "socket" && config.slack.appToken
      ? new App({ ...base, socketMode: true, appToken: config.slack.appToken })
      : new App(base);
  const deps: BotDeps = {
    config,
    studio: options.studio,
    poller: options.poller,
    logger,
    studioData: options.studioData ?? createStudioDataCache(options.studio),
    throttle: options.throttle ?? createThrottle(),
    ...(options.updateBudget ? { updateBudget: options.updateBudget } : {}),
    store: options.store ?? openSqliteStore({ path: config.store.path }),
    now: options.now ?? Date.now,
    access: createAccessPolicy(config.access, { usergroupMembers: usergroupMembersFrom(app.client) }),
    keyMode: createKeyMode(),
  };
  app.error(async (error) => {
    logger.error({ err: error }, "unhandled error in a listener");
  });
  app.use(dedupeEvents(deps));
  registerCommands(app, deps);
  registerEvents(app, deps);
  registerActions(app, deps);
  registerViews(app, deps);
  return Object.assign(app, { store: deps.store, resumeJobs: () => resumeJobs(deps, app.client) });
}

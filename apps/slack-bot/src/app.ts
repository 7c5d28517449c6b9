import { App, type AppOptions, HTTPReceiver, LogLevel } from "@slack/bolt";
import type { StudioClient } from "@studio-kit/core";
import type { Poller } from "@studio-kit/poller";
import type { Config } from "./config.js";
import { MISSING_STOPPED_SUBSCRIPTION } from "./delivery/agent-sessions.js";
import { useDirectMessages } from "./delivery/undelivered.js";
import type { BotDeps, BotLogger } from "./deps.js";
import { createBoardRefresher } from "./flows/board-refresh.js";
import { carryOn, resumeJobs } from "./jobs/resume.js";
import { register as registerActions } from "./listeners/actions/index.js";
import { createAssistant } from "./listeners/assistant/index.js";
import { register as registerCommands } from "./listeners/commands/index.js";
import { register as registerEvents } from "./listeners/events/index.js";
import { dmSurface } from "./listeners/events/message.js";
import { register as registerFunctions } from "./listeners/functions/index.js";
import { dedupeEvents } from "./listeners/middleware/dedupe-events.js";
import { refuseReplays, signedHeaders } from "./listeners/middleware/refuse-replays.js";
import { register as registerViews } from "./listeners/views/index.js";
import { createSlackbotMcp } from "./mcp/route.js";
import { type BotOps, createBotOps, probeStudio } from "./ops/create.js";
import { countSlackCalls, measurePacer } from "./ops/instrument-slack.js";
import { measureStore } from "./ops/instrument-store.js";
import { opsRoutes } from "./ops/routes.js";
import { traceSlackCalls } from "./ops/tracing/slack-calls.js";
import { traceSlackRequests } from "./ops/tracing/slack-requests.js";
import { tracerOf } from "./ops/tracing/spans.js";
import { createAccessPolicy, usergroupMembersFrom } from "./services/access.js";
import { conversationKindsFrom } from "./services/conversation-kinds.js";
import { withLocalFallback } from "./services/fallback-windows.js";
import { createFunctionSteps } from "./services/function-steps.js";
import { createJobLeases, replicaId } from "./services/job-leases.js";
import { createKeyMode } from "./services/key-mode.js";
import { createPreviewImages } from "./services/preview-images.js";
import { rateLimitedFetch } from "./services/rate-limited-fetch.js";
import { createSlackPacer, type SlackPacer } from "./services/slack-pacer.js";
import { SLACK_RETRY_CONFIG } from "./services/slack-retry.js";
import { createStudioDataCache, type StudioDataCache } from "./services/studio-data.js";
import { createThrottle, type Throttle } from "./services/throttle.js";
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
  /**
   * Keeps the Web API calls within Slack's per-method limits; default Slack's tiers (services/slack-pacer.ts),
   * counted in the store (shared by replicas). Its 429 pauses are honoured by the client's fetch.
   */
  pacer?: SlackPacer;
  /** How results reach Slack (see `BotDeps.delivery`); default `spread`. */
  delivery?: "spread" | "update-only";
  /**
   * The durable state. Default: the SQLite file `config.store.path` (`:memory:` keeps it in the process). For
   * PostgreSQL (DATABASE_URL), open it first: `store: await openStore(config.store)`.
   */
  store?: BotStore;
  /** This replica's id on the job leases. Default: host name, process id and a random part. */
  replicaId?: string;
  /** Milliseconds since the epoch. Default `Date.now`. */
  now?: () => number;
  /** Waits `ms` on the same clock as `now` (tests move it; see `BotDeps.sleep`). Default a timer. */
  sleep?: (ms: number) => Promise<void>;
  /**
   * Health and metrics (ops/create.ts), served at /healthz, /readyz and /metrics. main.ts makes them first, so that
   * the studio client's fetch is measured too. Default: made here (the studio API's requests then go unmeasured).
   */
  ops?: BotOps;
}

/** The Bolt app, and what a starting process does once it listens. */
export interface BotApp extends App {
  /** The durable state the app uses (close it after `app.stop()`). */
  readonly store: BotStore;
  /** This replica's id, as its job leases and log lines name it. */
  readonly replicaId: string;
  /** Its health and metrics (served on the receiver's port, or STUDIO_HEALTH_PORT in Socket Mode). */
  readonly ops: BotOps;
  /**
   * Claims the jobs free now (a previous process left them, or their replica's lease ran out) and follows each to
   * its end, posting each result once. Resolves with their number once all of them are done (minutes, for long
   * generations). A running bot calls {@link watchJobs} instead.
   */
  resumeJobs(): Promise<number>;
  /**
   * Claims free jobs now and every third of the lease (STUDIO_JOB_LEASE_SECONDS) until `stop()`, carrying each on:
   * a replica that died has its jobs taken over within a lease and a third. Call after `start()`. `stop()` also
   * releases this replica's leases, so the other replicas carry its jobs on at once.
   */
  watchJobs(): void;
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
    warn: (...parts: unknown[]) => {
      const line = text(parts);
      // The Web API client repeats this warning on every agents.sessions.setStatus: the bot logs it once, with
      // what to do (delivery/agent-sessions.ts).
      if (line.includes(MISSING_STOPPED_SUBSCRIPTION)) return;
      logger.warn({ source: "bolt" }, line);
    },
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
  const now = options.now ?? Date.now;
  const ops = options.ops ?? createBotOps({ replica: options.replicaId ?? replicaId(), now });
  // Measured where each step is recorded and each Slack call waits or goes (ops/instrument-*.ts).
  const store = measureStore(options.store ?? defaultStore(config), ops.metrics, now);
  // Slack calls are counted in the store (shared by the replicas), here while it is away (services/fallback-windows.ts).
  const windows = withLocalFallback(store.windows, {
    onStoreLost: (error) =>
      logger.warn({ err: error }, "cannot count Slack calls in the store; counting here until it answers"),
    onStoreBack: () => logger.info({}, "counting Slack calls in the store again"),
  });
  const pacer = measurePacer(options.pacer ?? createSlackPacer({ windows, now }), ops.metrics);
  // Spans through the studio client's provider (the global one, which main.ts's SDK registers when traces are sent).
  const tracer = tracerOf({ studio: options.studio });
  // STUDIO_MCP=on: the studio's tools for Slackbot at /mcp (src/mcp/route.ts), beside health and metrics.
  const mcp = config.mcp ? createSlackbotMcp(config.mcp, config.slack.signingSecret ?? "") : undefined;
  const routes = [
    ...opsRoutes({
      ...ops,
      onError: (error) => logger.warn({ err: error }, "a health or metrics route failed"),
    }),
    ...(mcp ? [mcp.route] : []),
  ];
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
      // A 429 pauses only its method (and channel), shared with the other replicas, instead of the whole client.
      fetch: rateLimitedFetch({
        pacer,
        // A span per request, named by its method (ops/tracing/slack-calls.ts: why the fetch is the place).
        fetch: traceSlackCalls(tracer, countSlackCalls(ops.metrics)),
        onRateLimited: (method, seconds) => logger.warn({ method, seconds }, "Slack rate limit: waiting it out"),
      }),
    },
  };
  // Socket Mode has no port of its own: health and metrics get STUDIO_HEALTH_PORT when it is set.
  const socketRoutes =
    config.healthPort === undefined ? {} : { customRoutes: routes, installerOptions: { port: config.healthPort } };
  const app =
    config.mode === "socket" && config.slack.appToken
      ? new App({ ...base, ...socketRoutes, socketMode: true, appToken: config.slack.appToken })
      : new App({
          ...base,
          // Bolt's own HTTP receiver, built here only to hand the signed headers to refuseReplays.
          receiver: new HTTPReceiver({
            signingSecret: config.slack.signingSecret ?? "",
            customRoutes: routes,
            logger: base.logger as BoltLogger,
            customPropertiesExtractor: (request) => ({ ...signedHeaders(request) }),
          }),
        });
  // Aborted by stop() once this replica's leases are released: its waits stop polling jobs now another's.
  const stopping = new AbortController();
  const deps: BotDeps = {
    config,
    studio: options.studio,
    poller: options.poller,
    logger,
    studioData: options.studioData ?? createStudioDataCache(options.studio),
    throttle: options.throttle ?? createThrottle(),
    pacer,
    delivery: options.delivery ?? "spread",
    store,
    now,
    ...(options.sleep ? { sleep: options.sleep } : {}),
    access: createAccessPolicy(config.access, { usergroupMembers: usergroupMembersFrom(app.client) }),
    keyMode: createKeyMode(),
    leases: createJobLeases({
      jobs: store.jobs,
      logger,
      leaseMs: config.jobLeaseMs,
      now,
      owner: options.replicaId ?? ops.replica,
    }),
    stopped: stopping.signal,
    studioReach: ops.reach,
    tracer,
    // Workflow Builder steps complete through the app's client (decision 0022).
    functionSteps: createFunctionSteps(app.client),

    // `/studio show` asks whether a result's channel is public (conversations.info).
    conversations: conversationKindsFrom(app.client, logger),
    // Work Objects show images from Slack files or unsigned URLs, never a signed one (decision 0027).
    previews: createPreviewImages({
      client: app.client,
      warn: (fields, message) => logger.warn(fields, message),
      pace: (method) => pacer.acquire(method),
    }),
  };
  // A board the bot changes gets its unfurls unfurled again (flows/board-refresh.ts, decision 0027).
  const boardRefresher = createBoardRefresher(deps, app.client);
  deps.boardChanged = boardRefresher.changed;
  // Where a result goes when it cannot be delivered where it was asked (delivery/undelivered.ts).
  useDirectMessages(deps, async (user) => {
    const opened = await app.client.conversations.open({ users: user });
    const channel = opened.channel?.id;
    if (!channel) throw new Error("conversations.open answered no channel");
    return dmSurface(app.client, user, channel);
  });
  mcp?.bind(deps, app.client);
  ops.metrics.readInFlight(() => deps.leases.count());
  ops.metrics.readUnfinished(() => store.jobs.unfinished());
  const endpoint = options.studio.endpoint;
  ops.health.bind({ store, ...(endpoint ? { probeStudio: () => probeStudio(ops.studioFetch, endpoint) } : {}) });
  app.error(async (error) => {
    logger.error({ err: error }, "unhandled error in a listener");
  });
  // First: each request from Slack is the root of its trace, around everything below (ops/tracing/slack-requests.ts).
  app.use(traceSlackRequests(tracer));
  app.use(refuseReplays(deps));
  app.use(dedupeEvents(deps));
  // Slack's assistant view: after the dedupe, and ahead of the listeners (it consumes the DM's thread messages).
  app.assistant(createAssistant(deps));
  registerCommands(app, deps);
  registerEvents(app, deps);
  registerFunctions(app, deps);
  registerActions(app, deps);
  registerViews(app, deps);
  const stopBolt = app.stop.bind(app);
  const initBolt = app.init.bind(app);
  let pruner: NodeJS.Timeout | undefined;
  return Object.assign(app, {
    store,
    replicaId: deps.leases.owner,
    ops,
    // Ready only once Slack accepted the token (auth.test).
    async init() {
      await initBolt();
      ops.health.slackReady();
    },
    resumeJobs: () =>
      resumeJobs(deps, app.client).then((claimed) => {
        ops.metrics.leaseTakeover(claimed);
        return claimed;
      }),
    watchJobs() {
      const prune = () =>
        store.prune(deps.now()).catch((error: unknown) => logger.warn({ err: error }, "could not prune the store"));
      void prune();
      pruner ??= setInterval(prune, PRUNE_EVERY_MS).unref();
      deps.leases.watch((job) => {
        ops.metrics.leaseTakeover();
        return carryOn(deps, app.client, job);
      });
    },
    // Stopping also hands this replica's jobs to the others at once instead of after its leases run out.
    async stop(...args: Parameters<App["stop"]>) {
      // Not ready at once, and still serving for the drain, so a load balancer stops sending requests here before
      // this replica stops taking them and lets its jobs go.
      ops.health.stopping();
      if (config.drainMs > 0) await new Promise((resolve) => setTimeout(resolve, config.drainMs));
      clearInterval(pruner);
      try {
        return await stopBolt(...args);
      } finally {
        await deps.leases.stop().catch((error: unknown) => logger.warn({ err: error }, "could not release job leases"));
        await boardRefresher.idle();
        stopping.abort();
      }
    },
  });
}

/** How often a running bot removes old events, claims and finished jobs from its store. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** The SQLite store the configuration names; PostgreSQL is opened by the caller (it is asynchronous). */
function defaultStore(config: Config): BotStore {
  if (config.store.kind === "postgres") {
    throw new Error(
      "@studio-kit/slack-bot: DATABASE_URL is set: open the PostgreSQL store first and pass it, createBotApp({ ..., store: await openStore(config.store) }).",
    );
  }
  return openSqliteStore({ path: config.store.path });
}

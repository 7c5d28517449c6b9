// startPlayground: the sandbox (or the real API), slack-sim, the bot and the page server, in one process. The
// wiring only; each part lives in its own module.
import type { SandboxServer } from "@studio-kit/sandbox";
import { type BotApp, type BotAppOptions, createLogger, type StoreConfig, studioWebBase } from "@studio-kit/slack-bot";
import { createSlackSim, type ManifestShortcut, type SlackSim } from "@studio-kit/slack-sim";
import type { Workspace } from "../shared/api.js";
import { accessSummary } from "./access.js";
import { manifestBotEvents } from "./agent-view.js";
import { createPromptOffers } from "./assistant.js";
import { type BotOverrides, startStandInBot } from "./bot.js";
import { createChangeTracker } from "./changes.js";
import { type Env, hasSlackCredentials, standInConfig } from "./config.js";
import type { RouteContext } from "./context.js";
import { listen } from "./http/node.js";
import { apiError } from "./http/responses.js";
import { createRouter } from "./http/router.js";
import { register as registerAgentView } from "./routes/agent-view.js";
import { register as registerAssistant } from "./routes/assistant.js";
import { register as registerBoards } from "./routes/boards.js";
import { register as registerFiles } from "./routes/files.js";
import { register as registerInteractions } from "./routes/interactions.js";
import { register as registerLinks } from "./routes/links.js";
import { register as registerSend } from "./routes/send.js";
import { register as registerShortcuts } from "./routes/shortcuts.js";
import { register as registerSlackbot } from "./routes/slackbot.js";
import { register as registerState } from "./routes/state.js";
import { register as registerUpload } from "./routes/upload.js";
import { register as registerWorkflow } from "./routes/workflow.js";
import { register as registerWorkspace } from "./routes/workspace.js";
import { standInSecrets } from "./secrets.js";
import { manifestShortcuts } from "./shortcuts.js";
import { createStaticHandler } from "./static.js";
import { startStudio } from "./studio.js";
import { defaultWebDir } from "./web-dir.js";
import { readBotManifest } from "./workflow-steps.js";
import { BOT, CHANNELS, PEOPLE, seedSim, simUsers, TEAM_NAME, workspaceChannels } from "./workspace.js";

/** Options of {@link startPlayground}. */
export interface PlaygroundOptions {
  /** The page's port. Default 3000; 0 picks a free one. */
  port?: number;
  /** The address to bind. Default 127.0.0.1: the playground holds no secrets, but it is for this machine. */
  host?: string;
  /**
   * Environment-like settings (main.ts passes `process.env`): STUDIO_API_KEY + STUDIO_BASE_URL for the real API,
   * STUDIO_BOT_DB, STUDIO_ALLOWED_*, the quotas, CREDITS_CONFIRM_THRESHOLD, LOG_LEVEL, PLAYGROUND_SOCKET_MODE. Slack credentials are not
   * used here (the playground is the stand-in; with them main.ts runs the bot's own entry). Default: none.
   */
  env?: Env;
  /** Mean generation time of the in-process sandbox, ms. Default 3000. */
  jobMs?: number;
  /** Poll interval against a sandbox, ms. Default 1000 (the real API always gets its documented schedule). */
  pollMs?: number;
  /** How long a long poll of /api/state is held, ms. Default 10000 (CONTRACT.md). */
  longPollMs?: number;
  /** How long POST /api/home waits for the bot to publish, ms. Default 8000. */
  homeWaitMs?: number;
  /** The bot's logger (and the server's). Default: pino at LOG_LEVEL (default "warn") on stdout. */
  logger?: BotAppOptions["logger"];
  /** Parts of the bot to replace (tests). */
  bot?: BotOverrides;
  /** The built page. Default this package's dist/web. */
  webDir?: string;
  /** The fetch the studio client sends with. Default the global one. */
  fetch?: typeof fetch;
  /**
   * The shortcuts Slack's menus offer, as a manifest's `features.shortcuts`. Default the bot manifest's (none today);
   * a test declares some to see the composer's shortcut menu and a message's "More actions" list them.
   */
  shortcuts?: ManifestShortcut[];
  /**
   * The events the app subscribes to, as a manifest's `settings.event_subscriptions.bot_events`: slack-sim shows
   * agent sessions Slack's stop button only with `agent_session_stopped` among them. Default the bot manifest's.
   */
  botEvents?: readonly string[];
}

/** A running playground. */
export interface Playground {
  /** The page, e.g. `http://localhost:3000`. */
  url: string;
  sim: SlackSim;
  /** The in-process sandbox, when no API key or base URL was given. */
  sandbox?: SandboxServer;
  app: BotApp;
  workspace: Workspace;
  /** Which API the bot and the board view use, in words (for the start-up lines; never a value). */
  studioDescription: string;
  /** Where the bot keeps its state: SQLite (":memory:" or a file path), or PostgreSQL (DATABASE_URL). */
  store: StoreConfig;
  /** How the stand-in reaches the bot: its HTTP receiver, or Socket Mode (PLAYGROUND_SOCKET_MODE). */
  delivery: "http" | "socket";
  /** Stops the page server, the bot, the sim and the sandbox, in that order. */
  close(): Promise<void>;
}

function check(options: PlaygroundOptions): void {
  const port = options.port ?? 3000;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new TypeError("@studio-kit/playground: port must be a whole number from 0 to 65535.");
  }
  for (const name of ["jobMs", "pollMs", "longPollMs", "homeWaitMs"] as const) {
    const value = options[name];
    if (value !== undefined && !(Number.isFinite(value) && value > 0)) {
      throw new TypeError(`@studio-kit/playground: ${name} must be a number of ms above 0.`);
    }
  }
  if (options.env && hasSlackCredentials(options.env)) {
    throw new TypeError(
      "@studio-kit/playground: Slack credentials are set, so there is no stand-in to run: run the bot itself (@studio-kit/slack-bot/main; main.ts does).",
    );
  }
}

/** The URL to print: `localhost` for a loopback or wildcard bind (what a browser on this machine opens). */
function pageUrl(host: string, port: number): string {
  const local = ["127.0.0.1", "::1", "0.0.0.0", "::", "localhost"].includes(host);
  const shown = local ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

/**
 * Starts everything `pnpm start` runs without Slack credentials: the studio API (an in-process sandbox unless
 * STUDIO_API_KEY / STUDIO_BASE_URL say otherwise), slack-sim on loopback seeded with the workspace, the bot
 * against it, and the page server with the JSON API of CONTRACT.md. If a step fails, what started is stopped.
 *
 * @example
 * const playground = await startPlayground({ port: 0, jobMs: 300 });
 * await fetch(`${playground.url}/api/send`, { method: "POST", body: JSON.stringify({ user: "U0ALICE", channel: "C0GENERAL", text: "/studio image a fox" }) });
 * await playground.close();
 */
export async function startPlayground(options: PlaygroundOptions = {}): Promise<Playground> {
  check(options);
  const env = options.env ?? {};
  const secrets = standInSecrets();
  const config = standInConfig(env, secrets);
  const logger = options.logger ?? createLogger(config.logLevel);
  const cleanups: Array<() => Promise<void>> = [];
  const closeAll = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      await cleanup().catch((error: unknown) => logger.warn({ err: error }, "a part of the playground did not stop"));
    }
  };
  try {
    const studio = await startStudio(config, {
      jobMs: options.jobMs ?? 3000,
      pollMs: options.pollMs ?? 1000,
      logger,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
    cleanups.push(studio.close);

    let eventsUrl = "";
    const botEvents = options.botEvents ?? manifestBotEvents(readBotManifest());
    const sim = createSlackSim({
      signingSecret: secrets.signingSecret,
      botToken: secrets.botToken,
      // PLAYGROUND_SOCKET_MODE: the sim delivers over the WebSocket the bot opens, not to its HTTP receiver.
      ...(config.mode === "socket" ? { socketMode: { appToken: secrets.appToken } } : { appUrl: () => eventsUrl }),
      channels: [...CHANNELS],
      users: simUsers(),
      // The app's unfurl domain is the platform's host (the manifest's `unfurl_domains` placeholder stands for it):
      // a board or asset link shared in a channel reaches the bot as link_shared, any other link does not.
      unfurlDomains: [new URL(studioWebBase(studio.studio)).hostname],
      // Only what the bot's manifest declares can be run from Slack's menus (none today).
      shortcuts: options.shortcuts ?? manifestShortcuts(readBotManifest()),
      // The AI surface the bot is installed with (STUDIO_SLACK_SURFACE, default the manifest's features.agent_view).
      view: config.slackSurface,
      // The events the manifest subscribes to: without agent_session_stopped, Slack shows sessions no stop button.
      ...(botEvents ? { botEvents } : {}),
    });
    await sim.start();
    cleanups.push(() => sim.close());
    seedSim(sim);

    const bot = await startStandInBot({
      config,
      studio: studio.studio,
      poller: studio.poller,
      logger,
      sim,
      ...(options.bot ? { overrides: options.bot } : {}),
    });
    eventsUrl = bot.eventsUrl ?? "";
    cleanups.push(bot.close);

    const tracker = createChangeTracker(sim);
    const access = accessSummary(config);
    const workspace = (): Workspace => ({
      team: TEAM_NAME,
      bot: { ...BOT },
      people: PEOPLE.map((person) => ({ ...person })),
      channels: workspaceChannels(sim),
      slack: "stand-in",
      studio: studio.kind,
      access,
      surface: config.slackSurface,
    });
    const context: RouteContext = {
      sim,
      tracker,
      studio: studio.studio,
      workspace,
      longPollMs: options.longPollMs ?? 10_000,
      homeWaitMs: options.homeWaitMs ?? 8_000,
      logger,
      assistant: createPromptOffers(sim),
    };
    const router = createRouter();
    for (const register of [
      registerWorkspace,
      registerState,
      registerSend,
      registerUpload,
      registerInteractions,
      registerAssistant,
      registerAgentView,
      registerFiles,
      registerBoards,
      registerLinks,
      registerWorkflow,
      registerShortcuts,
      registerSlackbot,
    ]) {
      register(router, context);
    }
    const serveStatic = createStaticHandler(options.webDir ?? defaultWebDir());
    const fallback = (request: Request) =>
      new URL(request.url).pathname.startsWith("/api/")
        ? apiError(404, "not_found", "No such endpoint: see apps/playground/CONTRACT.md.")
        : serveStatic(request);
    const host = options.host ?? "127.0.0.1";
    const server = await listen((request) => router.handle(request, fallback), {
      port: options.port ?? 3000,
      host,
      onError: (error) => logger.error({ err: error }, "a playground request failed"),
    });
    cleanups.push(async () => {
      tracker.close();
      await server.close();
    });
    return {
      url: pageUrl(host, server.port),
      sim,
      ...(studio.sandbox ? { sandbox: studio.sandbox } : {}),
      app: bot.app,
      workspace: workspace(),
      studioDescription: studio.description,
      store: config.store,
      delivery: config.mode,
      close: closeAll,
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}

// The process entry: reads the configuration, builds the studio client (or an in-process sandbox when no API key
// is given), and starts the Bolt app. The only module that reads process.env.
import { createStudioClient } from "@studio-kit/core";
import { createPoller } from "@studio-kit/poller";
import { createRealTimeClock, SANDBOX_KEYS, startSandboxServer } from "@studio-kit/sandbox";
import { createBotApp } from "./app.js";
import { type Config, ConfigError, describeStore, readConfig } from "./config.js";
import { createLogger } from "./logger.js";
import { createBotOps } from "./ops/create.js";
import { startTracing, type Tracing } from "./ops/tracing/sdk.js";
import { replicaId } from "./services/job-leases.js";
import { openStore } from "./store/open.js";

function configOrExit(): Config {
  try {
    return readConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = configOrExit();
  const logger = createLogger(config.logLevel);
  // First, before any request: the SDK registers the provider, context manager and propagator every span uses. Only
  // when an OTLP endpoint is set (config/tracing.ts); otherwise it is not even loaded. Decision 0023.
  let tracing: Tracing | undefined;
  if (config.tracing) {
    tracing = await startTracing({
      serviceName: "studio-slack-bot",
      ...(config.tracing.sdkLogs ? {} : { logger }),
    });
  }

  let apiKey: string;
  let baseUrl: string;
  let api: string;
  if (config.studio.kind === "real") {
    ({ apiKey, baseUrl } = config.studio);
    api = `the studio API at ${new URL(baseUrl).origin}`;
  } else if (config.studio.baseUrl) {
    ({ baseUrl } = config.studio);
    apiKey = SANDBOX_KEYS.readWrite;
    api = `the sandbox at ${new URL(baseUrl).origin}`;
  } else {
    // A sandbox in this process, on today's date and real time: generations finish as a person waits for them, and
    // credits show a next refill in the future.
    const server = await startSandboxServer({ port: 0, clock: createRealTimeClock() });
    baseUrl = server.url;
    apiKey = SANDBOX_KEYS.readWrite;
    api = `an in-process sandbox at ${server.url} (no STUDIO_API_KEY)`;
  }
  // Health and metrics first: the studio client's requests are measured (and their answers make it ready).
  const ops = createBotOps({ replica: replicaId() });
  const studio = createStudioClient({ apiKey, baseUrl, logger, fetch: ops.studioFetch });
  // PostgreSQL's migrations run here, before the app listens; several replicas starting at once take turns.
  const store = await openStore(config.store, { logger });
  const app = createBotApp({
    config,
    studio,
    poller: createPoller(studio),
    logger,
    store,
    ops,
    ...(config.slack.apiUrl ? { slackApiUrl: config.slack.apiUrl } : {}),
  });
  await app.init();
  // Over HTTP Bolt answers with its server; PORT=0 (any free port) is told apart only by asking it where it listens.
  const listening = await app.start(config.port);
  const address = config.mode === "http" ? listening?.address() : null;
  const port = address && typeof address === "object" ? address.port : config.port;
  const health =
    config.mode === "http"
      ? "; /healthz, /readyz and /metrics on the same port"
      : config.healthPort === undefined
        ? " (no STUDIO_HEALTH_PORT: no /healthz, /readyz or /metrics)"
        : `; /healthz, /readyz and /metrics on port ${config.healthPort}`;
  const slack = `${config.mode === "socket" ? "Slack in Socket Mode" : `Slack over HTTP on port ${port}`}${health}`;
  const traces = config.tracing ? `, traces to ${config.tracing.collector}` : "";
  logger.info(
    {
      mode: config.mode,
      studio: config.studio.kind,
      replica: app.replicaId,
      ...(config.mode === "http" ? { port } : {}),
    },
    `Studio bot running: ${slack}, ${api}, ${describeStore(config.store)}${traces}`,
  );

  // Jobs left unfinished (by a previous process, or a replica that died) are claimed and followed to their end,
  // now and every few seconds; that takes as long as the generations do.
  app.watchJobs();

  // A deploy stops the process with SIGTERM: stop taking requests, hand this replica's jobs to the others (its
  // leases are released) and close the store cleanly. Each job goes on from its last recorded step.
  const stop = async (signal: string) => {
    logger.info({ signal }, "stopping");
    await app.stop().catch((error: unknown) => logger.warn({ err: error }, "the app did not stop cleanly"));
    await app.store.close().catch((error: unknown) => logger.warn({ err: error }, "the store did not close cleanly"));
    // The spans still batched go to the collector before the process ends (at most 5 s when it does not answer).
    await tracing?.shutdown().catch((error: unknown) => logger.warn({ err: error }, "traces were not all sent"));
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
}

main().catch((error: unknown) => {
  console.error("@studio-kit/slack-bot: could not start:", error instanceof Error ? error.message : error);
  process.exit(1);
});

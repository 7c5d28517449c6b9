// Configuration is read and checked here, once, at start; nothing else reads process.env. Each area reads its own
// variables (src/config/: slack, studio, ops, access, store, over the shared helpers in read.ts); this file puts
// them together. Every problem is reported at once, with what to do, and no message ever repeats a value (a
// malformed token is still a secret, and a pasted list of ids may hold one by mistake).

import { ACCESS_DEFAULTS, type AccessConfig, type LimitsConfig, readAccess } from "./config/access.js";
import { type McpConfig, readMcp } from "./config/mcp.js";
import { type LogLevel, OPS_DEFAULTS, readOps } from "./config/ops.js";
import { ConfigError, type Env } from "./config/read.js";
import { readSlack, SLACK_DEFAULTS, type SlackConfig, type SlackProgress, type SlackSurface } from "./config/slack.js";
import { readStore, STORE_DEFAULTS, type StoreConfig } from "./config/store.js";
import { readStudio, type StudioConfig } from "./config/studio.js";
import { readTracing, type TracingConfig } from "./config/tracing.js";

export type { AccessConfig } from "./config/access.js";
export type { McpConfig } from "./config/mcp.js";
export type { LogLevel } from "./config/ops.js";
export { ConfigError } from "./config/read.js";
export type { SlackProgress, SlackSurface } from "./config/slack.js";
export { describeStore, IN_MEMORY_STORE, type StoreConfig } from "./config/store.js";
export type { TracingConfig } from "./config/tracing.js";

/** The checked configuration the app starts with. */
export interface Config {
  /**
   * `apiUrl`: the Slack Web API base URL, ending in `/` (a local stand-in such as slack-sim); unset = Slack's.
   * `signingSecret` is required over HTTP only: Socket Mode (`slack run` included) receives nothing to verify.
   */
  slack: SlackConfig;
  /** Socket Mode when an app-level token is given, the HTTP receiver otherwise. */
  mode: "socket" | "http";
  /** The real API when a key is given, the in-process sandbox otherwise. */
  studio: StudioConfig;
  port: number;
  logLevel: LogLevel;
  /** Costs above this many credits ask for confirmation first. */
  creditsConfirmThreshold: number;
  /** Who may spend credits. All three empty = everyone may. */
  access: AccessConfig;
  /** Quotas on generations; a limit left out is not enforced (assignable to the store's `Limits`). */
  limits: LimitsConfig;
  /**
   * STUDIO_ADMIN_USERS: who sees the workspace's figures on their App Home (the week's ratings by model). Empty =
   * nobody.
   */
  admins: string[];
  /**
   * Where the bot keeps its state: a SQLite file (an absolute path, or `:memory:`: nothing survives a restart), or
   * PostgreSQL when `DATABASE_URL` is set (several replicas share it). The URL holds a password: never log it.
   */
  store: StoreConfig;
  /** How long a replica's hold on a job lasts unless renewed (ms); a dead replica's jobs move on after it. */
  jobLeaseMs: number;
  /**
   * STUDIO_HEALTH_PORT: in Socket Mode, the port of /healthz, /readyz and /metrics (over HTTP they are on `port`);
   * undefined = not served in Socket Mode.
   */
  healthPort?: number;
  /**
   * STUDIO_DRAIN_SECONDS, in ms: after SIGTERM the replica answers not ready at once and keeps serving this long
   * before it stops taking requests and releases its jobs, so a load balancer polling /readyz drains it first.
   */
  drainMs: number;
  /**
   * STUDIO_SLACK_SURFACE: which of Slack's AI surfaces the app is installed with. `agent` (the default,
   * manifest.json's `features.agent_view`): the DM is the conversation; opening it (`app_home_opened`, tab
   * `messages`) gets the greeting and the suggested prompts, and each message there is answered in its own thread
   * with the status line. `assistant` (`features.assistant_view`, apps installed before): threads start with
   * `assistant_thread_started`, and a top-level DM message is answered in the DM as before.
   * https://docs.slack.dev/ai/migrating-to-agent-messaging/
   */
  slackSurface: SlackSurface;
  /**
   * STUDIO_SLACK_PROGRESS: `stream` (the default): a job asked in a thread (a mention, a click on a result, a message
   * in a DM's thread) shows its phases as tasks of one streamed message (chat.startStream) that ends as its result
   * (chat.stopStream); a slash command, an assistant thread and a job taking minutes keep today's progress. `update`:
   * chat.update everywhere. Decision 0019.
   */
  slackProgress: SlackProgress;
  /**
   * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT or OTEL_EXPORTER_OTLP_ENDPOINT: the process sends its traces there through the
   * OpenTelemetry SDK (main.ts); undefined = no SDK is loaded and nothing is sent. Decision 0023.
   */
  tracing?: TracingConfig;
  /**
   * STUDIO_MCP=on: the studio's tools served to Slackbot at /mcp with Slack identity auth (src/mcp/); undefined = off,
   * the default.
   */
  mcp?: McpConfig;
}

/** Defaults for the optional settings (each area's, in one place). */
export const CONFIG_DEFAULTS = {
  port: OPS_DEFAULTS.port,
  logLevel: OPS_DEFAULTS.logLevel,
  creditsConfirmThreshold: ACCESS_DEFAULTS.creditsConfirmThreshold,
  storePath: STORE_DEFAULTS.storePath,
  jobLeaseSeconds: STORE_DEFAULTS.jobLeaseSeconds,
  drainSeconds: OPS_DEFAULTS.drainSeconds,
  slackSurface: SLACK_DEFAULTS.slackSurface,
  slackProgress: SLACK_DEFAULTS.slackProgress,
} as const;

/**
 * Reads the app's configuration from an environment (pass `process.env`). Throws one {@link ConfigError} that
 * lists every missing or malformed variable. A relative `STUDIO_BOT_DB` is resolved against `options.cwd`
 * (default the process's working directory), so the path the bot logs and opens is the same absolute one.
 *
 * @example const config = readConfig(process.env); // mode "socket" when SLACK_APP_TOKEN is set
 */
export function readConfig(env: Env, options: { cwd?: string } = {}): Config {
  const problems: string[] = [];
  const slack = readSlack(env, problems);
  const studio = readStudio(env, problems);
  const ops = readOps(env, problems);
  const spending = readAccess(env, problems);
  const state = readStore(env, problems, options.cwd ?? process.cwd());
  const tracing = readTracing(env, problems);
  const mcp = readMcp(env, problems);
  if (problems.length || !slack) throw new ConfigError(problems);
  return {
    slack: slack.slack,
    mode: slack.mode,
    studio,
    port: ops.port,
    logLevel: ops.logLevel,
    ...spending,
    ...state,
    drainMs: ops.drainMs,
    ...(ops.healthPort === undefined ? {} : { healthPort: ops.healthPort }),
    slackSurface: slack.slackSurface,
    slackProgress: slack.slackProgress,
    ...(tracing ? { tracing } : {}),
    ...(mcp.enabled ? { mcp } : {}),
  };
}

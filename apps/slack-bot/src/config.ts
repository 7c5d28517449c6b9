// Configuration is read and checked here, once, at start; nothing else reads process.env. Every problem is
// reported at once, with what to do, and no message ever repeats a value (a malformed token is still a secret, and
// a pasted list of ids may hold one by mistake): a bad entry in a list is named by its position.

import { isAbsolute, resolve } from "node:path";

/** The checked configuration the app starts with. */
export interface Config {
  /**
   * `apiUrl`: the Slack Web API base URL, ending in `/` (a local stand-in such as slack-sim); unset = Slack's.
   * `signingSecret` is required over HTTP only: Socket Mode (`slack run` included) receives nothing to verify.
   */
  slack: { botToken: string; signingSecret?: string; appToken?: string; apiUrl?: string };
  /** Socket Mode when an app-level token is given, the HTTP receiver otherwise. */
  mode: "socket" | "http";
  /** The real API when a key is given, the in-process sandbox otherwise. */
  studio: { kind: "real"; apiKey: string; baseUrl: string } | { kind: "sandbox"; baseUrl?: string };
  port: number;
  logLevel: LogLevel;
  /** Costs above this many credits ask for confirmation first. */
  creditsConfirmThreshold: number;
  /** Who may spend credits. All three empty = everyone may. */
  access: AccessConfig;
  /** Quotas on generations; a limit left out is not enforced (assignable to the store's `Limits`). */
  limits: { userOutputsPerHour?: number; dailyCredits?: number };
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
}

/** Slack's AI surface the app is installed with: `features.agent_view` or `features.assistant_view`. */
export type SlackSurface = "agent" | "assistant";
const SLACK_SURFACES: SlackSurface[] = ["agent", "assistant"];

/** The bot's state: embedded SQLite (one process), or a PostgreSQL database shared by replicas. */
export type StoreConfig = { kind: "sqlite"; path: string } | { kind: "postgres"; url: string };

/**
 * Who may generate (spend credits): a user listed in `users`, a member of a user group in `groups`, or anyone in a
 * channel in `channels`. All empty = no rule, everyone may. Ids only: names change and can be reused.
 */
export interface AccessConfig {
  /** Slack user ids, `U...` or `W...` (Enterprise Grid). */
  users: string[];
  /** Slack user group ids, `S...`. */
  groups: string[];
  /** Conversation ids: `C...` (public), `G...` (private), `D...` (a direct message with the bot). */
  channels: string[];
}

/** pino's levels. */
export type LogLevel = "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
const LOG_LEVELS: LogLevel[] = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

/** Defaults for the optional settings. */
export const CONFIG_DEFAULTS = {
  port: 3000,
  logLevel: "info",
  creditsConfirmThreshold: 50,
  /** Relative to the working directory, like any relative STUDIO_BOT_DB. */
  storePath: "studio-bot.db",
  /** STUDIO_JOB_LEASE_SECONDS: renewed every 5 s, so a dead replica's jobs move on within 20 s. */
  jobLeaseSeconds: 15,
  /** STUDIO_DRAIN_SECONDS: none, a stop is as quick as before; set it to the load balancer's time to notice. */
  drainSeconds: 0,
  /** STUDIO_SLACK_SURFACE: the agent messaging experience, which Slack steers new apps to. */
  slackSurface: "agent",
} as const;

/** SQLite's name for a database that lives in memory only (https://www.sqlite.org/inmemorydb.html). */
export const IN_MEMORY_STORE = ":memory:";

/** The configuration could not be used: `problems` names each variable and what to do, never its value. */
export class ConfigError extends Error {
  override name = "ConfigError";
  readonly code = "INVALID_CONFIG";
  constructor(readonly problems: string[]) {
    super(`@studio-kit/slack-bot: the configuration cannot be used:\n${problems.map((p) => `- ${p}`).join("\n")}`);
  }
}

type Env = Record<string, string | undefined>;
const read = (env: Env, name: string) => {
  const value = env[name]?.trim();
  return value ? value : undefined;
};

function httpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

// Slack ids are upper-case letters and digits after a one-letter kind, of no fixed length (user ids may start with
// W on Enterprise Grid: https://api.slack.com/changelog/2016-08-11-user-id-format-changes). Lower case is refused on
// purpose: a name such as "wendy" must not pass for a user id.
const ID_LISTS = {
  STUDIO_ALLOWED_USERS: {
    pattern: /^[UW][A-Z0-9]+$/,
    what: "Slack user ids (U... or W...)",
    how: "copy each from the person's profile, ⋮ > Copy member ID",
  },
  STUDIO_ALLOWED_GROUPS: {
    pattern: /^S[A-Z0-9]+$/,
    what: "Slack user group ids (S...)",
    how: "the S... at the end of the group's link in Slack's web app, or from the usergroups.list API",
  },
  STUDIO_ALLOWED_CHANNELS: {
    pattern: /^[CGD][A-Z0-9]+$/,
    what: "Slack channel ids (C..., G... or D...)",
    how: "copy each from the channel's details, at the bottom of the About tab",
  },
} as const;

/** A comma- or space-separated id list: the ids (deduplicated), or a problem naming the bad entries by position. */
function readIds(env: Env, name: keyof typeof ID_LISTS, problems: string[]): string[] {
  const rule = ID_LISTS[name];
  const entries = (read(env, name) ?? "").split(/[\s,]+/).filter(Boolean);
  const bad = entries.flatMap((entry, index) => (rule.pattern.test(entry) ? [] : [index + 1]));
  if (bad.length) {
    const which = bad.length > 5 ? `${bad.slice(0, 5).join(", ")} and ${bad.length - 5} more` : bad.join(", ");
    problems.push(
      `${name} must list ${rule.what} separated by commas or spaces, not names: ${bad.length === 1 ? "entry" : "entries"} ${which} of ${entries.length} ${bad.length === 1 ? "is" : "are"} not one (${rule.how}).`,
    );
  }
  return [...new Set(entries)];
}

/** The quotas; each one unset is left out (not enforced). */
function readLimits(env: Env, problems: string[]): Config["limits"] {
  const limits: Config["limits"] = {};
  const hourly = read(env, "STUDIO_USER_HOURLY_LIMIT");
  const budget = read(env, "STUDIO_DAILY_CREDIT_BUDGET");
  if (hourly !== undefined) {
    // 0 would stop everyone, which is what the STUDIO_ALLOWED_* lists are for.
    if (/^\d+$/.test(hourly) && Number(hourly) > 0 && Number.isSafeInteger(Number(hourly))) {
      limits.userOutputsPerHour = Number(hourly);
    } else {
      problems.push(
        "STUDIO_USER_HOURLY_LIMIT must be a whole number of outputs, 1 or more, per person per rolling hour (leave it empty for no limit).",
      );
    }
  }
  if (budget !== undefined) {
    // Digits with an optional fraction only: Number() would also take "0x10", "1e3" and "Infinity".
    if (/^\d+(\.\d+)?$/.test(budget)) limits.dailyCredits = Number(budget);
    else {
      problems.push(
        "STUDIO_DAILY_CREDIT_BUDGET must be a number of credits, 0 or more, per UTC day for the whole workspace (leave it empty for no budget; 0 stops all generation).",
      );
    }
  }
  return limits;
}

/** PostgreSQL when DATABASE_URL is set, the SQLite file otherwise. */
function readStore(env: Env, cwd: string, problems: string[]): StoreConfig {
  const url = read(env, "DATABASE_URL");
  if (url === undefined) return { kind: "sqlite", path: readStorePath(env, cwd, problems) };
  if (read(env, "STUDIO_BOT_DB") !== undefined) {
    problems.push(
      "DATABASE_URL and STUDIO_BOT_DB are both set: unset STUDIO_BOT_DB to keep the state in PostgreSQL (several replicas), or DATABASE_URL to keep it in the SQLite file (one process).",
    );
  }
  if (!postgresUrl(url)) {
    problems.push(
      "DATABASE_URL must be a PostgreSQL connection URL: postgres://user:password@host:5432/database (postgresql:// works too).",
    );
  }
  return { kind: "postgres", url };
}

function postgresUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "postgres:" || url.protocol === "postgresql:") && url.pathname.length > 1;
  } catch {
    return false;
  }
}

/** STUDIO_JOB_LEASE_SECONDS, in ms. */
function readLease(env: Env, problems: string[]): number {
  const value = read(env, "STUDIO_JOB_LEASE_SECONDS");
  if (value === undefined) return CONFIG_DEFAULTS.jobLeaseSeconds * 1000;
  const seconds = Number(value);
  // Below 3 s a slow database round trip could cost a live replica its jobs; above 5 minutes a dead replica's
  // jobs would wait longer than anyone waits for a picture.
  if (!/^\d+$/.test(value) || seconds < 3 || seconds > 300) {
    problems.push(
      "STUDIO_JOB_LEASE_SECONDS must be a whole number of seconds from 3 to 300 (default 15): how long a replica's hold on a job lasts; a dead replica's jobs move on after it.",
    );
    return CONFIG_DEFAULTS.jobLeaseSeconds * 1000;
  }
  return seconds * 1000;
}

/** STUDIO_HEALTH_PORT and STUDIO_DRAIN_SECONDS (ms): where Socket Mode serves health, and how long a stop drains. */
function readOps(env: Env, problems: string[]): { healthPort?: number; drainMs: number } {
  const port = read(env, "STUDIO_HEALTH_PORT");
  const drain = read(env, "STUDIO_DRAIN_SECONDS");
  const ops: { healthPort?: number; drainMs: number } = { drainMs: CONFIG_DEFAULTS.drainSeconds * 1000 };
  if (port !== undefined) {
    if (/^\d+$/.test(port) && Number(port) <= 65535) ops.healthPort = Number(port);
    else
      problems.push(
        "STUDIO_HEALTH_PORT must be a port number from 0 to 65535 (Socket Mode's /healthz, /readyz, /metrics).",
      );
  }
  if (drain !== undefined) {
    // Past 2 minutes a deploy waits on every replica for longer than any load balancer needs to notice.
    if (/^\d+$/.test(drain) && Number(drain) <= 120) ops.drainMs = Number(drain) * 1000;
    else
      problems.push(
        "STUDIO_DRAIN_SECONDS must be a whole number of seconds from 0 to 120 (default 0): how long a stopping replica answers not ready before it stops.",
      );
  }
  return ops;
}

/** STUDIO_SLACK_SURFACE: `agent` or `assistant`, in any case. */
function readSlackSurface(env: Env, problems: string[]): SlackSurface {
  const value = read(env, "STUDIO_SLACK_SURFACE")?.toLowerCase() ?? CONFIG_DEFAULTS.slackSurface;
  if (SLACK_SURFACES.includes(value as SlackSurface)) return value as SlackSurface;
  problems.push(
    "STUDIO_SLACK_SURFACE must be agent (the app's manifest has features.agent_view, the default) or assistant (features.assistant_view, for an app installed with the assistant view).",
  );
  return CONFIG_DEFAULTS.slackSurface;
}

/** The SQLite file: `:memory:` as is, anything else made absolute against `cwd`. */
function readStorePath(env: Env, cwd: string, problems: string[]): string {
  const path = read(env, "STUDIO_BOT_DB") ?? CONFIG_DEFAULTS.storePath;
  if (path === IN_MEMORY_STORE) return path;
  if (/[\\/]$/.test(path)) {
    problems.push("STUDIO_BOT_DB must be the path of a file (such as ./studio-bot.db), not a directory, or :memory:.");
  }
  // No shell reads this value, so a leading ~ would name a directory called "~" in the working directory.
  if (path.startsWith("~"))
    problems.push("STUDIO_BOT_DB cannot start with ~ (it is not expanded): give an absolute path.");
  return isAbsolute(path) ? path : resolve(cwd, path);
}

/**
 * Reads the app's configuration from an environment (pass `process.env`). Throws one {@link ConfigError} that
 * lists every missing or malformed variable. A relative `STUDIO_BOT_DB` is resolved against `options.cwd`
 * (default the process's working directory), so the path the bot logs and opens is the same absolute one.
 *
 * @example const config = readConfig(process.env); // mode "socket" when SLACK_APP_TOKEN is set
 */
export function readConfig(env: Env, options: { cwd?: string } = {}): Config {
  const problems: string[] = [];
  // Under `slack run` the Slack CLI's start hook gives the tokens of the app it installed as SLACK_CLI_XOXB and
  // SLACK_CLI_XAPP (newer CLIs also as SLACK_BOT_TOKEN and SLACK_APP_TOKEN). A variable set by hand wins, as the
  // CLI itself lets it win (https://github.com/slackapi/slack-cli, setAppEnvironmentTokens).
  const botVar =
    read(env, "SLACK_BOT_TOKEN") === undefined && read(env, "SLACK_CLI_XOXB") ? "SLACK_CLI_XOXB" : "SLACK_BOT_TOKEN";
  const appVar =
    read(env, "SLACK_APP_TOKEN") === undefined && read(env, "SLACK_CLI_XAPP") ? "SLACK_CLI_XAPP" : "SLACK_APP_TOKEN";
  const botToken = read(env, botVar);
  const signingSecret = read(env, "SLACK_SIGNING_SECRET");
  const appToken = read(env, appVar);
  const apiKey = read(env, "STUDIO_API_KEY");
  const baseUrl = read(env, "STUDIO_BASE_URL");
  const port = read(env, "PORT");
  const logLevel = read(env, "LOG_LEVEL");
  const threshold = read(env, "CREDITS_CONFIRM_THRESHOLD");
  const slackApiUrl = read(env, "SLACK_API_URL");

  if (!botToken)
    problems.push("SLACK_BOT_TOKEN is missing: copy the Bot User OAuth Token (xoxb-...) from OAuth & Permissions.");
  else if (!botToken.startsWith("xoxb-"))
    problems.push(`${botVar} must be a bot token starting with xoxb- (OAuth & Permissions).`);
  // Only the HTTP receiver verifies requests; Socket Mode never needs the secret.
  if (!signingSecret && !appToken)
    problems.push(
      "SLACK_SIGNING_SECRET is missing: copy it from Basic Information > App Credentials (or set SLACK_APP_TOKEN for Socket Mode, which needs none).",
    );
  if (appToken !== undefined && !appToken.startsWith("xapp-")) {
    problems.push(
      `${appVar} must be an app-level token starting with xapp- (Basic Information > App-Level Tokens), or be left unset for HTTP mode.`,
    );
  }
  if (apiKey && !baseUrl)
    problems.push("STUDIO_BASE_URL is required when STUDIO_API_KEY is set: the API's http(s) URL.");
  if (baseUrl && !httpUrl(baseUrl)) problems.push("STUDIO_BASE_URL must be an http:// or https:// URL.");
  const portNumber = port === undefined ? CONFIG_DEFAULTS.port : Number(port);
  if (!/^\d+$/.test(port ?? "0") || !Number.isInteger(portNumber) || portNumber < 0 || portNumber > 65535) {
    problems.push("PORT must be a port number from 0 to 65535.");
  }
  const level = (logLevel ?? CONFIG_DEFAULTS.logLevel).toLowerCase() as LogLevel;
  if (!LOG_LEVELS.includes(level)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}.`);
  const limit = threshold === undefined ? CONFIG_DEFAULTS.creditsConfirmThreshold : Number(threshold);
  if (!Number.isFinite(limit) || limit < 0) {
    problems.push("CREDITS_CONFIRM_THRESHOLD must be a number of credits, 0 or more (0 asks before every generation).");
  }
  if (slackApiUrl && !httpUrl(slackApiUrl)) {
    problems.push("SLACK_API_URL must be an http:// or https:// URL, or be left unset to use Slack's own.");
  }
  const access: AccessConfig = {
    users: readIds(env, "STUDIO_ALLOWED_USERS", problems),
    groups: readIds(env, "STUDIO_ALLOWED_GROUPS", problems),
    channels: readIds(env, "STUDIO_ALLOWED_CHANNELS", problems),
  };
  const limits = readLimits(env, problems);
  const store = readStore(env, options.cwd ?? process.cwd(), problems);
  const jobLeaseMs = readLease(env, problems);
  const ops = readOps(env, problems);
  const slackSurface = readSlackSurface(env, problems);

  if (problems.length || !botToken) throw new ConfigError(problems);
  const slack: Config["slack"] = { botToken };
  if (signingSecret) slack.signingSecret = signingSecret;
  if (appToken) slack.appToken = appToken;
  // WebClient appends the method name to this URL; with the slash, the configured and the used URL are the same.
  if (slackApiUrl) slack.apiUrl = slackApiUrl.endsWith("/") ? slackApiUrl : `${slackApiUrl}/`;
  return {
    slack,
    mode: appToken ? "socket" : "http",
    studio:
      apiKey && baseUrl
        ? { kind: "real", apiKey, baseUrl }
        : baseUrl
          ? { kind: "sandbox", baseUrl }
          : { kind: "sandbox" },
    port: portNumber,
    logLevel: level,
    creditsConfirmThreshold: limit,
    access,
    limits,
    store,
    jobLeaseMs,
    ...ops,
    slackSurface,
  };
}

/** Where the state lives, for a start-up line: never the database URL (it holds a password), only its host. */
export function describeStore(store: StoreConfig): string {
  if (store.kind === "postgres") {
    const url = new URL(store.url);
    return `state in PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ""}${url.pathname} (DATABASE_URL)`;
  }
  return store.path === IN_MEMORY_STORE ? "state in memory only" : `state in ${store.path}`;
}

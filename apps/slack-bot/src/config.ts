// Configuration is read and checked here, once, at start; nothing else reads process.env. Every problem is
// reported at once, with what to do, and no message ever repeats a value (a malformed token is still a secret).

/** The checked configuration the app starts with. */
export interface Config {
  slack: { botToken: string; signingSecret: string; appToken?: string };
  /** Socket Mode when an app-level token is given, the HTTP receiver otherwise. */
  mode: "socket" | "http";
  /** The real API when a key is given, the in-process sandbox otherwise. */
  studio: { kind: "real"; apiKey: string; baseUrl: string } | { kind: "sandbox"; baseUrl?: string };
  port: number;
  logLevel: LogLevel;
  /** Costs above this many credits ask for confirmation first. */
  creditsConfirmThreshold: number;
}

/** pino's levels. */
export type LogLevel = "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
const LOG_LEVELS: LogLevel[] = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

/** Defaults for the optional settings. */
export const CONFIG_DEFAULTS = { port: 3000, logLevel: "info", creditsConfirmThreshold: 50 } as const;

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

/**
 * Reads the app's configuration from an environment (pass `process.env`). Throws one {@link ConfigError} that
 * lists every missing or malformed variable.
 *
 * @example const config = readConfig(process.env); // mode "socket" when SLACK_APP_TOKEN is set
 */
export function readConfig(env: Env): Config {
  const problems: string[] = [];
  const botToken = read(env, "SLACK_BOT_TOKEN");
  const signingSecret = read(env, "SLACK_SIGNING_SECRET");
  const appToken = read(env, "SLACK_APP_TOKEN");
  const apiKey = read(env, "STUDIO_API_KEY");
  const baseUrl = read(env, "STUDIO_BASE_URL");
  const port = read(env, "PORT");
  const logLevel = read(env, "LOG_LEVEL");
  const threshold = read(env, "CREDITS_CONFIRM_THRESHOLD");

  if (!botToken)
    problems.push("SLACK_BOT_TOKEN is missing: copy the Bot User OAuth Token (xoxb-...) from OAuth & Permissions.");
  else if (!botToken.startsWith("xoxb-"))
    problems.push("SLACK_BOT_TOKEN must be a bot token starting with xoxb- (OAuth & Permissions).");
  if (!signingSecret)
    problems.push("SLACK_SIGNING_SECRET is missing: copy it from Basic Information > App Credentials.");
  if (appToken !== undefined && !appToken.startsWith("xapp-")) {
    problems.push(
      "SLACK_APP_TOKEN must be an app-level token starting with xapp- (Basic Information > App-Level Tokens), or be left unset for HTTP mode.",
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

  if (problems.length || !botToken || !signingSecret) throw new ConfigError(problems);
  return {
    slack: appToken ? { botToken, signingSecret, appToken } : { botToken, signingSecret },
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
  };
}

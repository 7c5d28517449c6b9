// The bot's configuration in the playground: the caller's environment-like settings (STUDIO_*, quotas, access,
// LOG_LEVEL, CREDITS_CONFIRM_THRESHOLD) read by the bot's own readConfig, with Slack's part replaced by the
// stand-in's credentials. Read once at start, like apps/slack-bot's main.
import { type Config, readConfig } from "@studio-kit/slack-bot";
import type { StandInSecrets } from "./secrets.js";

/** Environment-like settings: what `process.env` holds (main.ts passes it; tests pass a literal). */
export type Env = Record<string, string | undefined>;

/** SQLite's in-memory database: the bot's state lives as long as the process, like the stand-in's. */
const IN_MEMORY = ":memory:";

/**
 * PLAYGROUND_SOCKET_MODE=1 (or `true`): the bot runs in Socket Mode against the stand-in (its app-level token,
 * apps.connections.open and a WebSocket on slack-sim) instead of its HTTP receiver. The page is the same.
 */
export function standInSocketMode(env: Env): boolean {
  return ["1", "true", "yes"].includes(env.PLAYGROUND_SOCKET_MODE?.trim().toLowerCase() ?? "");
}

/** True when the environment names real Slack: a bot token and signing secret, or an app-level token. */
export function hasSlackCredentials(env: Env): boolean {
  const set = (name: string) => Boolean(env[name]?.trim());
  return set("SLACK_APP_TOKEN") || (set("SLACK_BOT_TOKEN") && set("SLACK_SIGNING_SECRET"));
}

/**
 * The bot's checked configuration against the stand-in: its own token and secret, the HTTP receiver (Socket Mode with
 * the stand-in's own app-level token when PLAYGROUND_SOCKET_MODE is on), state in memory unless STUDIO_BOT_DB (or
 * DATABASE_URL) says otherwise, and warnings only unless LOG_LEVEL says otherwise (the terminal shows the URL, not
 * every job). Throws the bot's ConfigError (problems, never values).
 */
export function standInConfig(env: Env, secrets: StandInSecrets, options: { cwd?: string } = {}): Config {
  const { SLACK_APP_TOKEN: _app, SLACK_API_URL: _api, ...rest } = env;
  return readConfig(
    {
      ...rest,
      SLACK_BOT_TOKEN: secrets.botToken,
      SLACK_SIGNING_SECRET: secrets.signingSecret,
      ...(standInSocketMode(env) ? { SLACK_APP_TOKEN: secrets.appToken } : {}),
      // The receiver listens on a free loopback port; PORT is the page's.
      PORT: "0",
      // DATABASE_URL alone means PostgreSQL; the in-memory default would contradict it.
      STUDIO_BOT_DB: env.STUDIO_BOT_DB?.trim() || (env.DATABASE_URL?.trim() ? undefined : IN_MEMORY),
      LOG_LEVEL: env.LOG_LEVEL?.trim() || "warn",
      // STUDIO_SLACK_SURFACE is the bot's own setting and picks what the page draws too: the agent view (the bot's
      // default, as its manifest declares features.agent_view: the DM as the conversation), or `assistant` for
      // Slack's assistant split view. The sim is made with the same view (playground.ts).
      // Alice (the switcher's first person, workspace.ts) is the bot's admin unless told otherwise, so the Home's
      // "Results rated this week" can be seen here.
      STUDIO_ADMIN_USERS: env.STUDIO_ADMIN_USERS?.trim() || "U0ALICE",
      // The bot serves its tools to Slackbot at /mcp here (off by default in the bot), for the "Ask Slackbot" pane.
      STUDIO_MCP: env.STUDIO_MCP?.trim() || "on",
    },
    options,
  );
}

// Slack's side: the tokens (which also choose Socket Mode or HTTP), the signing secret, the Web API URL and the AI
// surface the app is installed with. No message repeats a value: a malformed token is still a secret.

import { type Env, httpUrl, read } from "./read.js";

/** Slack's AI surface the app is installed with: `features.agent_view` or `features.assistant_view`. */
export type SlackSurface = "agent" | "assistant";
const SLACK_SURFACES: SlackSurface[] = ["agent", "assistant"];

/**
 * How a job's progress shows: `stream` (in a thread, one streamed message of the job's phases that ends as its result:
 * delivery/stream.ts), or `update` (a message edited with chat.update, the design before issue 29) everywhere.
 */
export type SlackProgress = "stream" | "update";
const SLACK_PROGRESS: SlackProgress[] = ["stream", "update"];

/** Defaults for Slack's optional settings. */
export const SLACK_DEFAULTS = {
  /** STUDIO_SLACK_SURFACE: the agent messaging experience, which Slack steers new apps to. */
  slackSurface: "agent",
  /** STUDIO_SLACK_PROGRESS: streamed where Slack allows it. */
  slackProgress: "stream",
} as const;

/**
 * `apiUrl`: the Slack Web API base URL, ending in `/` (a local stand-in such as slack-sim); unset = Slack's.
 * `signingSecret` is required over HTTP only: Socket Mode (`slack run` included) receives nothing to verify.
 */
export interface SlackConfig {
  botToken: string;
  signingSecret?: string;
  appToken?: string;
  apiUrl?: string;
}

/** Slack's part of the configuration. */
export interface SlackSettings {
  slack: SlackConfig;
  /** Socket Mode when an app-level token is given, the HTTP receiver otherwise. */
  mode: "socket" | "http";
  slackSurface: SlackSurface;
  slackProgress: SlackProgress;
}

/**
 * SLACK_BOT_TOKEN, SLACK_SIGNING_SECRET, SLACK_APP_TOKEN (or the Slack CLI's SLACK_CLI_XOXB and SLACK_CLI_XAPP),
 * SLACK_API_URL and STUDIO_SLACK_SURFACE. Undefined when there is no bot token (a problem says so).
 */
export function readSlack(env: Env, problems: string[]): SlackSettings | undefined {
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
  const apiUrl = read(env, "SLACK_API_URL");

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
  if (apiUrl && !httpUrl(apiUrl)) {
    problems.push("SLACK_API_URL must be an http:// or https:// URL, or be left unset to use Slack's own.");
  }
  const slackSurface = readSlackSurface(env, problems);
  const slackProgress = readSlackProgress(env, problems);

  if (!botToken) return undefined;
  const slack: SlackConfig = { botToken };
  if (signingSecret) slack.signingSecret = signingSecret;
  if (appToken) slack.appToken = appToken;
  // WebClient appends the method name to this URL; with the slash, the configured and the used URL are the same.
  if (apiUrl) slack.apiUrl = apiUrl.endsWith("/") ? apiUrl : `${apiUrl}/`;
  return { slack, mode: appToken ? "socket" : "http", slackSurface, slackProgress };
}

/** STUDIO_SLACK_SURFACE: `agent` or `assistant`, in any case. */
function readSlackSurface(env: Env, problems: string[]): SlackSurface {
  const value = read(env, "STUDIO_SLACK_SURFACE")?.toLowerCase() ?? SLACK_DEFAULTS.slackSurface;
  if (SLACK_SURFACES.includes(value as SlackSurface)) return value as SlackSurface;
  problems.push(
    "STUDIO_SLACK_SURFACE must be agent (the app's manifest has features.agent_view, the default) or assistant (features.assistant_view, for an app installed with the assistant view).",
  );
  return SLACK_DEFAULTS.slackSurface;
}

/** STUDIO_SLACK_PROGRESS: `stream` or `update`, in any case. */
function readSlackProgress(env: Env, problems: string[]): SlackProgress {
  const value = read(env, "STUDIO_SLACK_PROGRESS")?.toLowerCase() ?? SLACK_DEFAULTS.slackProgress;
  if (SLACK_PROGRESS.includes(value as SlackProgress)) return value as SlackProgress;
  problems.push(
    "STUDIO_SLACK_PROGRESS must be stream (a job asked in a thread shows its phases in a streamed message, the default) or update (progress messages edited with chat.update everywhere).",
  );
  return SLACK_DEFAULTS.slackProgress;
}

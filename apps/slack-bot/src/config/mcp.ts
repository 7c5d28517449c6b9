// The studio's tools for Slackbot (issue 40): the bot serves them at /mcp, Streamable HTTP, only when STUDIO_MCP=on.
// Off by default: the endpoint spends credits as the people Slack names, so an operator turns it on knowingly, with
// the app's MCP server registered in Slack (manifest.json `mcp_servers`, auth_type `slack_identity_auth`).
// https://docs.slack.dev/ai/slackbot-mcp-client

import { type Env, read } from "./read.js";

/** Slackbot's MCP endpoint: whether it is served, and where. */
export interface McpConfig {
  /** STUDIO_MCP=on: `/mcp` is served on the bot's HTTP port (in Socket Mode, on STUDIO_HEALTH_PORT). */
  enabled: boolean;
  /** The path Slack's `mcp_servers.<name>.url` ends in. */
  path: "/mcp";
}

/** The endpoint's defaults: off. */
export const MCP_DEFAULTS: McpConfig = { enabled: false, path: "/mcp" };

/**
 * STUDIO_MCP (`on` or `off`, default off). On needs SLACK_SIGNING_SECRET: every request is verified with it, and
 * Socket Mode alone has no secret to verify with.
 */
export function readMcp(env: Env, problems: string[]): McpConfig {
  const value = read(env, "STUDIO_MCP")?.toLowerCase();
  if (value === undefined || value === "off") return MCP_DEFAULTS;
  if (value !== "on") {
    problems.push("STUDIO_MCP must be on or off (default off): on serves the studio's tools to Slackbot at /mcp.");
    return MCP_DEFAULTS;
  }
  if (read(env, "SLACK_SIGNING_SECRET") === undefined) {
    problems.push(
      "STUDIO_MCP=on needs SLACK_SIGNING_SECRET (Basic Information > App Credentials): Slackbot's requests to /mcp are verified with it.",
    );
  }
  return { enabled: true, path: "/mcp" };
}

// The "Ask Slackbot" pane's endpoints (apps/playground/CONTRACT.md, "Ask Slackbot"): the bot's MCP tools as Slackbot's
// MCP client sees them (slack-sim's `sim.slackbot`: signed Slack identity auth over Streamable HTTP), and one tool
// call for a person. Shared by the server and the page.

/** A tool the bot's MCP server lists (tools/list), as the pane draws it. */
export interface SlackbotToolView {
  name: string;
  title: string;
  description: string;
  /** The tool's JSON Schema for its arguments (an object schema): the pane builds its form from it. */
  inputSchema: { type: "object"; properties?: Record<string, Record<string, unknown>>; required?: string[] };
  /** The protocol's hints: true when the tool only reads (spends nothing). */
  readOnly: boolean;
}

/** GET /api/slackbot/tools?user=U…: the tools, or why there are none (the bot does not serve /mcp). */
export interface SlackbotTools {
  tools: SlackbotToolView[];
}

/** POST /api/slackbot/call's body. */
export interface SlackbotCallBody {
  user: string;
  tool: string;
  arguments: Record<string, unknown>;
}

/** What one call came to: the tool's result (a tool error included), or the HTTP refusal of the endpoint. */
export type SlackbotCallAnswer =
  | {
      ok: true;
      /** The tool reported an error an agent can read (access, quota, credits, a bad option, …). */
      isError: boolean;
      /** The result's text content. */
      text: string;
      /** The result's structuredContent, when it has one. */
      structured?: Record<string, unknown>;
      /** Each progress notification the server sent, in order. */
      progress: { progress: number; total?: number; message?: string }[];
    }
  | { ok: false; status: number; error: string };

// The "Ask Slackbot" pane's client: GET /api/slackbot/tools and POST /api/slackbot/call (apps/playground/CONTRACT.md,
// "Ask Slackbot"), over api.ts's caller: errors are its ApiError, with the server's code and "what to do" message.

import type { SlackbotCallAnswer, SlackbotCallBody, SlackbotTools } from "../src/shared/slackbot.js";
import { createCaller } from "./api.js";

/** The calls the pane makes. */
export interface SlackbotApi {
  /** The tools the bot's MCP server lists for `user` (signed as Slackbot signs). */
  tools(user: string): Promise<SlackbotTools>;
  /** One tool call for a person; resolves when the tool answered (a generation asked to wait: when it is done). */
  call(body: SlackbotCallBody): Promise<SlackbotCallAnswer>;
}

/**
 * Creates the client.
 *
 * @example
 * const slackbot = createSlackbotApi({ fetch: (input, init) => fetch(input, init) });
 * const answer = await slackbot.call({ user: "U0ALICE", tool: "get_credits", arguments: {} });
 */
export function createSlackbotApi(options: { fetch: typeof fetch; baseUrl?: string }): SlackbotApi {
  const { call, post } = createCaller(options);
  return {
    tools: (user) => call<SlackbotTools>(`/api/slackbot/tools?${new URLSearchParams({ user })}`),
    call: (body) => post<SlackbotCallAnswer>("/api/slackbot/call", body),
  };
}

// The agent view's client: POST /api/agent/open (the person opens the bot's DM, its Messages tab) and POST
// /api/agent/stop (a click on Slack's stop button of a session), over api.ts's caller: errors are its ApiError with
// the server's code and its "what to do" message (apps/playground/CONTRACT.md, "The agent view").

import type { AgentStopAnswer } from "../src/shared/agent-view.js";
import { createCaller } from "./api.js";

/** The calls the agent view makes. */
export interface AgentApi {
  /** `user` opens their DM with the bot (`app_home_opened`, tab `messages`): the bot pins its prompts, greets once. */
  open(body: { user: string }): Promise<void>;
  /** `user` clicks Stop on the session of the thread `threadTs` (in their DM with the bot unless `channel` says). */
  stop(body: { user: string; threadTs: string; channel?: string }): Promise<AgentStopAnswer>;
}

/**
 * Creates the client.
 *
 * @example
 * const agent = createAgentApi({ fetch: (input, init) => fetch(input, init) });
 * await agent.stop({ user: "U0ALICE", threadTs: "1700000000.000100" });
 */
export function createAgentApi(options: { fetch: typeof fetch; baseUrl?: string }): AgentApi {
  const { post } = createCaller(options);
  return {
    open: async (body) => {
      await post("/api/agent/open", body);
    },
    stop: (body) => post<AgentStopAnswer>("/api/agent/stop", body),
  };
}

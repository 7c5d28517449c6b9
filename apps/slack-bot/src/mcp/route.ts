// `/mcp` on the bot's HTTP server (STUDIO_MCP=on): the studio's tools for Slackbot's MCP client, over Streamable
// HTTP, stateless (@studio-kit/mcp's handler: a server per request). Slack registers it with Slack identity auth
// (manifest.json `mcp_servers`, https://docs.slack.dev/ai/slackbot-mcp-client). Each request, before any server
// sees it: its Slack signature (verify.ts), a replay of one that may act (replays.ts), and the person its tool call
// names (identity.ts). A refused request is answered HTTP 401 (400 for a tool call naming nobody, 503 when the
// replay check cannot read the store) with a JSON-RPC error, and nothing runs: no credit is spent, nothing is stored.
// A request that passes gets a server whose tools act as that person (backend.ts).

import type { IncomingMessage, ServerResponse } from "node:http";
import type { webApi } from "@slack/bolt";
import { createMcpHttpHandler, createStudioMcpServer, type McpHttpRefusal, type McpHttpRequest } from "@studio-kit/mcp";
import type { McpConfig } from "../config.js";
import type { BotDeps } from "../deps.js";
import { slackbotBackend } from "./backend.js";
import { readIdentity } from "./identity.js";
import { claimSignature, mayAct, messagesOf } from "./replays.js";
import { REFUSAL_TEXT, verifySignedRequest } from "./verify.js";

/** A route as Bolt's `customRoutes` takes it. */
export interface McpRoute {
  path: string;
  method: string[];
  handler: (request: IncomingMessage, response: ServerResponse) => void;
}

/** The endpoint: its route (given to the receiver first) and `bind`, once the app's services and client exist. */
export interface SlackbotMcp {
  route: McpRoute;
  bind(deps: BotDeps, client: webApi.WebClient): void;
}

const refusal = (status: number, message: string): McpHttpRefusal => ({ status, message });

/**
 * Slackbot's MCP endpoint at `config.path`. The route exists before the app (Bolt takes custom routes when its
 * receiver is built); requests before `bind` are answered 503.
 *
 * @example const mcp = createSlackbotMcp(config.mcp, signingSecret); new HTTPReceiver({ customRoutes: [mcp.route] }); … mcp.bind(deps, app.client);
 */
export function createSlackbotMcp(config: McpConfig, signingSecret: string): SlackbotMcp {
  let bound: { deps: BotDeps; client: webApi.WebClient } | undefined;

  const serverFor = async ({ req, rawBody, body }: McpHttpRequest) => {
    if (!bound) return refusal(503, "Studio is starting: ask again in a moment.");
    const { deps, client } = bound;
    const checked = verifySignedRequest({ signingSecret, headers: req.headers, rawBody, now: deps.now() });
    if (!checked.ok) {
      deps.logger.warn({ why: checked.refusal }, "refused an MCP request: not signed by Slack as it should be");
      return refusal(401, REFUSAL_TEXT[checked.refusal]);
    }
    if (mayAct(body)) {
      const claim = await claimSignature(deps, checked.signature);
      if (claim === "unchecked") return refusal(503, "Studio cannot check this request now: ask again in a moment.");
      if (claim === "replay") {
        deps.logger.warn({ why: "replayed" }, "refused an MCP request: the same signed request was already handled");
        return refusal(401, REFUSAL_TEXT.replayed);
      }
    }
    const person = readIdentity(body);
    if (person.kind === "missing" || person.kind === "mixed") {
      return refusal(
        400,
        person.kind === "missing"
          ? "A tool call must name its Slack person in params._meta.slack (user_id and team_id), as Slack identity auth sends it."
          : "Every tool call of one request must name the same Slack person.",
      );
    }
    const identity = person.kind === "one" ? person.identity : undefined;
    const methods = messagesOf(body).map((message) => String(message.method ?? "?"));
    deps.logger.info({ user: identity?.user, team: identity?.team, methods }, "MCP request from Slackbot");
    return createStudioMcpServer(slackbotBackend(deps, client, identity), {
      // The bot's own rule: above this, the person confirms first (as the Confirm button asks in Slack).
      confirmAboveCredits: deps.config.creditsConfirmThreshold,
      invocation: "/studio",
      name: "studio",
      onError: (error, tool) => deps.logger.error({ err: error, tool, user: identity?.user }, "an MCP tool failed"),
    });
  };

  const handle = createMcpHttpHandler({
    serverFor,
    // No cancellation is routed to another request: Slackbot's calls all come from Slack's addresses with no
    // Authorization header, and a `notifications/cancelled` names no person (`_meta.slack` is on tool calls only), so
    // the handler's default caller (header + address) would let one person's cancel stop another's call with the
    // same JSON-RPC id. A closed connection still stops its own call; the job itself is durable and reaches the DM.
    callerOf: () => undefined,
    onError: (error) => bound?.deps.logger.error({ err: error }, "the MCP endpoint failed a request"),
  });
  return {
    // POST carries every message; GET and DELETE are answered 405 by the handler (no session is kept).
    route: { path: config.path, method: ["POST", "GET", "DELETE"], handler: (req, res) => void handle(req, res) },
    bind(deps, client) {
      bound = { deps, client };
    },
  };
}

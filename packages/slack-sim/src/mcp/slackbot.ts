// Slackbot's MCP client, as far as an app's server can see it: it lists the tools of the MCP server an app registers
// (manifest `mcp_servers.<name>.url`, `auth_type: "slack_identity_auth"`) and calls them for a person, over
// Streamable HTTP, every request signed as Slack signs (signed-fetch.ts) and each tool call naming the person in
// `params._meta.slack` (`user_id`, `team_id`, `enterprise_id` on Enterprise Grid), as Slack's sample reads it
// (slack-samples/bolt-js-examples, ai/slackbot-mcp-client/slack-identity/src/app.js;
// https://docs.slack.dev/ai/slackbot-mcp-client). The client is the MCP SDK's own `Client`, one connection kept between calls.
// Not emulated: Slackbot's language model (which tool to call and with what is the caller's choice here), its
// OAuth kinds (no auth, dynamic client registration, manual OAuth), and how Slackbot shows a result.

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport, StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { SlackSimError } from "../errors.js";
import { type SentMcpRequest, type SlackbotSigning, signedFetch } from "./signed-fetch.js";

/** Who Slackbot acts for: a person (`U…`), their workspace (default the sim's) and, on Enterprise Grid, their org. */
export interface SlackbotPerson {
  user: string;
  team?: string;
  enterprise?: string;
}

/** A tool call Slackbot makes for a person. */
export interface SlackbotToolCall extends SlackbotPerson {
  name: string;
  arguments?: Record<string, unknown>;
  /**
   * How the `tools/call` request is signed (the handshake before it always is, as Slack signs): `slack` (default),
   * `unsigned`, or `{ secret }` with a wrong secret: a forgery the app must refuse.
   */
  signing?: SlackbotSigning;
  /** Each `notifications/progress` the server sends for the call (the SDK asks for them when this is given). */
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
  /** Aborting it cancels the call (the SDK sends `notifications/cancelled` and closes the request). */
  signal?: AbortSignal;
}

/** What came of a tool call: the server's result (a tool error is `isError: true`), or the HTTP refusal. */
export type SlackbotCallOutcome = { ok: true; result: CallToolResult } | { ok: false; status: number; error: string };

/** What a replayed request got: the app's HTTP status and body. */
export interface ReplayOutcome {
  status: number;
  body: string;
}

/** Slackbot calling the app's MCP server (`sim.slackbot`). */
export interface SimSlackbot {
  /** The MCP server's URL (the app's `mcp_servers` entry). */
  readonly url: string;
  /** `tools/list` for a person, signed: the tools Slackbot would offer them. */
  listTools(person: SlackbotPerson): Promise<Tool[]>;
  /** `tools/call` for a person (`_meta.slack` names them), signed as `signing` says. */
  callTool(call: SlackbotToolCall): Promise<SlackbotCallOutcome>;
  /** Every request sent to the MCP server, in order, headers and body as sent. */
  requests(): SentMcpRequest[];
  /**
   * Sends the last `tools/call` request again, byte for byte (same signature, same timestamp): what an attacker who
   * captured it would do. Throws `invalid_options` when no tool call was sent yet.
   */
  replayLastCall(): Promise<ReplayOutcome>;
}

/** What the sim's Slackbot needs from the sim. */
export interface SlackbotContext {
  url: () => string;
  signingSecret: string;
  teamId: string;
  now: () => number;
  fetch: typeof fetch;
}

const isToolCall = (body: string) => {
  try {
    return (JSON.parse(body) as { method?: unknown }).method === "tools/call";
  } catch {
    return false;
  }
};

/** The JSON-RPC error message in a refusal's body, when it has one (`Error POSTing to endpoint: {...}`). */
function refusalOf(error: StreamableHTTPError): { ok: false; status: number; error: string } {
  const json = error.message.slice(error.message.indexOf("{"));
  try {
    const message = (JSON.parse(json) as { error?: { message?: unknown } }).error?.message;
    if (typeof message === "string") return { ok: false, status: error.code ?? 0, error: message };
  } catch {
    // not JSON: the whole message
  }
  return { ok: false, status: error.code ?? 0, error: error.message };
}

/** Slackbot, for one sim. */
export function createSlackbot(context: SlackbotContext): SimSlackbot {
  const sent: SentMcpRequest[] = [];

  async function connect(callSigning: SlackbotSigning): Promise<Client> {
    const fetchSigned = signedFetch({
      secret: context.signingSecret,
      signing: "slack",
      now: context.now,
      fetch: context.fetch,
      sent: (request) => sent.push(request),
      signingFor: (body) => (isToolCall(body) ? callSigning : "slack"),
    });
    const client = new Client({ name: "slackbot-sim", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(context.url()), { fetch: fetchSigned }));
    return client;
  }

  // Slackbot's own connection to the server, kept between calls as a client keeps its session: its JSON-RPC ids go on
  // counting, so two identical calls made in the same second are two different signed requests, not a replay of one
  // (a connection per call started every body at id 0). Forged and unsigned calls get a connection of their own.
  let slackbot: Promise<Client> | undefined;

  /** Runs `work` on Slackbot's connection (or a throwaway one); a refusal over HTTP comes back as `{ ok: false }`. */
  async function session<T>(signing: SlackbotSigning, work: (client: Client) => Promise<T>) {
    const shared = signing === "slack";
    let client: Client | undefined;
    try {
      if (shared) slackbot ??= connect("slack");
      client = await (shared ? slackbot : connect(signing));
      return { ok: true as const, value: await work(client as Client) };
    } catch (error) {
      // A refused or broken connection is opened anew on the next call.
      if (shared) slackbot = undefined;
      if (error instanceof StreamableHTTPError) return refusalOf(error);
      throw error;
    } finally {
      if (!shared) await client?.close().catch(() => undefined);
    }
  }

  const meta = (person: SlackbotPerson) => ({
    slack: {
      user_id: person.user,
      team_id: person.team ?? context.teamId,
      ...(person.enterprise ? { enterprise_id: person.enterprise } : {}),
    },
  });

  return {
    get url() {
      return context.url();
    },
    async listTools(person) {
      if (!person?.user) throw new SlackSimError("invalid_options", "slackbot.listTools needs a user");
      const listed = await session("slack", (client) => client.listTools());
      if (!listed.ok) {
        throw new SlackSimError("app_unreachable", `the MCP server refused tools/list (HTTP ${listed.status})`);
      }
      return listed.value.tools;
    },
    async callTool(call) {
      if (!call?.user || !call.name)
        throw new SlackSimError("invalid_options", "slackbot.callTool needs a user and a name");
      const outcome = await session(call.signing ?? "slack", (client) =>
        client.callTool({ name: call.name, arguments: call.arguments ?? {}, _meta: meta(call) }, undefined, {
          ...(call.signal ? { signal: call.signal } : {}),
          ...(call.onProgress ? { onprogress: call.onProgress, resetTimeoutOnProgress: true } : {}),
          // A generation asked to wait may take minutes (a video); progress keeps the call alive meanwhile.
          timeout: 10 * 60_000,
        }),
      );
      return outcome.ok ? { ok: true, result: outcome.value as CallToolResult } : outcome;
    },
    requests: () => sent.map((request) => ({ ...request, headers: { ...request.headers } })),
    async replayLastCall() {
      const last = sent.findLast((request) => isToolCall(request.body));
      if (!last) throw new SlackSimError("invalid_options", "slackbot.replayLastCall: no tool call was sent yet");
      const response = await context.fetch(last.url, { method: last.method, headers: last.headers, body: last.body });
      return { status: response.status, body: await response.text() };
    },
  };
}

import type { IncomingMessage, ServerResponse } from "node:http";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";

// Streamable HTTP (https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#streamable-http) in its
// stateless form: each POST gets its own server from `serverFor`, so each request carries its own identity (the
// bot checks Slack's signature on every request and acts as the person it names), and no session is kept between
// requests. Without sessions there is no GET stream for server-initiated messages, and a request the server makes
// back (elicitation) cannot be answered: such a server does not know the client's capabilities, so the credits
// rule refuses with the cost instead, and the agent confirms with confirmCredits.

/** What `serverFor` sees of a request: the request itself (headers, url), its body as sent, and parsed. */
export interface McpHttpRequest {
  req: IncomingMessage;
  /** The body exactly as sent, for a signature over it. */
  rawBody: string;
  /** The JSON-RPC message(s) parsed from it. */
  body: unknown;
}

/** A request refused before any server sees it: the HTTP status and a message for the client (no secret in it). */
export interface McpHttpRefusal {
  status: number;
  message: string;
  headers?: Record<string, string>;
}

/** Options of {@link createMcpHttpHandler}. */
export interface McpHttpHandlerOptions {
  /** The server for one request (acting as whoever the request names), or a refusal. */
  serverFor(request: McpHttpRequest): Promise<McpServer | McpHttpRefusal> | McpServer | McpHttpRefusal;
  /** Bodies above this are refused with 413 before `serverFor` (default 1 MiB). */
  maxBodyBytes?: number;
  /** Sees an error the handler answered with a 500 (without its message), for the server's own log. */
  onError?: (error: unknown) => void;
  /**
   * Who sends a request, so that a `notifications/cancelled` stops only that caller's request of that id (request ids
   * are the client's own, not unique across clients). Default: the Authorization header and the remote address;
   * a server whose identity is elsewhere (the bot's: the Slack user in the request) passes its own. Return
   * undefined to let no cancellation through.
   */
  callerOf?: (request: McpHttpRequest) => string | undefined;
  /**
   * Browser origins (`scheme://host[:port]`) allowed to call: a request whose `Origin` header is not listed is refused
   * with 403, as the spec asks against DNS rebinding ("If the Origin header is present and invalid, servers MUST
   * respond with HTTP 403 Forbidden": https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#security-warning).
   * Clients that are not browsers (Slackbot, desktop agents) send no Origin and pass. Default: none.
   */
  allowedOrigins?: readonly string[];
}

/** A Node `http` request listener; `rawBody` when a framework read the body already. */
export type McpHttpHandler = (req: IncomingMessage, res: ServerResponse, rawBody?: string | Buffer) => Promise<void>;

const DEFAULT_MAX_BODY = 1024 * 1024;

/** A JSON-RPC error answer with no id (the request was not read as one), as the SDK's own refusals are. */
function refuse(res: ServerResponse, status: number, code: number, message: string, headers = {}): void {
  if (res.headersSent) return;
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
}

const defaultCaller = ({ req }: McpHttpRequest) =>
  `${req.headers.authorization ?? ""} ${req.socket.remoteAddress ?? ""}`;

type Message = { id?: unknown; method?: unknown; params?: { requestId?: unknown } };
const asMessage = (body: unknown): Message =>
  typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Message) : {};

const isRefusal = (value: McpServer | McpHttpRefusal): value is McpHttpRefusal =>
  typeof (value as McpHttpRefusal).status === "number";

async function readBody(req: IncomingMessage, max: number): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > max) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * A Node `http` handler that serves MCP over Streamable HTTP, stateless: it reads the body, asks `serverFor` for a
 * server (or a refusal: 401, 403, ...), and answers the request with it over the SDK's
 * `StreamableHTTPServerTransport` (progress streamed as server-sent events). A client's `notifications/cancelled`
 * (sent as its own POST) or a closed connection closes the server answering that request, which aborts the tool's
 * signal: a wait stops polling.
 * Only POST is served; GET and DELETE answer 405, since no session is kept.
 *
 * @example
 * const handle = createMcpHttpHandler({ serverFor: () => createStudioMcpServer(createClientBackend(client)) });
 * http.createServer((req, res) => (req.url === "/mcp" ? handle(req, res) : res.writeHead(404).end())).listen(3001);
 */
export function createMcpHttpHandler(options: McpHttpHandlerOptions): McpHttpHandler {
  const max = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const onError = options.onError ?? (() => {});
  const callerOf = options.callerOf ?? defaultCaller;
  const origins = new Set(options.allowedOrigins ?? []);
  // The requests being answered, by caller and id: without sessions a client's cancellation comes as a POST of
  // its own, which reaches a new server, so it is routed here to the server answering the request it names.
  const inFlight = new Map<string, () => void>();
  return async (req, res, given) => {
    try {
      const origin = req.headers.origin;
      if (origin !== undefined && !origins.has(origin)) {
        refuse(res, 403, -32000, "Forbidden: this origin may not call the server (its Origin is not allowed).");
        return;
      }
      if (req.method !== "POST") {
        refuse(res, 405, -32000, "Method not allowed: this server is stateless; send each message as a POST.", {
          allow: "POST",
        });
        return;
      }
      const rawBody = given === undefined ? await readBody(req, max) : given.toString();
      if (rawBody === undefined || Buffer.byteLength(rawBody) > max) {
        // The rest of the body is not read: the connection closes after the answer, or a client that reuses it
        // would have its next request read as the unread body's remains (and reset).
        refuse(res, 413, -32600, `Request body too large (more than ${max} bytes).`, { connection: "close" });
        return;
      }
      let body: unknown;
      try {
        body = JSON.parse(rawBody);
      } catch {
        refuse(res, 400, -32700, "Parse error: the body is not JSON.");
        return;
      }
      const chosen = await options.serverFor({ req, rawBody, body });
      if (isRefusal(chosen)) {
        refuse(res, chosen.status, -32001, chosen.message, chosen.headers);
        return;
      }
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      const stop = () => {
        void transport.close().catch(() => undefined);
        void chosen.close().catch(() => undefined);
      };
      const message = asMessage(body);
      const caller = callerOf({ req, rawBody, body });
      if (caller !== undefined && message.method === "notifications/cancelled") {
        // Closing the server that answers it aborts the tool's signal (the SDK aborts every handler on close).
        inFlight.get(`${caller}\u0000${JSON.stringify(message.params?.requestId)}`)?.();
      }
      if (caller !== undefined && message.id !== undefined && typeof message.method === "string") {
        const key = `${caller}\u0000${JSON.stringify(message.id)}`;
        inFlight.set(key, stop);
        res.on("close", () => {
          if (inFlight.get(key) === stop) inFlight.delete(key);
        });
      }
      res.on("close", stop);
      await chosen.connect(transport);
      await transport.handleRequest(req, res, body);
    } catch (error) {
      onError(error);
      refuse(res, 500, -32603, "Internal error: the request could not be served.");
    }
  };
}

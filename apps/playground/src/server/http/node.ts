import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";

// node:http in, fetch's Request/Response out, so every handler is `(Request) => Response` like the sandbox's and
// the sim's. The playground cannot use @whatwg-node/server as they do (it is not one of its dependencies), and
// the adapter is small: Node's own Request (undici) takes the request as a stream (`duplex: "half"`), which also
// gives the upload route undici's `Request.formData()` for multipart bodies.

/** A fetch-style handler. */
export type FetchHandler = (request: Request) => Promise<Response>;

/** The page server, listening. */
export interface ListeningServer {
  server: Server;
  port: number;
  close(): Promise<void>;
}

/**
 * True when the raw request target has a `.` or `..` segment, plain or percent-encoded (also with `\`).
 * `new URL()` would quietly resolve them, so they are looked for before it: browsers never send them, and a
 * request that does is trying to leave the served directory.
 */
export function hasDotSegments(target: string): boolean {
  const path = target.split("?")[0] ?? "";
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return true;
  }
  return [path, decoded].some((each) => each.split(/[/\\]/).some((segment) => segment === "." || segment === ".."));
}

function toRequest(req: IncomingMessage, origin: string, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const each of value) headers.append(name, each);
    else if (value !== undefined) headers.set(name, value);
  }
  const method = req.method ?? "GET";
  const body = method === "GET" || method === "HEAD" ? undefined : (Readable.toWeb(req) as ReadableStream<Uint8Array>);
  return new Request(new URL(req.url ?? "/", origin), {
    method,
    headers,
    signal,
    ...(body ? { body, duplex: "half" } : {}),
  } as RequestInit);
}

async function send(res: ServerResponse, response: Response, head: boolean): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => {
    res.setHeader(name, value);
  });
  if (!response.body || head) {
    await response.body?.cancel();
    res.end();
    return;
  }
  await pipeline(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>), res);
}

function plain(res: ServerResponse, status: number, body: object): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}

/**
 * Serves `handler` on node:http. A request whose client goes away aborts `request.signal` (a long poll stops
 * waiting). A handler that throws gets a 500 with no detail (the error goes to `onError`, for the log).
 */
export async function listen(
  handler: FetchHandler,
  options: { port: number; host: string; onError: (error: unknown) => void },
): Promise<ListeningServer> {
  const server = createServer((req, res) => {
    if (hasDotSegments(req.url ?? "/")) {
      plain(res, 400, { error: "bad_path", message: "Paths with . or .. segments are not served." });
      return;
    }
    const controller = new AbortController();
    res.once("close", () => {
      if (!res.writableFinished) controller.abort();
    });
    const origin = `http://${req.headers.host ?? "localhost"}`;
    let request: Request;
    try {
      request = toRequest(req, origin, controller.signal);
    } catch {
      plain(res, 400, { error: "bad_request", message: "The request could not be read." });
      return;
    }
    handler(request)
      .then((response) => send(res, response, req.method === "HEAD"))
      .catch((error: unknown) => {
        // A client that left mid-answer is not a server error.
        if (controller.signal.aborted) return;
        options.onError(error);
        plain(res, 500, { error: "internal", message: "The playground server failed on this request; see its log." });
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    server,
    port,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Long polls and keep-alive connections would hold close() open: end them.
      server.closeAllConnections();
      await closed;
    },
  };
}

import { connect } from "node:net";
import { afterEach } from "vitest";
import { type SandboxServer, type SandboxServerOptions, startSandboxServer } from "../../src/index.js";

// Helpers of the hardening tests (issue 27): servers on port 0 closed after each test, raw HTTP over a socket for
// what fetch will not send (a body cut short), a body that counts how much of it the server read, and the check that
// no answer carries a stack trace.

/** Servers started by a test file, closed after each test. */
export function useServers() {
  const servers: SandboxServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  return async (options: SandboxServerOptions = {}) => {
    const server = await startSandboxServer({ port: 0, jobMs: 1000, ...options });
    servers.push(server);
    return server;
  };
}

/** What a stack trace looks like in a body: `    at fn (file:line:col)`, or a source path with a line. */
export const STACK_TRACE = /\n\s+at\s|\bat .+:\d+:\d+|file:\/\/\/|node_modules|\.(?:ts|js|mjs):\d+/;

export function graphqlInit(key: string, body: string, contentType = "application/json"): RequestInit {
  return { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": contentType }, body };
}

/** Sends raw bytes over a socket, half-closes it, and resolves with everything the server wrote before closing. */
export function rawHttp(url: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      answer += chunk;
    });
    socket.on("error", reject);
    socket.on("close", () => resolve(answer));
    socket.end(bytes);
  });
}

/** The status line's code and the JSON body of a raw HTTP answer. */
export function parseRaw(answer: string): { status: number; headers: string; body: unknown } {
  const [head = "", body = ""] = answer.split("\r\n\r\n");
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
  return { status, headers: head, body: body === "" ? null : JSON.parse(body) };
}

/** A body of `total` bytes made as it is read, counting how many bytes the server pulled. */
export function countedBody(total: number, chunk = 64 * 1024) {
  let pulled = 0;
  const piece = new Uint8Array(chunk).fill(0x20);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= total) {
        controller.close();
        return;
      }
      const size = Math.min(chunk, total - pulled);
      pulled += size;
      controller.enqueue(size === chunk ? piece : piece.subarray(0, size));
    },
  });
  return { stream, pulled: () => pulled };
}

/** Sends a streamed body; resolves with the answer, or with the error when the server closed the connection first. */
export async function sendStreamed(
  url: string,
  body: ReadableStream<Uint8Array>,
  headers: Record<string, string>,
): Promise<Response | Error> {
  const init: RequestInit & { duplex: "half" } = { method: "POST", body, headers, duplex: "half" };
  try {
    return await fetch(url, init);
  } catch (error) {
    return error as Error;
  }
}

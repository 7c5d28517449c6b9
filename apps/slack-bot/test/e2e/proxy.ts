// A small HTTP proxy for the multi-process tests: a round-robin load balancer in front of bot replicas (skipping
// one that refuses connections, as a load balancer's health check would), and a tap in front of the sandbox that
// records which GraphQL operations one replica sent. Requests are small, so bodies are buffered.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/** A request that went through, as the proxy saw it. */
export interface Passed {
  at: number;
  target: string;
  /** The GraphQL operation name, when the body is a GraphQL request. */
  operation?: string;
}

export interface HttpProxy {
  url: string;
  passed: Passed[];
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function operationOf(body: Buffer): string | undefined {
  try {
    return (JSON.parse(body.toString("utf8")) as { operationName?: string }).operationName;
  } catch {
    return undefined;
  }
}

const HOP_BY_HOP = new Set(["host", "connection", "content-length", "transfer-encoding", "keep-alive"]);

/** Forwards each request to the next of `targets()` (origins) that accepts a connection. */
export async function startProxy(targets: () => string[]): Promise<HttpProxy> {
  const passed: Passed[] = [];
  let next = 0;
  const server = createServer(async (request, response) => {
    const body = await bodyOf(request);
    const headers = Object.entries(request.headers).flatMap(([name, value]) =>
      HOP_BY_HOP.has(name) || value === undefined ? [] : [[name, Array.isArray(value) ? value.join(", ") : value]],
    ) as [string, string][];
    const origins = targets();
    for (let tries = 0; tries < origins.length; tries++) {
      const target = origins[next++ % origins.length] ?? "";
      try {
        const answer = await fetch(`${target}${request.url ?? "/"}`, {
          method: request.method ?? "GET",
          headers,
          ...(body.length ? { body } : {}),
          redirect: "manual",
        });
        const operation = operationOf(body);
        passed.push({ at: Date.now(), target, ...(operation ? { operation } : {}) });
        const out = Buffer.from(await answer.arrayBuffer());
        const outHeaders = [...answer.headers].filter(([name]) => !HOP_BY_HOP.has(name) && name !== "content-encoding");
        response.writeHead(answer.status, Object.fromEntries(outHeaders));
        response.end(out);
        return;
      } catch {
        // Connection refused (a dead replica): the next one gets the request.
      }
    }
    response.writeHead(502).end("no target accepted the request");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    passed,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

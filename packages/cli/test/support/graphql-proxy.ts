// A proxy in front of a test sandbox that lets a test step into chosen GraphQL operations: answer one with an error
// (a server that refuses a register) or hold it (to press Ctrl-C while a request is in flight). Everything else is
// forwarded unchanged. The sandbox signs storage URLs with its own address, so the bytes go to it directly.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach } from "vitest";

/** What the proxy does with an operation: forward it, answer it with a GraphQL error, or never answer. */
export type Step = "forward" | { error: string; code: string } | "hold";

export interface GraphqlProxy {
  url: string;
  /** Resolves when the first request of `operationName` arrives. */
  seen(operationName: string): Promise<void>;
  /** How many requests of `operationName` arrived (forwarded, refused or held). */
  count(operationName: string): number;
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Starts a proxy to `target` that applies `step` to each GraphQL operation by name; closed after the test. */
export async function startGraphqlProxy(target: string, step: (operationName: string) => Step): Promise<GraphqlProxy> {
  const waiting = new Map<string, () => void>();
  const arrived = new Map<string, number>();
  const held = new Set<() => void>();
  const server = createServer(async (request, response) => {
    const body = await bodyOf(request);
    let operationName = "";
    if (request.url === "/graphql" && body.length) {
      operationName = (JSON.parse(body.toString("utf8")) as { operationName?: string }).operationName ?? "";
    }
    arrived.set(operationName, (arrived.get(operationName) ?? 0) + 1);
    waiting.get(operationName)?.();
    const action = step(operationName);
    if (action === "hold") {
      // Answered only when the test ends (the client should have given up by then).
      held.add(() => response.destroy());
      return;
    }
    if (action !== "forward") {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ errors: [{ message: action.error, extensions: { code: action.code } }] }));
      return;
    }
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(([name]) => !["host", "connection", "content-length"].includes(name)),
    ) as Record<string, string>;
    const answer = await fetch(`${target}${request.url}`, {
      method: request.method,
      headers,
      body: body.length ? body : undefined,
    });
    response.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "application/json" });
    response.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(async () => {
    for (const release of held) release();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    count: (operationName) => arrived.get(operationName) ?? 0,
    seen: (operationName) =>
      arrived.has(operationName)
        ? Promise.resolve()
        : new Promise((resolve) => waiting.set(operationName, () => resolve())),
  };
}

import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { ApiCredentialWorkspaceDocument, CreditsBalanceDocument } from "@studio-kit/operations";
import { print } from "graphql";
import { setupServer } from "msw/node";
import { afterEach, describe, expect, it } from "vitest";
import { createSandbox, startSandboxServer } from "../src/index.js";
import { SANDBOX_MSW_BASE_URL, sandboxHandlers } from "../src/msw.js";

// This file mounts msw itself (the msw face) and uses real loopback HTTP (the HTTP
// face and the CLI), so it does not use the shared msw harness of support/client.ts.
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

function graphqlRequest(url: string, key: string, query: string, variables: Record<string, unknown> = {}) {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
    body: JSON.stringify({ query, variables }),
  });
}

describe("the msw face", () => {
  it("answers a client's fetch in-process, with unhandled requests failing the test", async () => {
    const sandbox = createSandbox();
    cleanups.push(() => sandbox.close());
    const server = setupServer(...sandboxHandlers(sandbox));
    server.listen({ onUnhandledRequest: "error" });
    cleanups.push(() => server.close());

    const response = await graphqlRequest(
      `${SANDBOX_MSW_BASE_URL}/graphql`,
      sandbox.keys.readWrite,
      print(ApiCredentialWorkspaceDocument),
    );
    expect(await response.json()).toEqual({ data: { apiCredentialWorkspace: { id: "ws_acme", name: "Acme Studio" } } });

    const advanced = await fetch(`${SANDBOX_MSW_BASE_URL}/__sandbox/advance`, {
      method: "POST",
      body: JSON.stringify({ ms: 60_000 }),
    });
    expect(((await advanced.json()) as { now: string }).now).toBe("2026-01-05T09:01:00.000Z");
  });
});

describe("the HTTP face", () => {
  it("serves /graphql and counts requests per operation and root field in /__sandbox/stats", async () => {
    const server = await startSandboxServer({ port: 0, jobMs: 500 });
    cleanups.push(() => server.close());
    const key = server.sandbox.keys.readWrite;

    await graphqlRequest(server.graphqlUrl, key, print(ApiCredentialWorkspaceDocument));
    await graphqlRequest(server.graphqlUrl, key, print(CreditsBalanceDocument), { workspaceId: "ws_acme" });
    await graphqlRequest(
      server.graphqlUrl,
      key,
      'query TwoImages { a: image(id: "img_trail_dawn") { id } b: image(id: "img_tent_night") { id } }',
    );

    const stats = await (await fetch(`${server.url}/__sandbox/stats`)).json();
    expect(stats).toEqual({
      graphqlRequests: 3,
      operations: { ApiCredentialWorkspace: 1, CreditsBalance: 1, TwoImages: 1 },
      rootFields: { apiCredentialWorkspace: 1, creditsBalance: 1, image: 2 },
    });
  });

  it("refuses a malformed advance with a 400 that says what to send, and unknown paths with 404", async () => {
    const server = await startSandboxServer({ port: 0 });
    cleanups.push(() => server.close());
    for (const body of ["not json", JSON.stringify({ ms: -5 }), JSON.stringify({ ms: "soon" })]) {
      const response = await fetch(`${server.url}/__sandbox/advance`, { method: "POST", body });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/ms/);
    }
    expect((await fetch(`${server.url}/nowhere`)).status).toBe(404);
  });

  it("answers a body that is not GraphQL with a GraphQL error, never a 500", async () => {
    const server = await startSandboxServer({ port: 0 });
    cleanups.push(() => server.close());
    const response = await fetch(server.graphqlUrl, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${server.sandbox.keys.readWrite}` },
      body: "{ this is not json",
    });
    expect(response.status).toBeLessThan(500);
    expect(((await response.json()) as { errors: unknown[] }).errors.length).toBeGreaterThan(0);
  });
});

describe("the CLI", () => {
  const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));

  async function start(args: string[]): Promise<{ child: ChildProcess; line: string }> {
    const child = spawn(process.execPath, [cli, ...args], { stdio: ["ignore", "pipe", "pipe"] });
    cleanups.push(async () => {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await once(child, "exit");
      }
    });
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    const [line] = (await once(lines, "line")) as [string];
    return { child, line };
  }

  it("prints one JSON line with the URLs, keys and workspaces once ready", async () => {
    const startedAt = performance.now();
    const { line } = await start(["--port", "0", "--job-ms", "300"]);
    const readyMs = performance.now() - startedAt;
    const ready = JSON.parse(line) as Record<string, string>;
    expect(Object.keys(ready)).toEqual([
      "url",
      "graphqlUrl",
      "apiKey",
      "readOnlyApiKey",
      "workspaceId",
      "otherWorkspaceId",
    ]);
    const response = await graphqlRequest(
      ready.graphqlUrl ?? "",
      ready.apiKey ?? "",
      "{ apiCredentialWorkspace { id } }",
    );
    expect(await response.json()).toEqual({ data: { apiCredentialWorkspace: { id: ready.workspaceId } } });
    // Reported, not asserted: start-up time depends on the machine (see the README).
    console.info(`sandbox CLI ready in ${readyMs.toFixed(0)} ms`);
  });

  it("takes a generated image from QUEUED to COMPLETED and serves its PNG, over plain HTTP", async () => {
    const { line } = await start(["--port", "0", "--job-ms", "300"]);
    const ready = JSON.parse(line) as Record<string, string>;
    const gql = async (query: string) =>
      (await (await graphqlRequest(ready.graphqlUrl ?? "", ready.apiKey ?? "", query)).json()) as {
        data: Record<string, { images?: { id: string; status: string }[]; status?: string; downloadUrl?: string }>;
      };
    const generated = await gql(
      `mutation { generateImage(workspaceId: "${ready.workspaceId}", input: { prompt: "a lighthouse", aspectRatio: "16:9" }) { images { id status } } }`,
    );
    const [queued] = generated.data.generateImage?.images ?? [];
    expect(queued?.status).toBe("QUEUED");

    // Past the job on the virtual clock (which also follows real time from the CLI).
    await fetch(`${ready.url}/__sandbox/advance`, { method: "POST", body: JSON.stringify({ ms: 1_000 }) });
    const polled = await gql(`{ image(id: "${queued?.id}") { status downloadUrl } }`);
    expect(polled.data.image?.status).toBe("COMPLETED");
    const download = await fetch(polled.data.image?.downloadUrl ?? "");
    expect(download.headers.get("content-type")).toBe("image/png");
    expect(
      Buffer.from(await download.arrayBuffer())
        .subarray(1, 4)
        .toString("ascii"),
    ).toBe("PNG");
  });

  it("refuses a bad flag with exit code 2 and the usage", async () => {
    const child = spawn(process.execPath, [cli, "--job-ms", "soon"], { stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const [code] = await once(child, "exit");
    expect(code).toBe(2);
    expect(stderr).toMatch(/--job-ms must be a whole number/);
    expect(stderr).toMatch(/Usage: studio-sandbox/);
  });
});

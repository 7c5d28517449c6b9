import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type SandboxServer, startSandboxServer } from "../src/index.js";
import { type FaceClient, faceClient, networkError } from "./support/face-client.js";
import { SCENARIOS } from "./support/fault-scenarios.js";

// Every fault kind through the HTTP server (real loopback sockets: a disconnect
// destroys the socket), and the admin API's answers to mistakes.
let server: SandboxServer;
let client: FaceClient;
beforeAll(async () => {
  server = await startSandboxServer({ port: 0, jobMs: 1000 });
  client = faceClient({
    baseUrl: server.url,
    key: server.sandbox.keys.readWrite,
    workspaceId: server.sandbox.workspaceId,
  });
});
afterAll(() => server.close());
beforeEach(() => client.reset());

describe("faults through the HTTP server", () => {
  for (const scenario of SCENARIOS) {
    it(`${scenario.kind}: ${scenario.name}`, () => scenario.run(client));
  }

  it("closes the socket itself on a disconnect: the client's fetch fails with the connection closed", async () => {
    await client.addFault({ kind: "disconnect", rootField: "apiCredentialWorkspace" });
    const error = await networkError(
      fetch(server.graphqlUrl, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${server.sandbox.keys.readWrite}` },
        body: JSON.stringify({ query: "{ apiCredentialWorkspace { id } }" }),
      }),
    );
    expect(String((error.cause as Error | undefined)?.message)).toMatch(/closed|socket hang up|terminated/i);
  });
});

describe("the admin API of faults", () => {
  it("adds a list of faults at once, lists them with their counts, and clears one or all", async () => {
    const added = await client.admin("POST", "faults", [
      { kind: "status", status: 500, operation: "Nothing" },
      { id: "slow", kind: "latency", ms: 10, clock: "real" },
    ]);
    expect(added.status).toBe(201);
    expect(added.json.faults).toEqual([
      { kind: "status", status: 500, operation: "Nothing", id: expect.stringMatching(/^flt_\d+$/), fired: 0 },
      { kind: "latency", ms: 10, clock: "real", id: "slow", fired: 0 },
    ]);
    expect((await client.admin("DELETE", "faults/slow")).json).toEqual({ removed: 1 });
    expect((await client.faults()).map((fault) => fault.id)).toEqual([added.json.faults[0].id]);
    expect((await client.admin("DELETE", "faults")).json).toEqual({ removed: 1 });
    expect(await client.faults()).toEqual([]);
  });

  it.each([
    [{ kind: "status", status: 404 }, /"status" must be one of 429, 500, 502, 503/],
    [{ kind: "status", status: 503, statusCode: 503 }, /takes no field "statusCode"/],
    [{ kind: "explode" }, /"kind" must be one of status, latency, disconnect/],
    [{ kind: "latency" }, /needs "ms"/],
    [{ kind: "status", status: 503, probability: 2 }, /"probability" must be a fraction from 0 to 1/],
    [{ kind: "upload-lost", operation: "UploadImage" }, /acts on uploads/],
    [{ kind: "no-credits", upload: "put" }, /acts on generations/],
    [{ kind: "graphql-error", code: "X", upload: "form" }, /cannot match an upload endpoint/],
  ])("refuses %j with a 400 that names the problem", async (fault, message) => {
    const refused = await client.admin("POST", "faults", fault);
    expect(refused.status).toBe(400);
    expect(refused.json.error).toEqual({ code: "BAD_FAULT", message: expect.stringMatching(message) });
  });

  it("adds none of a list in which one fault is wrong, and says which", async () => {
    const refused = await client.admin("POST", "faults", [{ kind: "disconnect" }, { kind: "latency", ms: -1 }]);
    expect(refused.json.error.message).toMatch(/fault 1: a "latency" fault needs "ms"/);
    expect(await client.faults()).toEqual([]);
  });

  it("refuses a body that is not JSON, an id in use, and an unknown id to clear", async () => {
    const notJson = await fetch(`${server.url}/__sandbox/faults`, { method: "POST", body: "kind=status" });
    expect(notJson.status).toBe(400);
    await client.addFault({ id: "mine", kind: "disconnect" });
    expect((await client.admin("POST", "faults", { id: "mine", kind: "disconnect" })).json.error.message).toMatch(
      /id "mine" exists/,
    );
    expect((await client.admin("DELETE", "faults/nope")).status).toBe(404);
    expect((await client.admin("PUT", "faults")).status).toBe(405);
  });
});

import {
  ApiCredentialWorkspaceDocument,
  CreateStudioSessionDocument,
  CreditsBalanceDocument,
  GenerateImageDocument,
} from "@studio-kit/operations";
import { afterEach, describe, expect, it } from "vitest";
import { baseUrlOf, ok, send, sendRaw, useSandbox } from "./support/client.js";
import { png, put, requestUpload } from "./support/uploads.js";

// The request journal: `sandbox.requests()` here; GET and DELETE
// /__sandbox/requests on every face in the fault scenarios and below.
const sandboxes = useSandbox();
afterEach(() => sandboxes.closeAll());

describe("the request journal", () => {
  it("keeps each request, newest last, with its operation, variables, status, timing and whether it applied", async () => {
    const sandbox = sandboxes.create();
    await ok(sandbox, ApiCredentialWorkspaceDocument);
    await ok(sandbox, CreateStudioSessionDocument, { workspaceId: sandbox.workspaceId, title: "Launch" });
    await send(sandbox, CreateStudioSessionDocument, { workspaceId: sandbox.otherWorkspaceId, title: "Theirs" });

    const entries = sandbox.requests();
    expect(entries).toEqual([
      expect.objectContaining({
        seq: 1,
        at: "2026-01-05T09:00:00.000Z",
        method: "POST",
        path: "/graphql",
        operation: "ApiCredentialWorkspace",
        rootFields: ["apiCredentialWorkspace"],
        variables: null,
        status: 200,
        faults: [],
        applied: null,
        traceparent: null,
      }),
      expect.objectContaining({
        seq: 2,
        operation: "CreateStudioSession",
        rootFields: ["createStudioSession"],
        variables: { workspaceId: "ws_acme", title: "Launch" },
        applied: true,
      }),
      // Refused (another workspace): executed, but nothing changed.
      expect.objectContaining({ seq: 3, operation: "CreateStudioSession", status: 200, applied: false }),
    ]);
    for (const entry of entries) expect(entry.durationMs).toBeGreaterThanOrEqual(0);
  });

  it("redacts secrets in variables and paths: keys, tokens, signatures, policies", async () => {
    const sandbox = sandboxes.create();
    const key = sandbox.keys.readWrite;
    await sendRaw(sandbox, {
      query: "query Probe { apiCredentialWorkspace { id } }",
      variables: {
        apiKey: key,
        note: `sent with ${key} as Bearer abc.def.ghi`,
        image: { url: "https://cdn.example/a.png?X-Amz-Signature=0123abcd&size=2" },
        form: { policy: "eyJleHBpcmF0aW9uIjoi", "x-amz-signature": "f00d", accessToken: "tok_123" },
      },
    });
    const upload = await requestUpload(sandbox);
    await put(upload, png(2, 2));

    const [probe, , stored] = sandbox.requests();
    expect(probe?.variables).toEqual({
      apiKey: "[REDACTED]",
      note: "sent with [REDACTED] as Bearer [REDACTED]",
      image: { url: "https://cdn.example/a.png?X-Amz-Signature=[REDACTED]&size=2" },
      form: { policy: "[REDACTED]", "x-amz-signature": "[REDACTED]", accessToken: "[REDACTED]" },
    });
    expect(stored?.path).toMatch(/^\/__storage\/put\/file_\w+\?.*X-Amz-Signature=\[REDACTED\]/);
    const signature = new URL(upload.signedUrl ?? "").searchParams.get("X-Amz-Signature") ?? "";
    const everything = JSON.stringify(await (await fetch(`${baseUrlOf(sandbox)}/__sandbox/requests`)).json());
    expect(everything).not.toContain(key);
    expect(everything).not.toContain(signature);
  });

  it("keeps only the last journalLimit requests, numbering on", async () => {
    const sandbox = sandboxes.create({ journalLimit: 3 });
    for (let i = 0; i < 5; i += 1) await ok(sandbox, ApiCredentialWorkspaceDocument);
    expect(sandbox.requests().map((entry) => entry.seq)).toEqual([3, 4, 5]);
    const none = sandboxes.create({ journalLimit: 0 });
    await ok(none, ApiCredentialWorkspaceDocument);
    expect(none.requests()).toEqual([]);
  });

  it("names the faults that fired on each request: the request's, then one per generated record", async () => {
    const sandbox = sandboxes.create();
    const slow = sandbox.faults.add({ kind: "latency", ms: 0, operation: "GenerateImage" });
    const failed = sandbox.faults.add({ kind: "generation-failed" });
    await ok(sandbox, GenerateImageDocument, {
      workspaceId: sandbox.workspaceId,
      prompt: "two foxes",
      aspectRatio: "1:1",
      count: 2,
    });
    expect(sandbox.requests()[0]?.faults).toEqual([
      { id: slow.id, kind: "latency" },
      { id: failed.id, kind: "generation-failed" },
      { id: failed.id, kind: "generation-failed" },
    ]);
  });

  it("shows a request still held as in flight (no status, no duration)", async () => {
    const sandbox = sandboxes.create();
    sandbox.faults.add({ kind: "latency", ms: 1_000 });
    const held = send(sandbox, CreditsBalanceDocument, { workspaceId: sandbox.workspaceId });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sandbox.requests()).toEqual([expect.objectContaining({ status: null, durationMs: null })]);
    sandbox.advance(1_000);
    await held;
    expect(sandbox.requests()).toEqual([expect.objectContaining({ status: 200 })]);
  });

  it("leaves the admin endpoints out, and is emptied by DELETE /__sandbox/requests or clearRequests()", async () => {
    const sandbox = sandboxes.create();
    const admin = (method: string) => fetch(`${baseUrlOf(sandbox)}/__sandbox/requests`, { method });
    await ok(sandbox, ApiCredentialWorkspaceDocument);
    await fetch(`${baseUrlOf(sandbox)}/__sandbox/stats`);
    expect(((await (await admin("GET")).json()) as { requests: unknown[] }).requests).toHaveLength(1);
    expect(await (await admin("DELETE")).json()).toEqual({ removed: 1 });
    await ok(sandbox, ApiCredentialWorkspaceDocument);
    expect(sandbox.clearRequests()).toBe(1);
    expect(sandbox.requests()).toEqual([]);
  });

  it("records a request that is not GraphQL with no operation, and an unnamed one with its root fields", async () => {
    const sandbox = sandboxes.create();
    await fetch(`${baseUrlOf(sandbox)}/graphql`, { method: "POST", body: "{ not json" });
    await sendRaw(sandbox, { query: "{ apiCredentialWorkspace { id } }" });
    expect(sandbox.requests().map(({ operation, rootFields, status }) => ({ operation, rootFields, status }))).toEqual([
      { operation: null, rootFields: [], status: expect.any(Number) },
      { operation: null, rootFields: ["apiCredentialWorkspace"], status: 200 },
    ]);
  });

  it("keeps the W3C traceparent a request carried, as received, on GraphQL and storage requests alike", async () => {
    const sandbox = sandboxes.create();
    const traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
    const graphql = (headers: Record<string, string>) =>
      fetch(`${baseUrlOf(sandbox)}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${sandbox.keys.readWrite}`, ...headers },
        body: JSON.stringify({ query: "query Probe { apiCredentialWorkspace { id } }" }),
      });
    await graphql({ traceparent });
    await graphql({});
    await graphql({ traceparent: `00-${"a".repeat(400)}` });
    const upload = await requestUpload(sandbox);
    await fetch(upload.signedUrl ?? "", {
      method: "PUT",
      headers: { ...upload.headers, traceparent },
      body: png(2, 2),
    });

    const kept = sandbox.requests().map((entry) => entry.traceparent);
    expect(kept[0]).toBe(traceparent);
    expect(kept[1]).toBeNull();
    // A header of any length is cut, so it cannot make an entry large.
    expect(kept[2]).toHaveLength(256);
    expect(kept.at(-1)).toBe(traceparent);
    const listed = (await (await fetch(`${baseUrlOf(sandbox)}/__sandbox/requests`)).json()) as {
      requests: { traceparent: string | null }[];
    };
    expect(listed.requests[0]?.traceparent).toBe(traceparent);
  });
});

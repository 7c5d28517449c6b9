import { CreditsBalanceDocument, GenerateImageDocument } from "@studio-kit/operations";
import { expect } from "vitest";
import type { FaultKind } from "../../src/index.js";
import { type FaceClient, lastEntry, networkError, PNG_BYTES, postForm, putBytes } from "./face-client.js";

// One scenario per fault kind, run through each face (faults-msw, faults-http,
// faults-cli): the same requests and the same expectations on every face.

export interface Scenario {
  kind: FaultKind;
  name: string;
  run(client: FaceClient): Promise<void>;
}

/** Every fault kind, as a user of each face sees it. */
export const SCENARIOS: Scenario[] = [
  {
    kind: "status",
    name: "a 503 for the next matching operation only, with the gateway's page",
    async run(client) {
      const fault = await client.addFault({ kind: "status", status: 503, operation: "CreditsBalance", times: 1 });
      const refused = await client.gql(CreditsBalanceDocument, { workspaceId: client.face.workspaceId });
      expect(refused.status).toBe(503);
      expect(refused.headers.get("content-type")).toMatch(/text\/html/);
      expect(refused.text).toContain("<h1>503 Service Temporarily Unavailable</h1>");
      expect((await client.gql(CreditsBalanceDocument, { workspaceId: client.face.workspaceId })).status).toBe(200);
      expect(await client.faults()).toEqual([expect.objectContaining({ id: fault.id, fired: 1, remaining: 0 })]);
      const entries = (await client.requests()).filter((entry) => entry.operation === "CreditsBalance");
      expect(entries.map((entry) => [entry.status, entry.faults])).toEqual([
        [503, [{ id: fault.id, kind: "status" }]],
        [200, []],
      ]);
    },
  },
  {
    kind: "status",
    name: "a 429 with Retry-After and RATE_LIMITED, before the mutation is applied",
    async run(client) {
      const before = await client.credits();
      await client.addFault({ kind: "status", status: 429, retryAfter: 7, rootField: "generateImage" });
      const refused = await client.generate();
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe("7");
      expect(
        ((await refused.json()) as { errors: { extensions: { code: string } }[] }).errors[0]?.extensions.code,
      ).toBe("RATE_LIMITED");
      expect(await client.credits()).toBe(before);
      expect(await lastEntry(client, "GenerateImage")).toMatchObject({ status: 429, applied: false });
    },
  },
  {
    kind: "status",
    name: "a 502 after the mutation was applied: credits spent, the client told it failed",
    async run(client) {
      const before = await client.credits();
      await client.addFault({ kind: "status", status: 502, operation: "GenerateImage", afterApplying: true });
      const answered = await client.generate();
      expect(answered.status).toBe(502);
      expect(await answered.text()).toContain("502 Bad Gateway");
      expect(await client.credits()).toBeLessThan(before);
      expect(await lastEntry(client, "GenerateImage")).toMatchObject({ status: 502, applied: true });
    },
  },
  {
    kind: "latency",
    name: "latency on the sandbox's clock: held until the clock moves, then answered",
    async run(client) {
      await client.addFault({ kind: "latency", ms: 60_000, operation: "CreditsBalance" });
      let settled = false;
      const pending = client.gql(CreditsBalanceDocument, { workspaceId: client.face.workspaceId }).then((answered) => {
        settled = true;
        return answered;
      });
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect(settled).toBe(false);
      await client.advance(60_000);
      expect((await pending).status).toBe(200);
      expect(await lastEntry(client, "CreditsBalance")).toMatchObject({ faults: [{ kind: "latency" }], status: 200 });
    },
  },
  {
    kind: "latency",
    name: "latency in real time: answered after the real milliseconds",
    async run(client) {
      await client.addFault({ kind: "latency", ms: 80, clock: "real", operation: "CreditsBalance" });
      const started = performance.now();
      expect((await client.gql(CreditsBalanceDocument, { workspaceId: client.face.workspaceId })).status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(75);
      expect((await lastEntry(client, "CreditsBalance"))?.durationMs).toBeGreaterThanOrEqual(75);
    },
  },
  {
    kind: "disconnect",
    name: "the connection closed before the answer: a network error, nothing applied",
    async run(client) {
      const before = await client.credits();
      await client.addFault({ kind: "disconnect", operation: "GenerateImage" });
      expect(await networkError(client.generate())).toBeInstanceOf(TypeError);
      expect(await client.credits()).toBe(before);
      expect(await lastEntry(client, "GenerateImage")).toMatchObject({ status: null, applied: false });
    },
  },
  {
    kind: "disconnect",
    name: "the connection closed after the mutation was applied: a network error, credits spent",
    async run(client) {
      const before = await client.credits();
      const fault = await client.addFault({ kind: "disconnect", operation: "GenerateImage", afterApplying: true });
      expect(await networkError(client.generate())).toBeInstanceOf(TypeError);
      expect(await client.credits()).toBeLessThan(before);
      expect(await lastEntry(client, "GenerateImage")).toMatchObject({
        status: null,
        applied: true,
        faults: [{ id: fault.id, kind: "disconnect" }],
      });
    },
  },
  {
    kind: "graphql-error",
    name: "a GraphQL error with its code in a 200 answer",
    async run(client) {
      await client.addFault({ kind: "graphql-error", code: "INTERNAL_SERVER_ERROR", rootField: "creditsBalance" });
      const answered = await client.gql(CreditsBalanceDocument, { workspaceId: client.face.workspaceId });
      expect(answered.status).toBe(200);
      expect(answered.json).toEqual({
        data: null,
        errors: [{ message: "Unexpected error: try again later.", extensions: { code: "INTERNAL_SERVER_ERROR" } }],
      });
    },
  },
  {
    kind: "no-credits",
    name: "credits run out: the generation is refused as an empty balance is, nothing spent",
    async run(client) {
      const before = await client.credits();
      await client.addFault({ kind: "no-credits" });
      const { json } = await client.gql(GenerateImageDocument, {
        workspaceId: client.face.workspaceId,
        prompt: "a fox",
        aspectRatio: "1:1",
      });
      const [queued] = json.data.generateImage.images;
      expect(queued.status).toBe("QUEUED");
      await client.advance(60_000);
      expect(await client.image(queued.id)).toMatchObject({
        status: "FAILED",
        errorMessage: expect.stringMatching(/^Not enough credits: .* 0 left/),
      });
      expect(await client.credits()).toBe(before);
    },
  },
  {
    kind: "generation-failed",
    name: "a generation that ends FAILED with the fault's errorMessage",
    async run(client) {
      await client.addFault({ kind: "generation-failed", errorMessage: "The model is overloaded." });
      const { json } = await client.gql(GenerateImageDocument, {
        workspaceId: client.face.workspaceId,
        prompt: "a fox",
        aspectRatio: "1:1",
      });
      const [queued] = json.data.generateImage.images;
      await client.advance(60_000);
      expect(await client.image(queued.id)).toMatchObject({
        status: "FAILED",
        errorMessage: "The model is overloaded.",
      });
      expect(await lastEntry(client, "GenerateImage")).toMatchObject({ faults: [{ kind: "generation-failed" }] });
    },
  },
  {
    kind: "upload-lost",
    name: "a form POST answered 204 that stored nothing: the register finds no bytes",
    async run(client) {
      await client.addFault({ kind: "upload-lost", upload: "form", times: 1 });
      const upload = await client.signUpload();
      expect((await postForm(upload)).status).toBe(204);
      const refused = await client.register(upload.fileId);
      expect(refused.json.errors[0].extensions.code).toBe("FILE_NOT_UPLOADED");
      expect((await postForm(upload)).status).toBe(204);
      expect((await client.register(upload.fileId)).json.data.uploadImage.image.fileId).toBe(upload.fileId);
      const stored = (await client.requests()).filter((entry) => entry.path.startsWith("/__storage/form/"));
      expect(stored.map((entry) => entry.faults.map((fault) => fault.kind))).toEqual([["upload-lost"], []]);
    },
  },
  {
    kind: "slow-upload",
    name: "a slow PUT: the body is read no faster than the fault's rate, then stored",
    async run(client) {
      await client.addFault({ kind: "slow-upload", bytesPerSecond: 20_000, upload: "put" });
      const upload = await client.signUpload();
      const bytes = new Uint8Array(4_000);
      bytes.set(PNG_BYTES);
      const started = performance.now();
      expect((await putBytes(upload, bytes)).status).toBe(200);
      // 4000 bytes at 20000 a second: 200 ms.
      expect(performance.now() - started).toBeGreaterThanOrEqual(180);
      expect((await client.register(upload.fileId)).json.data.uploadImage.image.fileId).toBe(upload.fileId);
    },
  },
];

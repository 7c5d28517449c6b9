import {
  ApiCredentialWorkspaceDocument,
  AudioStatusDocument,
  CreditsBalanceDocument,
  GenerateImageDocument,
  GenerateVideoSfxDocument,
  ImageDocument,
} from "@studio-kit/operations";
import { afterEach, describe, expect, it } from "vitest";
import { FaultError, type Sandbox } from "../src/index.js";
import { baseUrlOf, errorCode, ok, send, useSandbox } from "./support/client.js";
import { png, put, registerImage, requestUpload, stored } from "./support/uploads.js";

// The programmatic face: `sandbox.faults` (typed) and what the faults do that
// the per-face scenarios (fault-scenarios.ts) leave out: order, counting, seeded
// fractions, per-record generation faults, faults on the upload endpoints.
const sandboxes = useSandbox();
afterEach(() => sandboxes.closeAll());

const credits = (sandbox: Sandbox) => ok(sandbox, CreditsBalanceDocument, { workspaceId: sandbox.workspaceId });
/** The HTTP status of a query (a fault's answer may not be JSON). */
const statusOf = async (sandbox: Sandbox, query: string) =>
  (
    await fetch(`${baseUrlOf(sandbox)}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${sandbox.keys.readWrite}` },
      body: JSON.stringify({ query }),
    })
  ).status;
const generate = (sandbox: Sandbox, count = 1) =>
  send(sandbox, GenerateImageDocument, {
    workspaceId: sandbox.workspaceId,
    prompt: "a fox",
    aspectRatio: "1:1",
    count,
  });

describe("sandbox.faults", () => {
  it("fires the first matching fault in the order added, counts it, and lists a spent one as spent", async () => {
    const sandbox = sandboxes.create();
    const first = sandbox.faults.add({ kind: "graphql-error", code: "RATE_LIMITED", times: 1 });
    const second = sandbox.faults.add({ kind: "graphql-error", code: "UNAUTHENTICATED", operation: "CreditsBalance" });
    expect(errorCode(await send(sandbox, CreditsBalanceDocument, { workspaceId: sandbox.workspaceId }))).toBe(
      "RATE_LIMITED",
    );
    expect(errorCode(await send(sandbox, CreditsBalanceDocument, { workspaceId: sandbox.workspaceId }))).toBe(
      "UNAUTHENTICATED",
    );
    expect((await send(sandbox, ApiCredentialWorkspaceDocument)).data?.apiCredentialWorkspace?.id).toBe("ws_acme");
    expect(sandbox.faults.list()).toEqual([
      { kind: "graphql-error", code: "RATE_LIMITED", times: 1, id: first.id, fired: 1, remaining: 0 },
      { kind: "graphql-error", code: "UNAUTHENTICATED", operation: "CreditsBalance", id: second.id, fired: 1 },
    ]);
  });

  it("fires a seeded fraction of the matches: the same ones for the same seed, others for another", async () => {
    const pattern = async (seed: number) => {
      const sandbox = sandboxes.create();
      sandbox.faults.add({ kind: "status", status: 503, probability: 0.25, seed });
      const statuses: number[] = [];
      for (let i = 0; i < 40; i += 1) statuses.push(await statusOf(sandbox, "{ apiCredentialWorkspace { id } }"));
      return statuses.map((status) => (status === 503 ? "x" : ".")).join("");
    };
    const [a, b, c] = [await pattern(7), await pattern(7), await pattern(8)];
    expect(a).toBe(b);
    expect(a).not.toBe(c);
    const fired = a.split("").filter((mark) => mark === "x").length;
    expect(fired).toBeGreaterThan(3);
    expect(fired).toBeLessThan(20);
  });

  it("matches a root field however the request aliases it", async () => {
    const sandbox = sandboxes.create();
    sandbox.faults.add({ kind: "status", status: 500, rootField: "image" });
    expect(
      await statusOf(sandbox, '{ workspace: apiCredentialWorkspace { id } pic: image(id: "img_trail_dawn") { id } }'),
    ).toBe(500);
    expect(await statusOf(sandbox, "{ apiCredentialWorkspace { id } }")).toBe(200);
  });

  it("takes faults at creation, in place before the first request", async () => {
    const sandbox = sandboxes.create({ faults: [{ kind: "graphql-error", code: "INTERNAL_SERVER_ERROR" }] });
    expect(errorCode(await send(sandbox, ApiCredentialWorkspaceDocument))).toBe("INTERNAL_SERVER_ERROR");
  });

  it("refuses a fault that cannot be used with FaultError naming the field", () => {
    const sandbox = sandboxes.create();
    // @ts-expect-error a status the fault does not take
    expect(() => sandbox.faults.add({ kind: "status", status: 404 })).toThrow(FaultError);
    expect(() => sandbox.faults.add({ kind: "latency", ms: 10, times: 0 })).toThrow(/"times" must be a whole number/);
    expect(sandbox.faults.list()).toEqual([]);
  });

  it("clears one fault by id (0 for an unknown id) or all of them", () => {
    const sandbox = sandboxes.create();
    const kept = sandbox.faults.add({ kind: "disconnect", operation: "A" });
    const gone = sandbox.faults.add({ kind: "disconnect", operation: "B" });
    expect(sandbox.faults.clear(gone.id)).toBe(1);
    expect(sandbox.faults.clear("flt_nope")).toBe(0);
    expect(sandbox.faults.list().map((fault) => fault.id)).toEqual([kept.id]);
    expect(sandbox.faults.clear()).toBe(1);
  });

  it("lets a request held on the sandbox's clock go on when the sandbox closes", async () => {
    const sandbox = sandboxes.create();
    sandbox.faults.add({ kind: "latency", ms: 3_600_000 });
    const held = send(sandbox, ApiCredentialWorkspaceDocument);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await sandbox.close();
    expect((await held).status).toBe(200);
  });
});

describe("generation faults", () => {
  it("count per record: `times: 1` fails the first image of two, and the second completes", async () => {
    const sandbox = sandboxes.create();
    const fault = sandbox.faults.add({ kind: "generation-failed", times: 1 });
    const images = (await generate(sandbox, 2)).data?.generateImage?.images ?? [];
    sandbox.advance(10_000);
    const statuses = [];
    for (const image of images) statuses.push((await ok(sandbox, ImageDocument, { id: image.id })).image?.status);
    expect(statuses).toEqual(["FAILED", "COMPLETED"]);
    const entry = sandbox.requests().find((request) => request.operation === "GenerateImage");
    expect(entry?.faults).toEqual([{ id: fault.id, kind: "generation-failed" }]);
  });

  it("no-credits passes by a generation that costs nothing; generation-failed does not", async () => {
    const sandbox = sandboxes.create();
    const noCredits = sandbox.faults.add({ kind: "no-credits" });
    const sfx = () =>
      ok(sandbox, GenerateVideoSfxDocument, { workspaceId: sandbox.workspaceId, videoId: "vid_river_crossing" });
    const free = (await sfx()).generateVideoSfx?.audioId ?? "";
    sandbox.faults.add({ kind: "generation-failed", rootField: "generateVideoSfx" });
    const failed = (await sfx()).generateVideoSfx?.audioId ?? "";
    sandbox.advance(10_000);
    const status = async (audioId: string) =>
      (await ok(sandbox, AudioStatusDocument, { audioId, workspaceId: sandbox.workspaceId })).audioStatus;
    expect((await status(free))?.status).not.toBe("FAILED");
    expect(await status(failed)).toMatchObject({ status: "FAILED" });
    expect(sandbox.faults.list().find((fault) => fault.id === noCredits.id)?.fired).toBe(0);
  });

  it("no-credits leaves creditsBalance as it was: the balance ran out between the check and the generation", async () => {
    const sandbox = sandboxes.create();
    const before = await credits(sandbox);
    sandbox.faults.add({ kind: "no-credits", operation: "GenerateImage" });
    expect((await generate(sandbox)).data?.generateImage?.success).toBe(true);
    expect(await credits(sandbox)).toEqual(before);
  });
});

describe("faults on the upload endpoints", () => {
  it("answers a PUT with the gateway's 503 and closes the connection, storing nothing", async () => {
    const sandbox = sandboxes.create();
    sandbox.faults.add({ kind: "status", status: 503, upload: "put" });
    const upload = await requestUpload(sandbox);
    const answered = await put(upload, png(4, 3));
    expect(answered.status).toBe(503);
    expect(answered.headers.get("connection")).toBe("close");
    expect(stored(sandbox, upload)?.path).toBeNull();
  });

  it("stores the bytes of a PUT then answers 503 (afterApplying): the register finds them", async () => {
    const sandbox = sandboxes.create();
    sandbox.faults.add({ kind: "status", status: 503, upload: "put", afterApplying: true });
    const upload = await requestUpload(sandbox);
    expect((await put(upload, png(4, 3))).status).toBe(503);
    expect((await registerImage(sandbox, upload.fileId)).data?.uploadImage?.image?.width).toBe(4);
  });

  it("closes the connection of a form POST before reading it (disconnect): nothing stored", async () => {
    const sandbox = sandboxes.create();
    sandbox.faults.add({ kind: "disconnect", upload: "form" });
    const upload = await requestUpload(sandbox);
    const body = new FormData();
    for (const [name, value] of Object.entries(upload.fields)) body.append(name, value);
    body.append("file", new Blob([png(4, 3)]), "photo.png");
    await expect(fetch(upload.uploadForm?.url ?? "", { method: "POST", body })).rejects.toThrow(TypeError);
    expect(stored(sandbox, upload)?.path).toBeNull();
  });

  it("loses a PUT's bytes too (upload-lost on any endpoint), answering 200 with an ETag", async () => {
    const sandbox = sandboxes.create();
    sandbox.faults.add({ kind: "upload-lost" });
    const upload = await requestUpload(sandbox);
    const answered = await put(upload, png(4, 3));
    expect(answered.status).toBe(200);
    expect(answered.headers.get("etag")).toMatch(/^"[0-9a-f]{32}"$/);
    expect(errorCode(await registerImage(sandbox, upload.fileId))).toBe("FILE_NOT_UPLOADED");
  });
});

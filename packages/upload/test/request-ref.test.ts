import { inspect } from "node:util";
import { StudioAbortError, StudioError } from "@studio-kit/core";
import { HttpResponse, http } from "msw";
import { describe, expect, it, vi } from "vitest";
import { type UploadError, uploadFile } from "../src/index.js";
import {
  BASE_URL,
  type Harness,
  KiB,
  manualTimers,
  neutralBytes,
  PUT_URL,
  rejection,
  useUploads,
} from "./support/harness.js";

const uploads = useUploads();

/** Everything an error can turn into: message, stack, JSON, and Node's inspection with the cause chain. */
const renderings = (error: unknown) =>
  [
    String(error),
    (error as Error).stack ?? "",
    JSON.stringify(error),
    inspect(error, { depth: 20, showHidden: true }),
  ].join("\n");

/** The signature of the first signed URL, which no error may carry. */
function signatureOf(harness: Harness): string {
  const signature = new URL(harness.signed[0]?.signedUrl ?? "http://x").searchParams.get("X-Amz-Signature");
  expect(signature?.length).toBeGreaterThan(16);
  return signature as string;
}

/** Checks that the error says where its transfer went (the storage's URL without its query) and leaks no signature. */
function expectStorageRequest(error: UploadError, harness: Harness) {
  const where = { operationName: undefined, url: `${BASE_URL}/__storage/put/${error.fileId}` };
  expect(error.request).toEqual(where);
  expect(error.toJSON().request).toEqual(where);
  expect(renderings(error)).not.toContain(signatureOf(harness));
}

const putOptions = (harness: Harness) => ({
  blob: new Blob([neutralBytes(100)]),
  contentType: "video/mp4",
  transfer: "put" as const,
  ...harness.settings,
});

describe("an upload's errors say where: the storage's URL without its signature", () => {
  it("a refusal by the storage (TRANSFER_REFUSED) carries the transfer's request", async () => {
    const harness = uploads.create();
    uploads.server.use(
      http.put(PUT_URL, ({ request }) =>
        HttpResponse.json({ error: { code: "AccessDenied", message: `no to ${request.url}` } }, { status: 403 }),
      ),
    );
    const error = (await rejection(uploadFile(harness.client, putOptions(harness)))) as UploadError;
    expect(error.code).toBe("TRANSFER_REFUSED");
    expectStorageRequest(error, harness);
  });

  it("an expired signed upload (EXPIRED, after signing again) carries the last transfer's request", async () => {
    const harness = uploads.create();
    uploads.server.use(
      http.put(PUT_URL, () =>
        HttpResponse.json({ error: { code: "ExpiredToken", message: "The token has expired." } }, { status: 400 }),
      ),
    );
    const error = (await rejection(uploadFile(harness.client, putOptions(harness)))) as UploadError;
    expect(error.code).toBe("EXPIRED");
    expect(error.request?.url).toBe(`${BASE_URL}/__storage/put/${error.fileId}`);
    expect(renderings(error)).not.toContain(signatureOf(harness));
  });

  it("a network failure (TRANSFER_FAILED) carries it and names the storage's host", async () => {
    const harness = uploads.create();
    const failing: typeof fetch = async (input) => {
      throw new TypeError(`fetch failed for ${String(input)}`);
    };
    const error = (await rejection(
      uploadFile(harness.client, { ...putOptions(harness), fetch: failing }),
    )) as UploadError;
    expect(error.code).toBe("TRANSFER_FAILED");
    expect(error.message).toContain("to the storage (api.upload.test)");
    expectStorageRequest(error, harness);
  });

  it("a stalled transfer (STALLED) carries it", async () => {
    const harness = uploads.create();
    const timers = manualTimers();
    harness.sandbox.faults.add({ kind: "latency", ms: 3_600_000, upload: "put" });
    const storageReached = vi.waitFor(() => expect(harness.sandbox.faults.list()[0]?.fired).toBe(1));
    const upload = uploadFile(harness.client, {
      ...putOptions(harness),
      blob: new Blob([neutralBytes(64 * KiB)]),
      stallTimeoutMs: 45_000,
      clock: { ...harness.settings.clock, setTimeout: timers.setTimeout, clearTimeout: timers.clearTimeout },
    });
    await storageReached;
    timers.fireAll();
    const error = (await rejection(upload)) as UploadError;
    expect(error.code).toBe("STALLED");
    expectStorageRequest(error, harness);
  });

  it("a transfer the caller aborted carries it, the reason as cause", async () => {
    const harness = uploads.create();
    const controller = new AbortController();
    const reason = new Error("the person pressed Stop");
    // The caller aborts once the bytes are on their way; the storage never answers.
    const aborting: typeof fetch = (_input, init) => {
      controller.abort(reason);
      return Promise.reject(init?.signal?.reason);
    };
    const error = (await rejection(
      uploadFile(harness.client, { ...putOptions(harness), fetch: aborting, signal: controller.signal }),
    )) as UploadError;
    expect(error).toBeInstanceOf(StudioAbortError);
    expect(error.cause).toBe(reason);
    expectStorageRequest(error, harness);
  });

  it("a refused GraphQL step is core's error, carrying the GraphQL request", async () => {
    const harness = uploads.create({ apiKey: "sk_not_a_real_key" });
    const error = (await rejection(uploadFile(harness.client, putOptions(harness)))) as StudioError;
    expect(error).toBeInstanceOf(StudioError);
    expect(error.code).toBe("UNAUTHENTICATED");
    expect(error.request).toEqual({ operationName: "ApiCredentialWorkspace", url: `${BASE_URL}/graphql` });
  });

  it("a file refused before anything was sent has no request", async () => {
    const harness = uploads.create();
    const error = (await rejection(
      uploadFile(harness.client, { ...putOptions(harness), blob: new Blob([]) }),
    )) as UploadError;
    expect(error.code).toBe("FILE_EMPTY");
    expect(error.request).toBeUndefined();
  });
});

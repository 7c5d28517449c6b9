import { StudioAbortError } from "@studio-kit/core";
import { http } from "msw";
import { describe, expect, it, vi } from "vitest";
import { UploadAbortError, type UploadError, UploadStalledError, uploadFile } from "../src/index.js";
import {
  executed,
  FORM_URL,
  GRAPHQL_URL,
  KiB,
  manualTimers,
  neutralBytes,
  rejection,
  storageRequests,
  useUploads,
} from "./support/harness.js";

const uploads = useUploads();

describe("a stalled transfer", () => {
  it("is stopped with STALLED once no byte moved for stallTimeoutMs, and nothing is registered", async () => {
    const harness = uploads.create();
    const timers = manualTimers();
    // A storage that takes the request and then never answers (held until the sandbox's clock moves an hour).
    harness.sandbox.faults.add({ kind: "latency", ms: 3_600_000, upload: "put" });
    const storageReached = vi.waitFor(() => expect(harness.sandbox.faults.list()[0]?.fired).toBe(1));
    const upload = uploadFile(harness.client, {
      blob: new Blob([neutralBytes(64 * KiB)]),
      contentType: "video/mp4",
      transfer: "put",
      stallTimeoutMs: 45_000,
      clock: { ...harness.settings.clock, setTimeout: timers.setTimeout, clearTimeout: timers.clearTimeout },
    });
    await storageReached;
    expect(timers.pending()).toEqual([45_000]);
    timers.fireAll();

    const error = (await rejection(upload)) as UploadError;
    expect(error).toBeInstanceOf(UploadStalledError);
    expect(error).toMatchObject({ code: "STALLED", limit: 45_000 });
    expect(error.message).toContain("no byte of file_");
    expect(error.message).toContain("moved for 45000 ms");
    expect(executed(harness.sandbox, "UploadVideo")).toBe(0);
    expect(timers.pending()).toEqual([]);
  });
});

describe("aborting", () => {
  it("sends nothing when the signal is already aborted", async () => {
    const harness = uploads.create();
    const error = (await rejection(
      uploadFile(harness.client, {
        blob: new Blob([neutralBytes(100)]),
        contentType: "image/png",
        signal: AbortSignal.abort(),
        ...harness.settings,
      }),
    )) as UploadError;
    expect(error).toBeInstanceOf(UploadAbortError);
    expect(error.code).toBe("ABORTED");
    expect(harness.seen).toEqual([]);
  });

  it("stops a transfer in flight at once and registers nothing", async () => {
    const harness = uploads.create();
    const controller = new AbortController();
    let loaded = 0;
    const error = (await rejection(
      uploadFile(harness.client, {
        blob: new Blob([neutralBytes(512 * KiB)]),
        contentType: "image/png",
        signal: controller.signal,
        onProgress: (progress) => {
          loaded = progress.loaded;
          if (loaded >= 64 * KiB) controller.abort();
        },
        ...harness.settings,
      }),
    )) as UploadError;
    expect(error).toBeInstanceOf(UploadAbortError);
    expect(error.fileId).toBe(harness.signed[0]?.fileId);
    expect(loaded).toBeLessThan(512 * KiB);
    expect(harness.sandbox.state.files.get(error.fileId ?? "")?.path).toBeNull();
    expect(executed(harness.sandbox, "UploadImage")).toBe(0);
  });

  it("registers nothing when the abort comes after the bytes, reporting ABORTED either way", async () => {
    const harness = uploads.create();
    const controller = new AbortController();
    uploads.server.use(
      http.post(FORM_URL, async ({ request }) => {
        const response = await harness.sandbox.handle(request);
        controller.abort();
        return response;
      }),
    );
    const error = (await rejection(
      uploadFile(harness.client, {
        blob: new Blob([neutralBytes(1000)]),
        contentType: "image/png",
        signal: controller.signal,
        ...harness.settings,
      }),
    )) as UploadError;
    expect(error).toBeInstanceOf(UploadAbortError);
    expect(storageRequests(harness.seen)).toHaveLength(1);
    expect(executed(harness.sandbox, "UploadImage")).toBe(0);
  });

  it("reports an abort during a GraphQL step as ABORTED too, with the caller's reason as the cause", async () => {
    const harness = uploads.create();
    const controller = new AbortController();
    // The signing request is under way when the caller aborts; its answer never comes.
    uploads.server.use(
      http.post(GRAPHQL_URL, async ({ request }) => {
        if (!(await request.clone().text()).includes("CreateSignedUploadUrl")) return undefined;
        controller.abort();
        return new Promise<never>(() => {});
      }),
    );
    const error = (await rejection(
      uploadFile(harness.client, {
        blob: new Blob([neutralBytes(1000)]),
        contentType: "image/png",
        signal: controller.signal,
        ...harness.settings,
      }),
    )) as UploadError;
    expect(error).toBeInstanceOf(UploadAbortError);
    expect(error).toBeInstanceOf(StudioAbortError);
    expect(error.code).toBe("ABORTED");
    expect(error.cause).toBe(controller.signal.reason);
    expect(storageRequests(harness.seen)).toEqual([]);
  });

  it("says the register may have been applied when the abort came while it was in flight", async () => {
    const harness = uploads.create();
    const controller = new AbortController();
    uploads.server.use(
      http.post(GRAPHQL_URL, async ({ request }) => {
        if (!(await request.clone().text()).includes("uploadImage")) return undefined;
        await harness.sandbox.handle(request); // applied on the server, then the caller gives up
        controller.abort();
        return new Promise<never>(() => {});
      }),
    );
    const error = (await rejection(
      uploadFile(harness.client, {
        blob: new Blob([neutralBytes(1000)]),
        contentType: "image/png",
        signal: controller.signal,
        ...harness.settings,
      }),
    )) as UploadError;
    expect(error).toBeInstanceOf(UploadAbortError);
    expect(error.fileId).toBe(harness.signed[0]?.fileId);
    expect(error.message).toContain("the register may have been applied, so look for the asset");
  });
});

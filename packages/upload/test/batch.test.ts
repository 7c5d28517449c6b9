import { http } from "msw";
import { describe, expect, it } from "vitest";
import { type UploadFilesProgress, UploadValidationError, uploadFiles } from "../src/index.js";
import { executed, FORM_URL, KiB, neutralBytes, useUploads } from "./support/harness.js";

const uploads = useUploads();

describe("uploadFiles", () => {
  it("uploads every file, at most `concurrency` at a time, with progress over all of them", async () => {
    const harness = uploads.create();
    let inFlight = 0;
    let mostInFlight = 0;
    uploads.server.use(
      http.post(FORM_URL, async ({ request }) => {
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        try {
          return await harness.sandbox.handle(request);
        } finally {
          inFlight -= 1;
        }
      }),
    );
    const sizes = [40 * KiB, 70 * KiB + 1, 5, 100 * KiB, 33 * KiB];
    const events: UploadFilesProgress[] = [];
    const results = await uploadFiles(
      harness.client,
      sizes.map((size, index) => ({ blob: new Blob([neutralBytes(size, index)]), contentType: "image/png" })),
      { concurrency: 2, onProgress: (progress) => events.push(progress), ...harness.settings },
    );

    expect(results.map((result) => result.status)).toEqual(sizes.map(() => "fulfilled"));
    expect(mostInFlight).toBe(2);
    expect(executed(harness.sandbox, "UploadImage")).toBe(sizes.length);
    const total = sizes.reduce((sum, size) => sum + size, 0);
    const loaded = events.map((event) => event.loaded);
    expect(events.every((event) => event.total === total)).toBe(true);
    expect(loaded.every((value, index) => index === 0 || value > (loaded[index - 1] ?? 0))).toBe(true);
    expect(loaded.at(-1)).toBe(total);
    for (const [index, size] of sizes.entries()) {
      const last = events.filter((event) => event.file.index === index).at(-1);
      expect(last?.file).toEqual({ index, loaded: size, total: size });
    }
  });

  it("reports a bad file in its place without stopping the others", async () => {
    const harness = uploads.create();
    const results = await uploadFiles(
      harness.client,
      [
        { blob: new Blob([neutralBytes(10)]), contentType: "image/png" },
        { blob: new Blob([neutralBytes(10)]), contentType: "image/gif" },
        { blob: new Blob([neutralBytes(10)]), contentType: "audio/mpeg" },
      ],
      harness.settings,
    );
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    const refused = results[1]?.status === "rejected" ? results[1].reason : undefined;
    expect(refused).toBeInstanceOf(UploadValidationError);
    expect(executed(harness.sandbox, "CreateSignedUploadUrl")).toBe(2);
  });

  it("starts no further file once the batch is aborted", async () => {
    const harness = uploads.create();
    const controller = new AbortController();
    const results = await uploadFiles(
      harness.client,
      [0, 1, 2, 3].map((index) => ({
        blob: new Blob([neutralBytes(1000, index)]),
        contentType: "image/png",
        // The first file aborts the batch as soon as its bytes start to move.
        ...(index === 0 ? { onProgress: () => controller.abort() } : {}),
      })),
      { concurrency: 1, signal: controller.signal, ...harness.settings },
    );
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected", "rejected", "rejected"]);
    expect(results.every((result) => result.status === "rejected" && result.reason.code === "ABORTED")).toBe(true);
    expect(executed(harness.sandbox, "CreateSignedUploadUrl")).toBe(1);
    expect(executed(harness.sandbox, "UploadImage")).toBe(0);
  });
});

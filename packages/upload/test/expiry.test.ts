import { describe, expect, it } from "vitest";
import { UPLOAD_LIFETIME_MS, type UploadError, UploadTransferError, uploadFile } from "../src/index.js";
import {
  assetsOf,
  executed,
  neutralBytes,
  rejection,
  storageRequests,
  storedBytes,
  useUploads,
} from "./support/harness.js";

const uploads = useUploads();
const PAST_LIFETIME_MS = UPLOAD_LIFETIME_MS + 1000;

describe("a signed form lives 15 minutes (spec, Limits)", () => {
  it.each(["form", "put"] as const)(
    "signs again before a transfer that cannot start in time, without sending to the stale one (%s)",
    async (transfer) => {
      const harness = uploads.create();
      // Both clocks move past the lifetime between the signing and the transfer.
      harness.onSigned = () => {
        if (harness.signed.length === 1) harness.sandbox.advance(PAST_LIFETIME_MS);
      };
      const bytes = neutralBytes(5000);
      const { fileId, asset } = await uploadFile(harness.client, {
        blob: new Blob([bytes]),
        contentType: "image/png",
        transfer,
        ...harness.settings,
      });
      const [stale, fresh] = harness.signed;
      expect(harness.signed).toHaveLength(2);
      expect(fileId).toBe(fresh?.fileId);
      expect(storageRequests(harness.seen)).toEqual([
        { method: transfer === "form" ? "POST" : "PUT", path: `/__storage/${transfer}/${fresh?.fileId}` },
      ]);
      expect(storedBytes(harness.sandbox, stale?.fileId ?? "")).toBeUndefined();
      expect(storedBytes(harness.sandbox, fileId)).toEqual(bytes);
      expect(asset).toMatchObject({ __typename: "Image", fileId });
    },
  );

  it("signs again once and sends again when the storage refuses an expired form", async () => {
    const harness = uploads.create();
    // The uploader's clock stands still; only the storage sees the form expire.
    const settings = { clock: { now: () => 0 } };
    harness.onSigned = () => {
      if (harness.signed.length === 1) harness.sandbox.advance(PAST_LIFETIME_MS);
    };
    const progress: number[] = [];
    const bytes = neutralBytes(5000);
    const { fileId } = await uploadFile(harness.client, {
      blob: new Blob([bytes]),
      contentType: "audio/wav",
      onProgress: ({ loaded }) => progress.push(loaded),
      ...settings,
    });
    const [stale, fresh] = harness.signed;
    expect(harness.signed).toHaveLength(2);
    expect(storageRequests(harness.seen).map((request) => request.path)).toEqual([
      `/__storage/form/${stale?.fileId}`,
      `/__storage/form/${fresh?.fileId}`,
    ]);
    expect(fileId).toBe(fresh?.fileId);
    expect(storedBytes(harness.sandbox, fileId)).toEqual(bytes);
    expect(executed(harness.sandbox, "UploadAudio")).toBe(1);
    // Sent twice, reported once: progress never goes back.
    expect(progress.at(-1)).toBe(bytes.byteLength);
    expect(progress.every((value, index) => index === 0 || value > (progress[index - 1] ?? 0))).toBe(true);
  });

  it("gives up with EXPIRED when the fresh form is refused as expired too, and registers nothing", async () => {
    const harness = uploads.create();
    harness.onSigned = () => harness.sandbox.advance(PAST_LIFETIME_MS);
    const error = (await rejection(
      uploadFile(harness.client, {
        blob: new Blob([neutralBytes(100)]),
        contentType: "video/mp4",
        clock: { now: () => 0 },
      }),
    )) as UploadError;
    expect(error).toBeInstanceOf(UploadTransferError);
    expect(error).toMatchObject({ code: "EXPIRED", status: 403, storageCode: "ExpiredToken" });
    expect(error.message).toContain("Check that this machine's clock and the platform's agree");
    expect(harness.signed).toHaveLength(2);
    expect(storageRequests(harness.seen)).toHaveLength(2);
    expect(executed(harness.sandbox, "UploadVideo")).toBe(0);
    for (const { fileId } of harness.signed) expect(assetsOf(harness.sandbox, fileId)).toEqual([]);
  });
});

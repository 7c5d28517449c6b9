import { StudioError, StudioServerError } from "@studio-kit/core";
import type { Sandbox } from "@studio-kit/sandbox";
import { describe, expect, it } from "vitest";
import { uploadFile } from "../src/index.js";
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

/**
 * The storage takes the bytes and answers 204, but they never reach the
 * platform (`times` times; the sandbox's upload-lost fault): the register then
 * finds no bytes (FILE_NOT_UPLOADED).
 */
function loseBytes(sandbox: Sandbox, times: number) {
  sandbox.faults.add({ kind: "upload-lost", upload: "form", times });
}

describe("registering (spec, Upload flow 3)", () => {
  it("sends the bytes again and retries the register with the same fileId when they did not arrive", async () => {
    const harness = uploads.create();
    loseBytes(harness.sandbox, 1);
    const bytes = neutralBytes(3000);
    const { fileId, asset } = await uploadFile(harness.client, {
      blob: new Blob([bytes]),
      contentType: "image/jpeg",
      displayName: "Hero shot",
      ...harness.settings,
    });
    expect(harness.signed.map((signed) => signed.fileId)).toEqual([fileId]);
    expect(storageRequests(harness.seen)).toHaveLength(2);
    expect(executed(harness.sandbox, "UploadImage")).toBe(2);
    expect(asset).toMatchObject({ __typename: "Image", fileId });
    expect(assetsOf(harness.sandbox, fileId)).toHaveLength(1);
    expect(storedBytes(harness.sandbox, fileId)).toEqual(bytes);
  });

  it("gives up after registerRetries with core's StudioError, never signing a new upload", async () => {
    const harness = uploads.create();
    loseBytes(harness.sandbox, 10);
    const error = (await rejection(
      uploadFile(harness.client, {
        blob: new Blob([neutralBytes(300)]),
        contentType: "video/quicktime",
        registerRetries: 3,
        ...harness.settings,
      }),
    )) as StudioError;
    expect(error).toBeInstanceOf(StudioError);
    expect(error.graphqlCode).toBe("FILE_NOT_UPLOADED");
    expect(executed(harness.sandbox, "UploadVideo")).toBe(4);
    expect(storageRequests(harness.seen)).toHaveLength(4);
    expect(harness.signed).toHaveLength(1);
  });

  it("never sends a register again when it failed for another reason", async () => {
    const harness = uploads.create();
    // Applied by the sandbox, then lost on the way back: a resend could register twice.
    harness.sandbox.faults.add({ kind: "status", status: 502, rootField: "uploadImage", afterApplying: true });
    const error = await rejection(
      uploadFile(harness.client, {
        blob: new Blob([neutralBytes(300)]),
        contentType: "image/png",
        ...harness.settings,
      }),
    );
    expect(error).toBeInstanceOf(StudioServerError);
    const registers = harness.sandbox.requests().filter((entry) => entry.rootFields.includes("uploadImage"));
    expect(registers.map((entry) => [entry.status, entry.applied])).toEqual([[502, true]]);
    expect(storageRequests(harness.seen)).toHaveLength(1);
  });

  it("keeps a file outside the library through confirmFileUpload, registering nothing", async () => {
    const harness = uploads.create();
    const { fileId, asset } = await uploadFile(harness.client, {
      blob: new Blob([neutralBytes(300)]),
      contentType: "audio/flac",
      keepOutsideLibrary: true,
      ...harness.settings,
    });
    expect(asset).toBeNull();
    expect(harness.sandbox.state.files.get(fileId)?.kept).toBe("confirmed");
    expect(executed(harness.sandbox, "ConfirmFileUpload")).toBe(1);
    expect(executed(harness.sandbox, "UploadAudio")).toBe(0);
    expect(assetsOf(harness.sandbox, fileId)).toEqual([]);
  });

  it("sends the bytes again before confirming too, when they did not arrive", async () => {
    const harness = uploads.create();
    loseBytes(harness.sandbox, 1);
    const { fileId } = await uploadFile(harness.client, {
      blob: new Blob([neutralBytes(300)]),
      contentType: "image/avif",
      keepOutsideLibrary: true,
      ...harness.settings,
    });
    expect(executed(harness.sandbox, "ConfirmFileUpload")).toBe(2);
    expect(harness.sandbox.state.files.get(fileId)?.kept).toBe("confirmed");
  });

  it("passes name, displayName and aspectRatio to the register", async () => {
    const harness = uploads.create();
    const { asset } = await uploadFile(harness.client, {
      blob: new Blob([neutralBytes(300)]),
      contentType: "video/webm",
      name: "teaser",
      displayName: "Launch teaser",
      aspectRatio: "9:16",
      ...harness.settings,
    });
    expect(asset).toMatchObject({ __typename: "Video", aspectRatio: "9:16" });
    const record = harness.sandbox.state.assets.get(asset?.id ?? "");
    expect(record).toMatchObject({ name: "teaser", displayName: "Launch teaser" });
  });
});

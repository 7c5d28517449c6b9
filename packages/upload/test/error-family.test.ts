import { StudioAbortError, StudioError, StudioTimeoutError, StudioValidationError } from "@studio-kit/core";
import { describe, expect, expectTypeOf, it } from "vitest";
import { UploadAbortError, type UploadError, UploadValidationError, uploadFile } from "../src/index.js";
import { neutralBytes, rejection, useUploads } from "./support/harness.js";

const uploads = useUploads();

describe("upload errors are the kit's StudioErrors", () => {
  it("aborts with the caller's reason as cause: an UploadAbortError that is a StudioAbortError", async () => {
    const harness = uploads.create();
    const reason = new Error("the job was cancelled");
    const error = (await rejection(
      uploadFile(harness.client, {
        blob: new Blob([neutralBytes(100)]),
        contentType: "image/png",
        signal: AbortSignal.abort(reason),
        ...harness.settings,
      }),
    )) as UploadError;
    expect(error).toBeInstanceOf(UploadAbortError);
    expect(error).toBeInstanceOf(StudioError);
    expect(error).toBeInstanceOf(StudioAbortError);
    expect(error).toMatchObject({ name: "UploadAbortError", code: "ABORTED" });
    expect(error.cause).toBe(reason);
    expect(error.message).toBe(
      "@studio-kit/upload: the upload was aborted by the caller (the job was cancelled); nothing was registered.",
    );
    expect(error.toJSON()).toMatchObject({ name: "UploadAbortError", code: "ABORTED", message: error.message });
  });

  it("tells a signal that timed out from a cancel: code TIMEOUT, a StudioTimeoutError, the TimeoutError as cause", async () => {
    const harness = uploads.create();
    const reason = new DOMException("signal timed out", "TimeoutError");
    const error = (await rejection(
      uploadFile(harness.client, {
        blob: new Blob([neutralBytes(100)]),
        contentType: "image/png",
        signal: AbortSignal.abort(reason),
        ...harness.settings,
      }),
    )) as UploadError;
    expect(error).toBeInstanceOf(UploadAbortError);
    expect(error).toBeInstanceOf(StudioTimeoutError);
    expect(error).not.toBeInstanceOf(StudioAbortError);
    expect(error.code).toBe("TIMEOUT");
    expect(error.cause).toBe(reason);
    expect(error.message).toMatch(/the caller's signal timed out \(signal timed out\)/);
  });

  it("refuses a file that breaks a rule with an UploadValidationError that is a StudioValidationError", async () => {
    const harness = uploads.create();
    const error = (await rejection(
      uploadFile(harness.client, { blob: new Blob([]), contentType: "image/png", ...harness.settings }),
    )) as UploadError;
    expect(error).toBeInstanceOf(UploadValidationError);
    expect(error).toBeInstanceOf(StudioValidationError);
    expect(error).toBeInstanceOf(StudioError);
    expect(error.code).toBe("FILE_EMPTY");
  });

  it("keeps a usable type when narrowed by both its own class and a category class", () => {
    const error: unknown = new UploadAbortError("ABORTED", "@studio-kit/upload: aborted.", { fileId: "file_1" });
    if (!(error instanceof UploadAbortError) || !(error instanceof StudioAbortError)) throw new Error("not matched");
    expectTypeOf(error.fileId).toEqualTypeOf<string | undefined>();
    expect(error.fileId).toBe("file_1");
  });
});

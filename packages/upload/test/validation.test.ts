import type { UploadCategory } from "@studio-kit/operations";
import { describe, expect, it } from "vitest";
import {
  MAX_UPLOAD_BYTES,
  UPLOAD_CATEGORIES,
  type UploadError,
  UploadValidationError,
  uploadFile,
  validateUpload,
} from "../src/index.js";
import { gif, matroska, png, webm } from "./support/formats.js";
import { neutralBytes, rejection, useUploads } from "./support/harness.js";

const uploads = useUploads();

const TYPENAME: Record<UploadCategory, string> = {
  UGC_IMAGE: "Image",
  AI_IMAGE_REFERENCE: "Image",
  VIDEO: "Video",
  AUDIO: "Audio",
};

// Every row of the spec's UploadCategory table.
const ALLOWED = (Object.keys(UPLOAD_CATEGORIES) as UploadCategory[]).flatMap((category) =>
  UPLOAD_CATEGORIES[category].contentTypes.map((contentType) => [category, contentType] as const),
);

const REFUSED: (readonly [UploadCategory, string])[] = [
  ["UGC_IMAGE", "image/gif"],
  ["UGC_IMAGE", "image/bmp"],
  ["UGC_IMAGE", "image/heic"],
  ["UGC_IMAGE", "image/tiff"],
  ["UGC_IMAGE", "text/plain"],
  ["UGC_IMAGE", "video/mp4"],
  ["AI_IMAGE_REFERENCE", "image/svg+xml"],
  ["AI_IMAGE_REFERENCE", "image/gif"],
  ["AI_IMAGE_REFERENCE", "image/heic"],
  ["VIDEO", "video/x-matroska"],
  ["VIDEO", "video/ogg"],
  ["VIDEO", "video/mpeg"],
  ["VIDEO", "video/x-flv"],
  ["VIDEO", "image/png"],
  ["AUDIO", "audio/midi"],
  ["AUDIO", "audio/x-aiff"],
  ["AUDIO", "audio/opus"],
  ["AUDIO", "audio/amr"],
  ["AUDIO", "video/mp4"],
  ["AUDIO", "text/plain"],
];

describe("content types each category allows (spec, the UploadCategory table)", () => {
  it.each(ALLOWED)("%s: uploads %s and registers it", async (category, contentType) => {
    const { client, settings } = uploads.create();
    const { fileId, asset } = await uploadFile(client, {
      blob: new Blob([neutralBytes(64)]),
      filename: "sample.bin",
      category,
      contentType,
      ...settings,
    });
    expect(asset?.__typename).toBe(TYPENAME[category]);
    expect(fileId).toMatch(/^file_/);
  });
});

describe("content types each category refuses", () => {
  it.each(REFUSED)("%s: refuses %s before sending anything, naming the allowed list", async (category, contentType) => {
    const { client, settings, seen } = uploads.create();
    const error = (await rejection(
      uploadFile(client, { blob: new Blob([neutralBytes(64)]), category, contentType, ...settings }),
    )) as UploadError;
    expect(error).toBeInstanceOf(UploadValidationError);
    expect(error.code).toBe("UNSUPPORTED_CONTENT_TYPE");
    expect(error.allowed).toEqual(UPLOAD_CATEGORIES[category].contentTypes);
    expect(error.message).toContain(`content type ${contentType} is not allowed for ${category}`);
    expect(error.message).toContain(UPLOAD_CATEGORIES[category].contentTypes.join(", "));
    expect(seen).toEqual([]);
  });
});

describe("size limits (spec, Limits: 1 byte to 256 MiB)", () => {
  it("refuses an empty file before sending anything", async () => {
    const { client, settings, seen } = uploads.create();
    const error = (await rejection(
      uploadFile(client, { blob: new Blob([]), contentType: "image/png", ...settings }),
    )) as UploadError;
    expect(error.code).toBe("FILE_EMPTY");
    expect(error.message).toContain("1 byte to 256 MiB");
    expect(seen).toEqual([]);
  });

  it("refuses 256 MiB + 1 byte before reading or sending a byte, naming the limit", async () => {
    const { client, settings, seen } = uploads.create();
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull: (controller) => {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const error = (await rejection(
      uploadFile(client, { stream, size: MAX_UPLOAD_BYTES + 1, contentType: "video/mp4", ...settings }),
    )) as UploadError;
    expect(error.code).toBe("FILE_TOO_LARGE");
    expect(error.limit).toBe(MAX_UPLOAD_BYTES);
    expect(error.message).toContain(`over the limit of ${MAX_UPLOAD_BYTES} bytes`);
    expect(pulled).toBeLessThanOrEqual(1); // a stream may fill its queue once on creation; nothing more is read
    expect(seen).toEqual([]);
  });

  it("accepts exactly 1 byte and exactly 256 MiB, and nothing outside", () => {
    const check = (size: number) => () => validateUpload({ contentType: "video/mp4", size });
    expect(check(1)()).toEqual({ category: "VIDEO", contentType: "video/mp4", size: 1 });
    expect(check(MAX_UPLOAD_BYTES)()).toMatchObject({ size: MAX_UPLOAD_BYTES });
    expect(check(0)).toThrow(expect.objectContaining({ code: "FILE_EMPTY" }));
    expect(check(MAX_UPLOAD_BYTES + 1)).toThrow(expect.objectContaining({ code: "FILE_TOO_LARGE" }));
  });
});

describe("inferring the content type and category", () => {
  it("takes the content type from the bytes over the name, and the category from the content type", async () => {
    const { client, settings, sandbox } = uploads.create();
    const { fileId, asset } = await uploadFile(client, { blob: new Blob([png(4, 2)]), filename: "x.jpg", ...settings });
    expect(sandbox.state.files.get(fileId)).toMatchObject({ contentType: "image/png", category: "UGC_IMAGE" });
    expect(asset).toMatchObject({ __typename: "Image", width: 4, height: 2, aspectRatio: "2:1" });
  });

  it("takes the content type from the name when the bytes say nothing (SVG is text)", async () => {
    const { client, settings, sandbox } = uploads.create();
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>');
    const file = new File([svg], "logo.svg");
    const { fileId } = await uploadFile(client, { blob: file, ...settings });
    expect(sandbox.state.files.get(fileId)).toMatchObject({
      contentType: "image/svg+xml",
      category: "UGC_IMAGE",
      filename: "logo.svg",
    });
  });

  it("names a webm container audio/webm when it is uploaded as AUDIO, video/webm otherwise", async () => {
    const { client, settings, sandbox } = uploads.create();
    const asAudio = await uploadFile(client, { blob: new Blob([webm()]), category: "AUDIO", ...settings });
    const asVideo = await uploadFile(client, { blob: new Blob([webm()]), ...settings });
    expect(sandbox.state.files.get(asAudio.fileId)?.contentType).toBe("audio/webm");
    expect(asAudio.asset?.__typename).toBe("Audio");
    expect(sandbox.state.files.get(asVideo.fileId)).toMatchObject({ contentType: "video/webm", category: "VIDEO" });
  });

  it("refuses bytes the category does not allow, whatever content type was declared", async () => {
    const { client, settings, seen } = uploads.create();
    const declared = (await rejection(
      uploadFile(client, { blob: new Blob([gif()]), contentType: "image/png", ...settings }),
    )) as UploadError;
    expect(declared.code).toBe("CONTENT_TYPE_MISMATCH");
    expect(declared.message).toContain("its bytes are image/gif, which UGC_IMAGE does not allow");
    const inferred = (await rejection(
      uploadFile(client, { blob: new Blob([matroska()]), filename: "clip.webm", ...settings }),
    )) as UploadError;
    expect(inferred.code).toBe("UNSUPPORTED_CONTENT_TYPE");
    expect(inferred.message).toContain("video/x-matroska is not allowed for VIDEO");
    expect(seen).toEqual([]);
  });

  it("refuses a file whose content type cannot be told, and one no category takes", async () => {
    const { client, settings, seen } = uploads.create();
    const unknown = (await rejection(
      uploadFile(client, { blob: new Blob([neutralBytes(10)]), filename: "notes", ...settings }),
    )) as UploadError;
    expect(unknown.code).toBe("CONTENT_TYPE_UNKNOWN");
    expect(unknown.message).toContain("pass contentType");
    const text = (await rejection(
      uploadFile(client, { blob: new Blob([neutralBytes(10)]), filename: "notes.txt", ...settings }),
    )) as UploadError;
    expect(text.code).toBe("UNSUPPORTED_CONTENT_TYPE");
    expect(text.message).toContain("text/plain is not allowed for any upload category");
    expect(seen).toEqual([]);
  });
});

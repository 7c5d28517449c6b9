import { describe, expect, it } from "vitest";
import { MAX_UPLOAD_BYTES, MIN_UPLOAD_BYTES, UPLOAD_CATEGORIES, UPLOAD_LIFETIME_MS } from "../src/index.js";

// The spec's UploadCategory table and Limits, transcribed again independently of src/upload-rules.ts.
const SPEC_TABLE = {
  UGC_IMAGE: ["image/jpeg", "image/jpg", "image/png", "image/webp", "image/avif", "image/svg+xml", "uploadImage"],
  AI_IMAGE_REFERENCE: ["image/jpeg", "image/jpg", "image/png", "image/webp", "image/avif", "uploadImage"],
  VIDEO: ["video/mp4", "video/webm", "video/quicktime", "video/x-msvideo", "uploadVideo"],
  AUDIO: [
    "audio/mpeg",
    "audio/mp3",
    "audio/wav",
    "audio/x-wav",
    "audio/wave",
    "audio/ogg",
    "audio/aac",
    "audio/webm",
    "audio/mp4",
    "audio/x-m4a",
    "audio/m4a",
    "audio/flac",
    "audio/x-flac",
    "uploadAudio",
  ],
};

describe("upload rules", () => {
  it("list exactly the spec's allowed content types and registering mutation per category", () => {
    const asTable = Object.fromEntries(
      Object.entries(UPLOAD_CATEGORIES).map(([category, rule]) => [category, [...rule.contentTypes, rule.mutation]]),
    );
    expect(asTable).toEqual(SPEC_TABLE);
  });

  it("hold the spec's limits: 1 byte to 256 MiB, signed for 15 minutes", () => {
    expect([MIN_UPLOAD_BYTES, MAX_UPLOAD_BYTES, UPLOAD_LIFETIME_MS]).toEqual([1, 268_435_456, 900_000]);
  });
});

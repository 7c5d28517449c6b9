import type { UploadCategory } from "./generated/graphql.js";

// The documented rules of an upload, in one place for the client (upload) and
// the server side (sandbox): spec, Upload flow, the UploadCategory table, Limits.
// test/upload-rules.test.ts holds this table to an independent transcription.

/** Upload form file size: 1 byte to 256 MiB (spec, Limits). */
export const MIN_UPLOAD_BYTES = 1;
/** Upload form file size: 1 byte to 256 MiB (spec, Limits). */
export const MAX_UPLOAD_BYTES = 256 * 1024 * 1024;

/** Signed upload form and URL lifetime: 15 minutes (spec, Limits). */
export const UPLOAD_LIFETIME_MS = 15 * 60_000;

/** The step-3 mutation that registers a file of a category. */
export type RegisteringMutation = "uploadImage" | "uploadVideo" | "uploadAudio";

const IMAGE_TYPES = ["image/jpeg", "image/jpg", "image/png", "image/webp", "image/avif"] as const;

/**
 * Allowed content types and the registering mutation of every upload category,
 * exactly as the spec's UploadCategory table lists them.
 */
export const UPLOAD_CATEGORIES: Readonly<
  Record<UploadCategory, { readonly contentTypes: readonly string[]; readonly mutation: RegisteringMutation }>
> = {
  UGC_IMAGE: { contentTypes: [...IMAGE_TYPES, "image/svg+xml"], mutation: "uploadImage" },
  AI_IMAGE_REFERENCE: { contentTypes: IMAGE_TYPES, mutation: "uploadImage" },
  VIDEO: { contentTypes: ["video/mp4", "video/webm", "video/quicktime", "video/x-msvideo"], mutation: "uploadVideo" },
  AUDIO: {
    contentTypes: [
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
    ],
    mutation: "uploadAudio",
  },
};

/** Every upload category, in the spec's order. */
export const UPLOAD_CATEGORY_NAMES = Object.keys(UPLOAD_CATEGORIES) as UploadCategory[];

/** Whether a value names an upload category. */
export function isUploadCategory(value: unknown): value is UploadCategory {
  return typeof value === "string" && Object.hasOwn(UPLOAD_CATEGORIES, value);
}

// The documented rules of an upload, in one place (spec: Upload flow, the
// UploadCategory table, and Limits).

/** Upload form file size: 1 byte to 256 MiB (spec, Limits). */
export const MIN_UPLOAD_BYTES = 1;
export const MAX_UPLOAD_BYTES = 256 * 1024 * 1024;

/** Signed upload form and URL lifetime: 15 minutes (spec, Limits). */
export const UPLOAD_LIFETIME_MS = 15 * 60_000;

/** An upload neither registered nor confirmed is deleted 1 to 2 hours after the request (spec, Limits). */
export const DELETE_AFTER_MIN_MS = 60 * 60_000;
export const DELETE_AFTER_JITTER_MS = 60 * 60_000;

/**
 * Form fields other than the file must stay under about 20 KB (platform facts,
 * Uploads): busboy is held to that, so a form of endless fields costs nothing.
 */
export const MAX_FORM_FIELD_BYTES = 20 * 1024;
export const MAX_FORM_FIELDS = 50;

export type UploadCategory = "UGC_IMAGE" | "AI_IMAGE_REFERENCE" | "VIDEO" | "AUDIO";

/** The step-3 mutation that registers a file of each category. */
export type RegisteringMutation = "uploadImage" | "uploadVideo" | "uploadAudio";

const IMAGE_TYPES = ["image/jpeg", "image/jpg", "image/png", "image/webp", "image/avif"];

/** Allowed content types and registering mutation per category (spec, the UploadCategory table). */
export const UPLOAD_CATEGORIES: Record<
  UploadCategory,
  { contentTypes: readonly string[]; mutation: RegisteringMutation }
> = {
  UGC_IMAGE: { contentTypes: [...IMAGE_TYPES, "image/svg+xml"], mutation: "uploadImage" },
  AI_IMAGE_REFERENCE: { contentTypes: IMAGE_TYPES, mutation: "uploadImage" },
  VIDEO: {
    contentTypes: ["video/mp4", "video/webm", "video/quicktime", "video/x-msvideo"],
    mutation: "uploadVideo",
  },
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

export function isUploadCategory(value: string | null): value is UploadCategory {
  return value !== null && Object.hasOwn(UPLOAD_CATEGORIES, value);
}

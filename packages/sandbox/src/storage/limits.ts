// The documented rules of an upload (spec: Upload flow, the UploadCategory
// table, and Limits) come from @studio-kit/operations, shared with the client;
// the rest are the storage service's own.

export type { UploadCategory } from "@studio-kit/operations";
export {
  isUploadCategory,
  MAX_UPLOAD_BYTES,
  MIN_UPLOAD_BYTES,
  type RegisteringMutation,
  UPLOAD_CATEGORIES,
  UPLOAD_LIFETIME_MS,
} from "@studio-kit/operations";

/** An upload neither registered nor confirmed is deleted 1 to 2 hours after the request (spec, Limits). */
export const DELETE_AFTER_MIN_MS = 60 * 60_000;
export const DELETE_AFTER_JITTER_MS = 60 * 60_000;

/**
 * Form fields other than the file must stay under about 20 KB (platform facts,
 * Uploads): busboy is held to that, so a form of endless fields costs nothing.
 */
export const MAX_FORM_FIELD_BYTES = 20 * 1024;
export const MAX_FORM_FIELDS = 50;

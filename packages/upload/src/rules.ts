import type { UploadCategory } from "@studio-kit/operations";

// The documented rules of an upload (spec: Upload flow, the UploadCategory
// table, Limits) live in @studio-kit/operations, shared with the sandbox; this
// module adds the client's own inference.
export {
  isUploadCategory,
  MAX_UPLOAD_BYTES,
  MIN_UPLOAD_BYTES,
  type RegisteringMutation,
  UPLOAD_CATEGORIES,
  UPLOAD_CATEGORY_NAMES,
  UPLOAD_LIFETIME_MS,
} from "@studio-kit/operations";

/**
 * The category a content type goes to when none is given (issue 5): images to
 * UGC_IMAGE, videos to VIDEO, audio to AUDIO. Undefined for anything else.
 */
export function categoryOf(contentType: string): UploadCategory | undefined {
  if (contentType.startsWith("image/")) return "UGC_IMAGE";
  if (contentType.startsWith("video/")) return "VIDEO";
  if (contentType.startsWith("audio/")) return "AUDIO";
  return undefined;
}

import type { UploadCategory } from "@studio-kit/operations";
import { normalizeContentType } from "./content-type.js";
import { uploadError } from "./errors.js";
import {
  categoryOf,
  isUploadCategory,
  MAX_UPLOAD_BYTES,
  MIN_UPLOAD_BYTES,
  UPLOAD_CATEGORIES,
  UPLOAD_CATEGORY_NAMES,
} from "./rules.js";

/** What an upload is, as far as the rules care. */
export interface UploadFacts {
  /** Default: from the content type (image to UGC_IMAGE, video to VIDEO, audio to AUDIO). */
  category?: UploadCategory | undefined;
  contentType: string;
  /** Bytes. */
  size: number;
}

/** The facts that passed: the category decided and the content type normalized. */
export interface ValidUpload {
  category: UploadCategory;
  contentType: string;
  size: number;
}

const MiB = 1024 * 1024;

/**
 * Checks the size against the spec's limits (1 byte to 256 MiB) and throws
 * FILE_EMPTY or FILE_TOO_LARGE naming the limit.
 */
export function checkSize(size: number): void {
  if (!Number.isSafeInteger(size) || size < 0) {
    throw uploadError("INVALID_OPTIONS", `the size must be a whole number of bytes, got ${size}.`, { size });
  }
  if (size < MIN_UPLOAD_BYTES) {
    throw uploadError("FILE_EMPTY", "the file is empty: an upload must be 1 byte to 256 MiB (spec, Limits).", {
      size,
      limit: MIN_UPLOAD_BYTES,
    });
  }
  if (size > MAX_UPLOAD_BYTES) {
    throw uploadError(
      "FILE_TOO_LARGE",
      `the file is ${size} bytes (${(size / MiB).toFixed(1)} MiB), over the limit of ${MAX_UPLOAD_BYTES} bytes ` +
        "(256 MiB; spec, Limits). Send a smaller file.",
      { size, limit: MAX_UPLOAD_BYTES },
    );
  }
}

/**
 * Applies every upload rule before anything is sent: the size is 1 byte to
 * 256 MiB, and the content type is one the category allows (spec, the
 * UploadCategory table). Throws an UploadValidationError naming the limit or
 * the allowed list; returns the decided category otherwise. Useful on its own
 * to refuse a file from its metadata before fetching its bytes.
 *
 * @example
 * ```ts
 * validateUpload({ contentType: "image/gif", size: 1200 });
 * // throws UNSUPPORTED_CONTENT_TYPE: content type image/gif is not allowed for UGC_IMAGE (allowed: image/jpeg, ...)
 * ```
 */
export function validateUpload(facts: UploadFacts): ValidUpload {
  checkSize(facts.size);
  const contentType = normalizeContentType(facts.contentType);
  if (facts.category !== undefined && !isUploadCategory(facts.category)) {
    throw uploadError(
      "INVALID_OPTIONS",
      `category ${String(facts.category)} is not one of ${UPLOAD_CATEGORY_NAMES.join(", ")}.`,
    );
  }
  const category = facts.category ?? categoryOf(contentType);
  if (!category) {
    const allowed = UPLOAD_CATEGORY_NAMES.flatMap((name) => UPLOAD_CATEGORIES[name].contentTypes);
    throw uploadError(
      "UNSUPPORTED_CONTENT_TYPE",
      `content type ${contentType || "(none)"} is not allowed for any upload category ` +
        `(allowed: ${[...new Set(allowed)].join(", ")}).`,
      { contentType, size: facts.size, allowed: [...new Set(allowed)] },
    );
  }
  const { contentTypes } = UPLOAD_CATEGORIES[category];
  if (!contentTypes.includes(contentType)) {
    throw uploadError(
      "UNSUPPORTED_CONTENT_TYPE",
      `content type ${contentType || "(none)"} is not allowed for ${category} (allowed: ${contentTypes.join(", ")}).`,
      { category, contentType, size: facts.size, allowed: contentTypes },
    );
  }
  return { category, contentType, size: facts.size };
}

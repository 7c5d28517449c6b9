import {
  asCategoryType,
  contentTypeOfName,
  defaultFilename,
  normalizeContentType,
  sniffContentType,
} from "./content-type.js";
import type { UploadPlan } from "./context.js";
import { uploadError } from "./errors.js";
import type { UploadDetails } from "./options.js";
import { categoryOf, UPLOAD_CATEGORIES } from "./rules.js";
import type { OpenedSource } from "./source.js";
import { checkSize, validateUpload } from "./validate.js";

/**
 * Decides the content type, category and file name, and applies every rule,
 * before anything is sent. Undeclared content types come from the bytes first
 * (file-type), then from the name (mime-types); an undeclared category from the
 * content type. A declared type is trusted only as far as the bytes allow: when
 * they are a known format the category refuses (a GIF sent as image/png), the
 * file is refused as CONTENT_TYPE_MISMATCH.
 */
export async function planUpload(
  source: OpenedSource,
  details: Pick<UploadDetails, "filename" | "contentType" | "category">,
): Promise<UploadPlan> {
  checkSize(source.size);
  const name = details.filename?.trim() || source.name;
  const sniffed = await sniffContentType(await source.head());
  const declared = details.contentType === undefined ? undefined : normalizeContentType(details.contentType);

  let contentType = declared;
  if (contentType === undefined) {
    const guess = sniffed ?? contentTypeOfName(name);
    if (!guess) {
      throw uploadError(
        "CONTENT_TYPE_UNKNOWN",
        `cannot tell the content type of ${name ?? "the file"} from its bytes or its name: pass contentType.`,
        { size: source.size },
      );
    }
    contentType = asCategoryType(guess, details.category ?? categoryOf(guess));
  }
  const valid = validateUpload({ category: details.category, contentType, size: source.size });

  if (declared !== undefined && sniffed !== undefined) {
    const actual = asCategoryType(sniffed, valid.category);
    const { contentTypes } = UPLOAD_CATEGORIES[valid.category];
    if (!contentTypes.includes(actual)) {
      throw uploadError(
        "CONTENT_TYPE_MISMATCH",
        `the file was declared ${declared}, but its bytes are ${actual}, which ${valid.category} does not allow ` +
          `(allowed: ${contentTypes.join(", ")}).`,
        { category: valid.category, contentType: actual, size: source.size, allowed: contentTypes },
      );
    }
  }
  return { ...valid, filename: name || defaultFilename(valid.contentType) };
}

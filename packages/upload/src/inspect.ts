import type { UploadPlan } from "./context.js";
import type { UploadDetails, UploadSource } from "./options.js";
import { planUpload } from "./plan.js";
import { openSource } from "./source.js";

/** What `uploadFile` would send for a file: its category, content type, file name and size, every rule applied. */
export type InspectedUpload = UploadPlan;

/**
 * Decides and checks what `uploadFile` would send for `source`, reading only its leading bytes and sending nothing:
 * the content type from the bytes, then the name (or the declared one, checked against the bytes), the category
 * from the type, and the size and type rules. It throws the UploadValidationError `uploadFile` would throw
 * (FILE_EMPTY, UNSUPPORTED_CONTENT_TYPE, CONTENT_TYPE_UNKNOWN, ...), or UploadSourceError when the file cannot be
 * read. An app that uploads several files checks them all first, so none is sent when one would be refused.
 *
 * @example
 * const { category, contentType, size } = await inspectUpload({ path: "./teaser.mp4" }); // VIDEO, video/mp4
 */
export async function inspectUpload(
  source: UploadSource,
  details: Pick<UploadDetails, "filename" | "contentType" | "category"> = {},
): Promise<InspectedUpload> {
  const opened = await openSource(source);
  try {
    return await planUpload(opened, details);
  } finally {
    await opened.close();
  }
}

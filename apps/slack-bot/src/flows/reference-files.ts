// Shared files made into reference images: which of them can be one (decided from Slack's metadata, before any
// download), and the download from Slack and upload as `AI_IMAGE_REFERENCE` of one. Used by a generation with
// shared files (references.ts) and by an avatar's image (avatar.ts).

import type { UploadCategory } from "@studio-kit/operations";
import { UploadValidationError, uploadFile, validateUpload } from "@studio-kit/upload";
import type { Surface } from "../delivery/surface.js";
import type { BotDeps } from "../deps.js";
import { checkSlackFile, downloadSlackFile, type FileCheck, type SlackFileRef } from "../services/slack-download.js";
import { downloadOptionsOf, type IntakeOptions } from "./slack-intake.js";

/** The upload category of reference images (spec, Upload: `AI_IMAGE_REFERENCE`, registered with `uploadImage`). */
export const REFERENCE_CATEGORY = "AI_IMAGE_REFERENCE" as const satisfies UploadCategory;

export type Usable = { file: SlackFileRef; checked: Extract<FileCheck, { ok: true }> };

/**
 * The shared files a reference can be made of (what Slack says of them passes the `AI_IMAGE_REFERENCE` rules:
 * JPEG, PNG, WebP or AVIF, hosted by Slack, within the size limit), and the names of the others. Decided from
 * Slack's metadata: nothing is downloaded for a file that cannot be used.
 */
export function referenceFiles(
  files: readonly SlackFileRef[],
  maxBytes?: number,
): { usable: Usable[]; skipped: string[] } {
  const usable: Usable[] = [];
  const skipped: string[] = [];
  for (const file of files) {
    const checked = checkSlackFile(file, maxBytes);
    if (!checked.ok) {
      skipped.push(checked.filename);
      continue;
    }
    try {
      validateUpload({ category: REFERENCE_CATEGORY, contentType: checked.contentType, size: checked.size });
      usable.push({ file, checked: { ...checked, category: REFERENCE_CATEGORY } });
    } catch (error) {
      if (!(error instanceof UploadValidationError)) throw error;
      skipped.push(checked.filename);
    }
  }
  return { usable, skipped };
}

/** Downloads one file from Slack and uploads it as a reference image; its asset id, or undefined (logged). */
export async function uploadReference(
  deps: BotDeps,
  surface: Surface,
  { file, checked }: Usable,
  options: IntakeOptions,
): Promise<string | undefined> {
  const where = { user: surface.user, channel: surface.channel, file: file.id };
  const download = downloadOptionsOf(deps, options);
  let source: Awaited<ReturnType<typeof downloadSlackFile>>;
  try {
    source = await downloadSlackFile(file, checked, download);
  } catch (error) {
    deps.logger.warn({ ...where, err: error }, "references: could not download the file from Slack");
    return undefined;
  }
  try {
    const { asset } = await uploadFile(deps.studio, {
      stream: source.stream,
      size: source.size,
      filename: source.filename,
      contentType: source.contentType,
      displayName: source.filename,
      category: REFERENCE_CATEGORY,
    });
    if (asset) deps.logger.info({ ...where, asset: asset.id }, "references: file uploaded as a reference image");
    return asset?.id;
  } catch (error) {
    deps.logger.warn({ ...where, err: error }, "references: the upload failed");
    return undefined;
  } finally {
    await source.cancel();
  }
}

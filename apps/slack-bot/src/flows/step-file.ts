// "Add to a board" given a Slack file (decision 0022): the file read with files.info, checked against the studio's
// upload rules from what Slack says of it (a refused type or size costs no download), downloaded with the bot token
// and uploaded to the studio in the category its type calls for (spec, Upload flow: UGC_IMAGE for images, VIDEO,
// AUDIO). Nothing is generated and no credits are spent. Slack itself is reached only through `lookUp`, which the
// listener wires to the step's client.

import { type UploadedAsset, UploadValidationError, uploadFile } from "@studio-kit/upload";
import type { BotDeps } from "../deps.js";
import { type StepFileProblem, stepFileLookupError, stepFileProblem } from "../messages/workflow-steps.js";
import { checkSlackFile, downloadSlackFile, type FileCheck } from "../services/slack-download.js";
import type { SlackFileLookup } from "../services/slack-file-info.js";
import { downloadOptionsOf, type IntakeOptions } from "./slack-intake.js";

/** The step's `file` input and how to reach it. */
export interface StepFileSource {
  /** The `slack#/types/file_id` input: the file's id (`F...`). */
  fileId: string;
  /** files.info through the step's client (services/slack-file-info.ts `lookUpSlackFile`). */
  lookUp: (fileId: string) => Promise<SlackFileLookup>;
  /** The download's token and allowed hosts (listeners/intake-options.ts). */
  intake: IntakeOptions;
}

/** The card kind of each asset the upload registers (spec: uploadImage → Image, uploadVideo → Video, ...). */
export type CardAssetType = "image" | "video" | "audio";

/** The new asset, or the step's error. */
export type StepFileUpload = { ok: true; assetId: string; assetType: CardAssetType } | { ok: false; error: string };

const KIND: Record<UploadedAsset["__typename"], CardAssetType> = { Image: "image", Video: "video", Audio: "audio" };

function refusal(checked: Exclude<FileCheck, { ok: true }>): StepFileProblem {
  switch (checked.reason) {
    case "type":
      return { reason: "type", filename: checked.filename, contentType: checked.contentType };
    case "too_large":
      return { reason: "too_large", filename: checked.filename, size: checked.size, limit: checked.limit };
    default:
      return { reason: checked.reason, filename: checked.filename };
  }
}

/**
 * Turns the step's Slack file into a studio asset. Never throws: every way it can fail is the step's error, in
 * words a workflow builder can act on (the file is gone, a type or size the studio refuses, Slack's download or the
 * studio's upload failed); the details go to the log.
 *
 * @example
 * const uploaded = await uploadStepFile(deps, { fileId, lookUp: (id) => lookUpSlackFile(client, id), intake });
 */
export async function uploadStepFile(deps: BotDeps, source: StepFileSource): Promise<StepFileUpload> {
  const where = { file: source.fileId };
  const failed = (problem: StepFileProblem): StepFileUpload => ({ ok: false, error: stepFileProblem(problem) });
  const found = await source.lookUp(source.fileId);
  if (!found.ok) {
    deps.logger.info({ ...where, code: found.code }, "workflow step: files.info refused the file");
    return { ok: false, error: stepFileLookupError(source.fileId, found.code) };
  }
  const { file } = found;
  const checked = checkSlackFile(file, source.intake.maxBytes);
  if (!checked.ok) {
    deps.logger.info({ ...where, reason: checked.reason, contentType: file.mimetype }, "workflow step: file refused");
    return failed(refusal(checked));
  }
  let download: Awaited<ReturnType<typeof downloadSlackFile>>;
  try {
    download = await downloadSlackFile(file, checked, downloadOptionsOf(deps, source.intake));
  } catch (error) {
    deps.logger.warn({ ...where, err: error }, "workflow step: could not download the file from Slack");
    return failed({ reason: "download", filename: checked.filename });
  }
  try {
    const { asset } = await uploadFile(deps.studio, {
      stream: download.stream,
      size: download.size,
      filename: download.filename,
      contentType: download.contentType,
      displayName: download.filename,
      category: checked.category,
    });
    if (!asset) return failed({ reason: "upload", filename: checked.filename });
    deps.logger.info({ ...where, asset: asset.id, kind: asset.__typename }, "workflow step: file uploaded");
    return { ok: true, assetId: asset.id, assetType: KIND[asset.__typename] };
  } catch (error) {
    deps.logger.warn({ ...where, err: error }, "workflow step: the upload failed");
    // The bytes were not what Slack said (a GIF named .png): the studio refuses what they really are.
    if (error instanceof UploadValidationError && error.code === "CONTENT_TYPE_MISMATCH") {
      return failed({ reason: "type", filename: checked.filename, contentType: error.contentType ?? "" });
    }
    return failed({ reason: "upload", filename: checked.filename });
  } finally {
    await download.cancel();
  }
}

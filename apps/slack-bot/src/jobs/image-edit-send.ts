// The send step of an image-edit job (jobs/image-kinds.ts), called once ever, after the job is recorded `sending`.
//
// Upscale and Remove background never edit the clicked image: `updateImage` edits a record in place, and a card
// already on a board would change under its owner. The step first uploads a copy of the image's bytes as a new
// image, then sends `updateImage` to the copy (docs/decisions/0008-edits-on-a-copy.md). Both happen inside
// `sending`, so a bot stopped between the copy and the edit never sends the edit again (the job reads as lost);
// such a stop can leave the copy unedited in the library, an orphan the decision accepts.

import { generateImages, StudioError } from "@studio-kit/core";
import { UpdateImageDocument } from "@studio-kit/operations";
import type { BotDeps } from "../deps.js";
import { editFailedMessage } from "../messages/actions.js";
import { context, escapeText, message, type SlackMessage, section } from "../messages/blocks.js";
import { copyImage } from "../services/image-copy.js";
import type { JobOf, Sent } from "./kind.js";

/** The note when the copy could not be made: nothing was edited, the original is as it was. */
function copyFailedMessage(user: string): SlackMessage {
  const text = `<@${escapeText(user)}>, the image could not be copied to edit it, so nothing was edited`;
  return message(`${text}.`, [section(`:x: ${text}.`), context("The original is unchanged. Try the button again.")]);
}

/**
 * Variations: `generateImage` with `parentImageId` and the settings the job carries from the original request
 * (count, model, quality, resolution, presets). Upscale and Remove background: a copy of the image, then
 * `updateImage` on the copy; the job's ids are the copy's.
 */
export async function sendImageEdit(deps: BotDeps, job: JobOf<"image-edit">): Promise<Sent> {
  const { edit, source, command: settings } = job.request;
  if (edit === "variations") {
    const queued = await generateImages(deps.studio, {
      prompt: source.prompt,
      aspectRatio: source.ratio,
      count: settings?.count ?? 1,
      model: settings?.model ?? null,
      quality: settings?.quality ?? null,
      resolution: settings?.resolution ?? null,
      presetSlugs: settings?.presets.length ? settings.presets : null,
      parentImageId: source.id,
    });
    return { accepted: true, ids: queued.map((item) => item.id) };
  }
  let copyId: string;
  try {
    copyId = await copyImage(deps.studio, source.id);
  } catch (error) {
    // The API's own refusals (a read-only key, a bad key) and failures go to the runner, which tells them apart.
    if (error instanceof StudioError) throw error;
    deps.logger.warn({ err: error, job: job.id, image: source.id }, "could not copy the image to edit; nothing edited");
    return { accepted: false, message: copyFailedMessage(job.user) };
  }
  deps.logger.info({ job: job.id, image: source.id, copy: copyId }, "image copied for an edit");
  const { updateImage } = await deps.studio.request(UpdateImageDocument, {
    id: copyId,
    ...(edit === "upscale" ? { upscaleScale: "2x" } : { removeBackground: true }),
  });
  if (!updateImage?.success || !updateImage.image) {
    return { accepted: false, message: editFailedMessage(job.user, edit) };
  }
  return { accepted: true, ids: [updateImage.image.id] };
}

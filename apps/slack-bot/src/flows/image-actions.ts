import { generateImages } from "@studio-kit/core";
import { ImageDocument, UpdateImageDocument } from "@studio-kit/operations";
import type { BotDeps } from "../deps.js";
import { editFailedMessage, editProgressMessage, type ImageEditKind } from "../messages/actions.js";
import { actionNoteMessage } from "../messages/boards.js";
import { problemMessage } from "../messages/problems.js";
import { imageResultsMessage } from "../messages/results.js";
import { channelDefaultsOf } from "./add-to-board.js";
import { DEFAULT_RATIO, runImage } from "./image.js";
import { clearForGeneration, type PrecheckOptions } from "./precheck.js";
import type { Surface } from "./surface.js";
import { uploadResults } from "./upload-results.js";

/** Where a button was clicked: the conversation (for its default board) and who clicked. */
export interface ClickPlace {
  channel: string;
}

/** The image a button points at, with what a new generation from it needs; undefined when it is gone. */
export async function sourceImage(deps: BotDeps, imageId: string) {
  const { image } = await deps.studio.request(ImageDocument, { id: imageId });
  if (!image) return undefined;
  return { id: image.id, prompt: image.prompt ?? "", ratio: image.aspectRatio ?? DEFAULT_RATIO };
}

/** Starts the work of an edit button and returns the ids to wait for. */
async function start(deps: BotDeps, kind: ImageEditKind, image: { id: string; prompt: string; ratio: string }) {
  if (kind === "variations") {
    const queued = await generateImages(deps.studio, {
      prompt: image.prompt,
      aspectRatio: image.ratio,
      count: 1,
      parentImageId: image.id,
    });
    return queued.map((item) => item.id);
  }
  const { updateImage } = await deps.studio.request(UpdateImageDocument, {
    id: image.id,
    ...(kind === "upscale" ? { upscaleScale: "2x" } : { removeBackground: true }),
  });
  // updateImage edits the record in place: the same id goes through PROCESSING to COMPLETED.
  if (!updateImage?.success || !updateImage.image) throw new Error("updateImage did not report success");
  return [updateImage.image.id];
}

/**
 * Variations, Upscale and Remove background: for Variations (a new generation, charged like one) first the
 * credits guard of the image flow (`clearForGeneration`: refused when short, Confirm / Cancel above the threshold,
 * with the pending request remembering the source image so Confirm runs the variation). Upscale and Remove
 * background go through `updateImage`, which the platform (and the sandbox) does not charge: no guard for them.
 * Then posts a progress note in the result's thread, starts the work,
 * follows the poller and replaces the note with the new result (with its own buttons) or a FAILED note. Never
 * throws: every failure becomes a message.
 */
export async function runImageEdit(
  deps: BotDeps,
  surface: Surface,
  place: ClickPlace,
  kind: ImageEditKind,
  imageId: string,
  checks: PrecheckOptions = {},
): Promise<void> {
  const user = surface.user;
  try {
    const image = await sourceImage(deps, imageId);
    if (!image) {
      await surface.ephemeral(actionNoteMessage("That image is no longer available on the platform."));
      return;
    }
    if (kind === "variations") {
      const command = { kind: "image" as const, prompt: image.prompt, ratio: image.ratio, count: 1, presets: [] };
      if (!(await clearForGeneration(deps, surface, command, { ...checks, variationOf: image.id }))) return;
    }
    const posted = await surface.post(editProgressMessage(user, kind, image.prompt));
    try {
      const ids = await start(deps, kind, image);
      deps.logger.info({ user, kind, source: image.id, images: ids }, "image edit started");
      const images = await deps.poller.waitForImages(ids);
      const done = images.filter((item) => item.status === "COMPLETED");
      if (done.length === 0) {
        const errorMessage = images.find((item) => item.errorMessage)?.errorMessage;
        await posted.update(editFailedMessage(user, kind, errorMessage));
        return;
      }
      const defaultBoard = (await channelDefaultsOf(deps).get(place.channel)) ?? null;
      const assets = done.map((item) => ({ id: item.id, url: item.url ?? item.downloadUrl }));
      await posted.update(
        imageResultsMessage(assets, { user, prompt: image.prompt, defaultBoard }, ids[0] ?? image.id),
      );
      const files = done.map((item) => ({
        id: item.id,
        downloadUrl: item.downloadUrl,
        kind: "image" as const,
        title: image.prompt,
      }));
      await uploadResults(deps, surface, posted, files);
    } catch (error) {
      deps.logger.error({ err: error, user, kind }, "image edit did not finish");
      await posted.update(problemMessage(error));
    }
  } catch (error) {
    deps.logger.error({ err: error, user, kind }, "image edit failed");
    await surface.ephemeral(problemMessage(error)).catch((reason: unknown) => {
      deps.logger.error({ err: reason, user }, "could not tell the user about a failure");
    });
  }
}

/** Regenerate: the same prompt and ratio as a new generation, through the image flow (credits checked first). */
export async function runRegenerate(deps: BotDeps, surface: Surface, requestId: string): Promise<void> {
  try {
    const image = await sourceImage(deps, requestId);
    if (!image?.prompt) {
      await surface.ephemeral(actionNoteMessage("The image to regenerate is no longer available on the platform."));
      return;
    }
    await runImage(deps, surface, { kind: "image", prompt: image.prompt, ratio: image.ratio, presets: [] });
  } catch (error) {
    deps.logger.error({ err: error, user: surface.user }, "regenerate failed");
    await surface.ephemeral(problemMessage(error)).catch((reason: unknown) => {
      deps.logger.error({ err: reason, user: surface.user }, "could not tell the user about a failure");
    });
  }
}

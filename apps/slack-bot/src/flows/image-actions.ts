import { ImageDocument } from "@studio-kit/operations";
import type { BotDeps } from "../deps.js";
import { runJob } from "../jobs/run.js";
import type { ImageEditKind } from "../messages/actions.js";
import { actionNoteMessage } from "../messages/boards.js";
import { DEFAULT_RATIO } from "./defaults.js";
import { runImage } from "./image.js";
import { clearForGeneration, type PrecheckOptions } from "./precheck.js";
import type { Surface } from "./surface.js";
import { tellProblem } from "./tell-problem.js";

/** Where a button was clicked: the conversation (for its default board). */
export interface ClickPlace {
  channel: string;
}

/** The image a button points at, with what a new generation from it needs; undefined when it is gone. */
export async function sourceImage(deps: BotDeps, imageId: string) {
  const { image } = await deps.studio.request(ImageDocument, { id: imageId });
  if (!image) return undefined;
  return { id: image.id, prompt: image.prompt ?? "", ratio: image.aspectRatio ?? DEFAULT_RATIO };
}

/**
 * Variations, Upscale and Remove background: for Variations (a new generation, charged like one) first the
 * credits guard of the image flow (`clearForGeneration`: refused when short, Confirm / Cancel above the threshold,
 * with the pending request remembering the source image so Confirm runs the variation). Upscale and Remove
 * background go through `updateImage`, which the platform (and the sandbox) does not charge: no credits guard for
 * them. Then the job (jobs/run.ts) posts a progress note in the result's thread, sends, follows and replaces the
 * note with the new result (with its own buttons). Resolves true when something was sent; never throws.
 */
export async function runImageEdit(
  deps: BotDeps,
  surface: Surface,
  place: ClickPlace,
  kind: ImageEditKind,
  imageId: string,
  checks: PrecheckOptions = {},
): Promise<boolean> {
  try {
    const image = await sourceImage(deps, imageId);
    if (!image) {
      await surface.ephemeral(actionNoteMessage("That image is no longer available on the platform."));
      return false;
    }
    let credits = 0;
    if (kind === "variations") {
      const command = { kind: "image" as const, prompt: image.prompt, ratio: image.ratio, count: 1, presets: [] };
      const cleared = await clearForGeneration(deps, surface, command, { ...checks, variationOf: image.id });
      if (!cleared) return false;
      credits = cleared.cost;
    }
    const defaultBoard = (await deps.store.channelDefaults.get(place.channel)) ?? null;
    return await runJob(deps, surface, {
      request: { kind: "image-edit", edit: kind, source: image, defaultBoard },
      outputs: 1,
      credits,
      ...(checks.origin ? { origin: checks.origin } : {}),
    });
  } catch (error) {
    await tellProblem(deps, surface, error, "image edit failed");
    return false;
  }
}

/** Regenerate: the same prompt and ratio as a new generation, through the image flow (credits checked first). */
export async function runRegenerate(
  deps: BotDeps,
  surface: Surface,
  requestId: string,
  checks: PrecheckOptions = {},
): Promise<boolean> {
  try {
    const image = await sourceImage(deps, requestId);
    if (!image?.prompt) {
      await surface.ephemeral(actionNoteMessage("The image to regenerate is no longer available on the platform."));
      return false;
    }
    return await runImage(
      deps,
      surface,
      { kind: "image", prompt: image.prompt, ratio: image.ratio, presets: [] },
      checks,
    );
  } catch (error) {
    await tellProblem(deps, surface, error, "regenerate failed");
    return false;
  }
}

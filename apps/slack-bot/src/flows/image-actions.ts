import type { ImageCommand } from "@studio-kit/commands";
import { ImageDocument } from "@studio-kit/operations";
import type { Surface } from "../delivery/surface.js";
import type { BotDeps } from "../deps.js";
import { DEFAULT_RATIO } from "../intent/defaults.js";
import { runJob } from "../jobs/run.js";
import type { ImageEditKind } from "../messages/actions.js";
import { actionNoteMessage } from "../messages/boards.js";
import { clickedJob, imageSettings, SETTINGS_GONE_IMAGE } from "./job-settings.js";
import { clearForGeneration, type PrecheckOptions } from "./precheck.js";
import { resultBoards } from "./result-board.js";
import { tellProblem } from "./tell-problem.js";

/** What an image button carries: the image it acts on, and the job that made it (for its settings). */
export interface ImageClick {
  imageId: string;
  jobId?: string | undefined;
}

/** The image a button points at, with what a new generation from it needs; undefined when it is gone. */
export async function sourceImage(deps: BotDeps, imageId: string) {
  const { image } = await deps.studio.request(ImageDocument, { id: imageId });
  if (!image) return undefined;
  return { id: image.id, prompt: image.prompt ?? "", ratio: image.aspectRatio ?? DEFAULT_RATIO };
}

/**
 * Variations, Upscale or Remove background from a click: reads the settings of the job that made the image (a
 * job pruned after 30 days leaves Variations with the image's prompt and ratio, and the clicker is told), then
 * {@link runImageEdit}. Resolves true when something was sent; never throws.
 */
export async function runImageEditClick(
  deps: BotDeps,
  surface: Surface,
  kind: ImageEditKind,
  click: ImageClick,
  checks: PrecheckOptions = {},
): Promise<boolean> {
  try {
    const job = await clickedJob(deps, click.jobId);
    if (click.jobId && !job && kind === "variations") await surface.ephemeral(actionNoteMessage(SETTINGS_GONE_IMAGE));
    return await runImageEdit(deps, surface, kind, click.imageId, imageSettings(job), checks);
  } catch (error) {
    await tellProblem(deps, surface, error, "image edit failed");
    return false;
  }
}

/**
 * Variations, Upscale and Remove background. Variations are a new generation with every setting of the original
 * request (`settings`: count, model, quality, resolution, presets, `--board`), from the image's prompt and ratio,
 * with `parentImageId`; they pass the image flow's checks (`clearForGeneration`: refused when short, Confirm /
 * Cancel above the threshold, the pending request remembering the image so Confirm runs the variation). Upscale
 * and Remove background go through `updateImage`, which the platform (and the sandbox) does not charge: no credits
 * guard. The job (jobs/image-kinds.ts) edits a COPY of the image (docs/decisions/0008-edits-on-a-copy.md), posts
 * its progress in the result's thread and replaces it with the new result. Resolves true when something was sent;
 * never throws.
 */
export async function runImageEdit(
  deps: BotDeps,
  surface: Surface,
  kind: ImageEditKind,
  imageId: string,
  settings: ImageCommand | undefined,
  checks: PrecheckOptions = {},
): Promise<boolean> {
  try {
    const image = await sourceImage(deps, imageId);
    if (!image) {
      await surface.ephemeral(actionNoteMessage("That image is no longer available on the platform."));
      return false;
    }
    // A copy made by an edit has no prompt of its own: the settings still know the original's.
    const source = { ...image, prompt: image.prompt || settings?.prompt || "" };
    const origin = checks.origin ? { origin: checks.origin } : {};
    if (kind !== "variations") {
      const defaultBoard = (await deps.store.channelDefaults.get(surface.channel)) ?? null;
      return await runJob(deps, surface, {
        request: { kind: "image-edit", edit: kind, source, defaultBoard, ...(settings ? { command: settings } : {}) },
        outputs: 1,
        credits: 0,
        ...origin,
      });
    }
    if (!source.prompt) {
      await surface.ephemeral(actionNoteMessage("That image has no prompt to make variations from."));
      return false;
    }
    const command: ImageCommand = {
      ...settings,
      kind: "image",
      prompt: source.prompt,
      ratio: source.ratio,
      presets: settings?.presets ?? [],
    };
    const cleared = await clearForGeneration(deps, surface, command, { ...checks, variationOf: source.id });
    if (!cleared) return false;
    const boards = await resultBoards(deps, surface, command.board);
    if (!boards) return false;
    return await runJob(deps, surface, {
      request: { kind: "image-edit", edit: kind, source, command, ...boards },
      outputs: command.count ?? 1,
      credits: cleared.cost,
      ...origin,
    });
  } catch (error) {
    await tellProblem(deps, surface, error, "image edit failed");
    return false;
  }
}

import type { VideoCommand } from "@studio-kit/commands";
import type { Surface } from "../delivery/surface.js";
import type { BotDeps } from "../deps.js";
import { actionNoteMessage } from "../messages/boards.js";
import { type ImageClick, sourceImage } from "./image-actions.js";
import { clickedJob, imageSettings } from "./job-settings.js";
import type { PrecheckOptions } from "./precheck.js";
import { tellProblem } from "./tell-problem.js";
import { runVideo } from "./video.js";

/**
 * The video Animate makes of an image: the image as its first frame (`firstFrame`), the image's prompt as the video's
 * prompt (for a copy made by an edit, which has none, the prompt of the job that made the original) and the image's
 * ratio, the `--board` of that job, and the video defaults for everything else. Undefined when there is no prompt.
 */
export function animateCommand(
  image: { id: string; prompt: string; ratio: string },
  settings: { prompt: string; board?: string | undefined } | undefined,
): VideoCommand | undefined {
  const prompt = image.prompt || settings?.prompt || "";
  if (!prompt) return undefined;
  return {
    kind: "video",
    prompt,
    ratio: image.ratio,
    audio: false,
    presets: [],
    firstFrame: image.id,
    ...(settings?.board ? { board: settings.board } : {}),
  };
}

/**
 * Animate on an image result: a video job whose first frame is the image ({@link animateCommand}), through the video
 * flow (option checks, credits guard and Confirm, progress in the result's thread, a durable job). Every click is
 * a new video. Resolves true when a generation was sent; never throws.
 */
export async function runAnimateClick(
  deps: BotDeps,
  surface: Surface,
  click: ImageClick,
  checks: Pick<PrecheckOptions, "origin"> = {},
): Promise<boolean> {
  try {
    const image = await sourceImage(deps, click.imageId);
    if (!image) {
      await surface.ephemeral(actionNoteMessage("That image is no longer available on the platform."));
      return false;
    }
    const command = animateCommand(image, imageSettings(await clickedJob(deps, click.jobId)));
    if (!command) {
      await surface.ephemeral(
        actionNoteMessage(
          `That image has no prompt to animate from. Say what happens: \`/studio video <what happens> --from ${image.id}\`.`,
        ),
      );
      return false;
    }
    return await runVideo(deps, surface, command, checks);
  } catch (error) {
    await tellProblem(deps, surface, error, "animate failed", { source: click.imageId });
    return false;
  }
}

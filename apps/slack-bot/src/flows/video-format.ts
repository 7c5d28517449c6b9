import { VideoDocument } from "@studio-kit/operations";
import type { Surface } from "../delivery/surface.js";
import type { BotDeps } from "../deps.js";
import { runJob } from "../jobs/run.js";
import type { VideoFormatRatio } from "../messages/actions.js";
import { actionNoteMessage } from "../messages/boards.js";
import type { PrecheckOptions } from "./precheck.js";
import { tellProblem } from "./tell-problem.js";

export { VIDEO_FORMAT_MODE } from "../jobs/video-kinds.js";

/**
 * Vertical 9:16 and Square 1:1 on a video result: reads the source video, then the job (jobs/run.ts) posts a
 * progress note in the result's thread, sends `generateVideoFormatVariant`, waits and replaces the note with the
 * new video (with its own buttons), then shares the file. Resolves true when something was sent; never throws.
 */
export async function runVideoFormat(
  deps: BotDeps,
  surface: Surface,
  videoId: string,
  ratio: VideoFormatRatio,
  checks: Pick<PrecheckOptions, "origin"> = {},
): Promise<boolean> {
  try {
    const { video: source } = await deps.studio.request(VideoDocument, { id: videoId });
    if (!source) {
      await surface.ephemeral(actionNoteMessage("That video is no longer available on the platform."));
      return false;
    }
    const defaultBoard = (await deps.store.channelDefaults.get(surface.channel)) ?? null;
    return await runJob(deps, surface, {
      request: { kind: "video-format", videoId, ratio, prompt: source.prompt ?? "", defaultBoard },
      outputs: 1,
      credits: 0,
      ...(checks.origin ? { origin: checks.origin } : {}),
    });
  } catch (error) {
    await tellProblem(deps, surface, error, "video format variant failed", { source: videoId, ratio });
    return false;
  }
}

import { VideoDocument } from "@studio-kit/operations";
import type { Surface } from "../delivery/surface.js";
import type { BotDeps } from "../deps.js";
import { runJob } from "../jobs/run.js";
import { actionNoteMessage } from "../messages/boards.js";
import type { VideoTool } from "../messages/video-tools.js";
import type { PrecheckOptions } from "./precheck.js";
import { tellProblem } from "./tell-problem.js";

/**
 * Add sound, Subtitles, Upscale or Colour look on a video result: reads the source video (it must still be there),
 * then the job (jobs/run.ts) posts its progress in the result's thread, sends the tool (jobs/video-tool-send.ts),
 * waits, and replaces the progress with the new result: a new video, or for Add sound an audio. The original result
 * and video are never changed. Access and the quotas apply (runJob); no credits guard: none of the four has a model
 * in the catalog, so there is no estimate to judge (the sandbox charges nothing for them, as for `updateImage` and
 * the format variants), and the API stays the judge of a balance it would refuse. Resolves true when something
 * was sent; never throws.
 */
export async function runVideoTool(
  deps: BotDeps,
  surface: Surface,
  videoId: string,
  tool: VideoTool,
  checks: Pick<PrecheckOptions, "origin"> = {},
): Promise<boolean> {
  try {
    const { video: source } = await deps.studio.request(VideoDocument, { id: videoId });
    if (!source) {
      await surface.ephemeral(actionNoteMessage("That video is no longer available on the platform."));
      return false;
    }
    if (source.status !== "COMPLETED") {
      await surface.ephemeral(actionNoteMessage("That video is not finished yet: try again once it is."));
      return false;
    }
    const defaultBoard = (await deps.store.channelDefaults.get(surface.channel)) ?? null;
    return await runJob(deps, surface, {
      request: { kind: "video-tool", tool, videoId, prompt: source.prompt ?? "", defaultBoard },
      outputs: 1,
      credits: 0,
      ...(checks.origin ? { origin: checks.origin } : {}),
    });
  } catch (error) {
    await tellProblem(deps, surface, error, "video tool failed", { source: videoId, tool: tool.name });
    return false;
  }
}

import type { Surface } from "../delivery/surface.js";
import type { BotDeps } from "../deps.js";
import { actionNoteMessage } from "../messages/boards.js";
import type { JobRecord } from "../store/types.js";
import { runAudio } from "./audio.js";
import { runAvatar } from "./avatar.js";
import { runImage } from "./image.js";
import { runImageEdit, sourceImage } from "./image-actions.js";
import { clickedJob, SETTINGS_GONE, SETTINGS_GONE_IMAGE } from "./job-settings.js";
import { runLipsync } from "./lipsync.js";
import type { PrecheckOptions } from "./precheck.js";
import { tellProblem } from "./tell-problem.js";
import { runVideo } from "./video.js";
import { runVideoFormat } from "./video-format.js";
import { runVideoTool } from "./video-tools.js";

/** What a Regenerate button carries: the job that made the result, and an image result's first image. */
export interface RegenerateClick {
  jobId?: string | undefined;
  /** For a job that was pruned (and for results posted before buttons carried job ids): its prompt and ratio. */
  imageId?: string | undefined;
}

/**
 * The stored job's request again, through the same flow as the original command, so the same checks run (access,
 * options, credits with Confirm / Cancel, quotas, `--board` found again) and every setting is kept: an image's
 * count, model, quality, resolution, presets, ratio and board; a video's ratio, duration, model, resolution, audio
 * and presets; music's prompt, lyrics, instrumental and duration bounds; a voiceover's script, voice and language;
 * a variation or an edit of the same image; a format variant of the same video; an avatar or a lip sync of the same
 * image or video, script (or audio) and voice.
 */
function regenerateJob(deps: BotDeps, surface: Surface, job: JobRecord, checks: PrecheckOptions): Promise<boolean> {
  const { request } = job;
  switch (request.kind) {
    case "image":
      return runImage(deps, surface, request.command, checks);
    case "video":
      return runVideo(deps, surface, request.command, checks);
    case "audio":
      return runAudio(deps, surface, request.command, checks);
    case "image-edit":
      return runImageEdit(deps, surface, request.edit, request.source.id, request.command, checks);
    case "video-format":
      return runVideoFormat(deps, surface, request.videoId, request.ratio, checks);
    case "video-tool":
      return runVideoTool(deps, surface, request.videoId, request.tool, checks);
    case "avatar":
      // The same image (the uploaded photo's id was kept) speaks the same script again: a new voiceover and video.
      return runAvatar(deps, surface, request.command, checks);
    case "lipsync":
      return runLipsync(deps, surface, request.command, checks);
  }
}

/**
 * Regenerate: the job behind the result runs again as a new job (see {@link regenerateJob}). When the job was
 * pruned (30 days), an image result regenerates from its first image's prompt and ratio, and the clicker is told
 * the other settings were not kept; other results say to run the command again. Resolves true when something was
 * sent; never throws.
 */
export async function runRegenerate(
  deps: BotDeps,
  surface: Surface,
  click: RegenerateClick,
  checks: PrecheckOptions = {},
): Promise<boolean> {
  try {
    const job = await clickedJob(deps, click.jobId);
    if (job) return await regenerateJob(deps, surface, job, checks);
    if (!click.imageId) {
      await surface.ephemeral(actionNoteMessage(SETTINGS_GONE));
      return false;
    }
    const image = await sourceImage(deps, click.imageId);
    if (!image?.prompt) {
      await surface.ephemeral(actionNoteMessage("The image to regenerate is no longer available on the platform."));
      return false;
    }
    if (click.jobId) await surface.ephemeral(actionNoteMessage(SETTINGS_GONE_IMAGE));
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

import type { BotDeps } from "../../deps.js";
import { tellProblem } from "../../flows/tell-problem.js";
import { runVideoTool } from "../../flows/video-tools.js";
import type { ModalView } from "../../messages/boards.js";
import { colourLookModal, subtitlesModal, type ToolModalContext } from "../../messages/video-tool-modals.js";
import { VIDEO_UPSCALE_SCALE, type VideoTool } from "../../messages/video-tools.js";
import { type ButtonArgs, cannotRead, clicked, clickSurface, eachClick } from "./shared.js";

/**
 * A tool that starts at once (Add sound, Upscale): ack, then the video-tool flow in the result's thread. Every
 * click is a new job; only a true double click is refused (`eachClick`).
 */
function startingTool(deps: BotDeps, tool: VideoTool) {
  return async function onVideoTool(args: ButtonArgs): Promise<void> {
    await args.ack();
    const where = clicked(args);
    const videoId = where?.value.videoId;
    if (!where || !videoId) return cannotRead(deps, args);
    const surface = clickSurface(deps, args, where);
    await eachClick(deps, args, where, (origin) => runVideoTool(deps, surface, videoId, tool, { origin }));
  };
}

/** Add sound: `generateVideoSfx` for the video; the audio arrives as its own result in the thread. */
export const videoSoundAction = (deps: BotDeps) => startingTool(deps, { name: "sound" });

/** Upscale on a video: a copy of the video, upscaled ×2 (decision 0008); the original is never changed. */
export const videoUpscaleAction = (deps: BotDeps) =>
  startingTool(deps, { name: "upscale", scale: VIDEO_UPSCALE_SCALE });

/**
 * A tool that asks first (Subtitles, Colour look): ack, then its modal with the click's `trigger_id` (it lives 3 s,
 * so nothing is read first). Opening spends nothing, so a double click only opens the modal twice; its submission
 * (listeners/views/video-tool-submit.ts) runs the tool once.
 */
function askingTool(deps: BotDeps, modal: (ctx: ToolModalContext) => ModalView) {
  return async function onVideoToolModal(args: ButtonArgs): Promise<void> {
    await args.ack();
    const where = clicked(args);
    const videoId = where?.value.videoId;
    if (!where || !videoId) return cannotRead(deps, args);
    const { channel, threadTs, messageTs } = where;
    const view = modal({ channel, threadTs, messageTs, videoId, jobId: where.value.jobId });
    try {
      await args.client.views.open({ trigger_id: args.body.trigger_id, view: view as never });
    } catch (error) {
      await tellProblem(deps, clickSurface(deps, args, where), error, "could not open a video tool's modal");
    }
  };
}

/** Subtitles: a modal with the language, then `addSubtitles`. */
export const videoSubtitlesAction = (deps: BotDeps) => askingTool(deps, subtitlesModal);

/** Colour look: a modal with the named looks and a strength, then `applyVideoColorAdjustments`. */
export const videoColourLookAction = (deps: BotDeps) => askingTool(deps, colourLookModal);

import type { BotDeps } from "../../deps.js";
import { runVideoFormat } from "../../flows/video-format.js";
import type { VideoFormatRatio } from "../../messages/actions.js";
import { type ButtonArgs, cannotRead, clicked, clickSurface, eachClick } from "./shared.js";

/**
 * The listener of a video result's "Vertical 9:16" or "Square 1:1": ack, then the format variant flow in the
 * result's thread. Every click is a new variant; only a true double click is refused (`eachClick`).
 */
export function videoFormatAction(deps: BotDeps, ratio: VideoFormatRatio) {
  return async function onVideoFormat(args: ButtonArgs): Promise<void> {
    await args.ack();
    const where = clicked(args);
    const videoId = where?.value.videoId;
    if (!where || !videoId) return cannotRead(deps, args);
    const surface = clickSurface(deps, args, where);
    await eachClick(deps, args, where, (origin) => runVideoFormat(deps, surface, videoId, ratio, { origin }));
  };
}

/** Vertical 9:16. */
export const videoVerticalAction = (deps: BotDeps) => videoFormatAction(deps, "9:16");

/** Square 1:1. */
export const videoSquareAction = (deps: BotDeps) => videoFormatAction(deps, "1:1");

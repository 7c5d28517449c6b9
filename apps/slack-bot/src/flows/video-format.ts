import { GenerateVideoFormatVariantDocument, VideoDocument } from "@studio-kit/operations";
import type { BotDeps } from "../deps.js";
import { type VideoFormatRatio, videoFormatFailedMessage, videoFormatProgressMessage } from "../messages/actions.js";
import { actionNoteMessage } from "../messages/boards.js";
import { problemMessage } from "../messages/problems.js";
import { videoResultsMessage } from "../messages/results.js";
import { channelDefaultsOf } from "./add-to-board.js";
import type { Surface } from "./surface.js";
import { deliverFinal } from "./updates.js";
import { uploadResults } from "./upload-results.js";

/**
 * The `mode` sent with every `generateVideoFormatVariant`. A GUESS: `VideoFormatVariantMode`'s values are not
 * documented (docs/schema-gaps.md G26) and the sandbox takes any non-empty text, so the real API may refuse it;
 * a refusal becomes the "could not be made" note. Change it here only.
 */
export const VIDEO_FORMAT_MODE = "AUTO";

/**
 * Vertical 9:16 and Square 1:1 on a video result: posts a progress note in the result's thread, sends
 * `generateVideoFormatVariant`, waits with the poller and replaces the note with the new video (with its own
 * buttons), then uploads the file into the thread. A FAILED generation or a refusal becomes a note; never throws.
 */
export async function runVideoFormat(
  deps: BotDeps,
  surface: Surface,
  videoId: string,
  ratio: VideoFormatRatio,
): Promise<void> {
  const { studio, poller, logger } = deps;
  const user = surface.user;
  try {
    const { video: source } = await studio.request(VideoDocument, { id: videoId });
    if (!source) {
      await surface.ephemeral(actionNoteMessage("That video is no longer available on the platform."));
      return;
    }
    const prompt = source.prompt ?? "";
    const progress = await surface.post(videoFormatProgressMessage(user, ratio, prompt));
    try {
      const { generateVideoFormatVariant: queued } = await studio.request(GenerateVideoFormatVariantDocument, {
        videoId,
        targetAspectRatio: ratio,
        mode: VIDEO_FORMAT_MODE,
      });
      const id = queued?.video?.id;
      if (!queued?.success || !id) {
        logger.warn({ user, source: videoId, ratio }, "video format variant was not accepted");
        await deliverFinal(deps, surface, progress, videoFormatFailedMessage(user, ratio));
        return;
      }
      logger.info({ user, source: videoId, video: id, ratio }, "video format variant queued");
      const video = await poller.waitForVideo(id);
      if (video.status !== "COMPLETED") {
        logger.warn({ user, video: id }, "video format variant failed");
        await deliverFinal(deps, surface, progress, videoFormatFailedMessage(user, ratio, video.errorMessage));
        return;
      }
      const defaultBoard = (await channelDefaultsOf(deps).get(surface.channel)) ?? null;
      const asset = { id: video.id, url: video.videoUrl ?? video.downloadUrl };
      await deliverFinal(deps, surface, progress, videoResultsMessage([asset], { user, prompt, defaultBoard }));
      const downloadUrl = video.downloadUrl ?? video.videoUrl;
      const title = prompt ? `${prompt} (${ratio})` : `${video.id} (${ratio})`;
      await uploadResults(deps, surface, progress, [{ id: video.id, downloadUrl, kind: "video", title }]);
    } catch (error) {
      logger.error({ err: error, user, source: videoId, ratio }, "video format variant did not finish");
      await deliverFinal(deps, surface, progress, problemMessage(error));
    }
  } catch (error) {
    logger.error({ err: error, user, source: videoId, ratio }, "video format variant failed");
    await surface.ephemeral(problemMessage(error)).catch((reason: unknown) => {
      logger.error({ err: reason, user }, "could not tell the user about a failure");
    });
  }
}

import { GenerateVideoDocument } from "@studio-kit/operations";
import type { VideoCommand } from "../commands/types.js";
import type { BotDeps } from "../deps.js";
import { whatIsAsked } from "../messages/describe.js";
import { failedMessage } from "../messages/errors.js";
import { problemMessage } from "../messages/problems.js";
import { progressMessage } from "../messages/progress.js";
import { videoResultsMessage } from "../messages/results.js";
import { clearForGeneration, type PrecheckOptions } from "./precheck.js";
import { pushResults, resultBoards } from "./result-board.js";
import type { Surface } from "./surface.js";
import { deliverFinal, showProgress } from "./updates.js";
import { uploadResults } from "./upload-results.js";

/** The ratio used when none is given (the API requires one). */
export const DEFAULT_VIDEO_RATIO = "16:9";

/**
 * `/studio video` and `@Studio video ...`: checks the options and the credits before anything is spent, posts the
 * progress, sends `generateVideo`, follows the poller (progress updates through the message throttle and the
 * workspace budget) and replaces the progress with the video and its buttons, or the FAILED message. Never
 * throws: every failure becomes a message.
 */
export async function runVideo(
  deps: BotDeps,
  surface: Surface,
  command: VideoCommand,
  checks: PrecheckOptions = {},
): Promise<void> {
  const { studio, poller, logger } = deps;
  const cleared = await clearForGeneration(deps, surface, command, checks);
  if (!cleared) return;
  const boards = await resultBoards(deps, surface, command.board);
  if (!boards) return;

  const user = surface.user;
  const progress = await surface.post(progressMessage({ user, command }));
  // Posting counts as the message's latest write: the first update comes one interval later.
  deps.throttle.take(progress.key);
  try {
    const { generateVideo } = await studio.request(GenerateVideoDocument, {
      workspaceId: await studio.workspaceId(),
      prompt: command.prompt,
      aspectRatio: command.ratio ?? DEFAULT_VIDEO_RATIO,
      model: command.model ?? null,
      duration: command.duration ?? null,
      resolution: command.resolution ?? null,
      generateAudio: command.audio ? true : null,
      presetSlugs: command.presets.length ? command.presets : null,
    });
    const id = generateVideo?.video?.id;
    if (!generateVideo?.success || !id) {
      logger.warn({ user }, "video generation was not accepted");
      await deliverFinal(deps, surface, progress, failedMessage({ user, what: whatIsAsked(command) }));
      return;
    }
    logger.info({ user, video: id }, "video generation queued");
    const video = await poller.waitForVideo(id, {
      onUpdate: (record) => {
        if (record.status === "COMPLETED" || record.status === "FAILED") return;
        showProgress(deps, progress, () => progressMessage({ user, command, percent: record.progress ?? 0 }));
      },
    });
    if (video.status !== "COMPLETED") {
      logger.warn({ user, video: id }, "video generation failed");
      const failed = failedMessage({ user, what: whatIsAsked(command), errorMessage: video.errorMessage });
      await deliverFinal(deps, surface, progress, failed);
      return;
    }
    const asset = { id: video.id, url: video.videoUrl ?? video.downloadUrl };
    const boardNote = await pushResults(deps, boards.pushTo, "video", [asset.id]);
    const ctx = { user, prompt: command.prompt, defaultBoard: boards.defaultBoard, boardNote };
    await deliverFinal(deps, surface, progress, videoResultsMessage([asset], ctx));
    const file = { id: video.id, downloadUrl: video.downloadUrl ?? video.videoUrl, kind: "video" as const };
    await uploadResults(deps, surface, progress, [{ ...file, title: command.prompt }]);
  } catch (error) {
    logger.error({ err: error, user }, "video generation did not finish");
    await deliverFinal(deps, surface, progress, problemMessage(error));
  }
}

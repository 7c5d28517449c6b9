import { generateImages } from "@studio-kit/core";
import type { PolledImage } from "@studio-kit/poller";
import type { ImageCommand } from "../commands/types.js";
import type { BotDeps } from "../deps.js";
import { whatIsAsked } from "../messages/describe.js";
import { failedMessage } from "../messages/errors.js";
import { problemMessage } from "../messages/problems.js";
import { progressMessage } from "../messages/progress.js";
import { imageResultsMessage } from "../messages/results.js";
import { clearForGeneration, type PrecheckOptions } from "./precheck.js";
import { pushResults, resultBoards } from "./result-board.js";
import type { Posted, Surface } from "./surface.js";
import { deliverFinal, gateOf } from "./updates.js";
import { uploadResults } from "./upload-results.js";

/** The ratio used when none is given (the API requires one). */
export const DEFAULT_RATIO = "1:1";

/**
 * `/studio image` and `@Studio <prompt>`: checks the options and the credits before anything is spent, posts
 * the progress, generates, follows the poller (updating the progress at most once per 10 s per message) and
 * replaces the progress with the results or the FAILED message. Never throws: every failure becomes a message.
 */
export async function runImage(
  deps: BotDeps,
  surface: Surface,
  command: ImageCommand,
  checks: PrecheckOptions = {},
): Promise<void> {
  const { studio, poller, logger, throttle } = deps;
  if (!(await clearForGeneration(deps, surface, command, checks))) return;
  const boards = await resultBoards(deps, surface, command.board);
  if (!boards) return;

  const user = surface.user;
  const progress = await surface.post(progressMessage({ user, command }));
  // Posting counts as the message's latest write: the first update comes one interval later.
  throttle.take(progress.key);
  try {
    const queued = await generateImages(studio, {
      prompt: command.prompt,
      aspectRatio: command.ratio ?? DEFAULT_RATIO,
      count: command.count ?? 1,
      model: command.model ?? null,
      quality: command.quality ?? null,
      resolution: command.resolution ?? null,
      presetSlugs: command.presets.length ? command.presets : null,
    });
    logger.info({ user, images: queued.map((image) => image.id) }, "image generation queued");
    const percents = new Map<string, number>();
    const images = await poller.waitForImages(
      queued.map((image) => image.id),
      { onUpdate: (record) => showProgress(deps, progress, command, user, percents, record) },
    );
    throttle.forget(progress.key);
    const done = images.filter((image) => image.status === "COMPLETED");
    if (done.length === 0) {
      const errorMessage = images.find((image) => image.errorMessage)?.errorMessage;
      logger.warn({ user, images: images.map((image) => image.id) }, "image generation failed");
      await deliverFinal(deps, surface, progress, failedMessage({ user, what: whatIsAsked(command), errorMessage }));
      return;
    }
    const assets = done.map((image) => ({ id: image.id, url: image.url ?? image.downloadUrl }));
    const requestId = queued[0]?.id ?? "";
    const boardNote = await pushResults(
      deps,
      boards.pushTo,
      "image",
      assets.map((asset) => asset.id),
    );
    const ctx = { user, prompt: command.prompt, defaultBoard: boards.defaultBoard, boardNote };
    await deliverFinal(deps, surface, progress, imageResultsMessage(assets, ctx, requestId));
    const files = done.map((image) => ({ id: image.id, downloadUrl: image.downloadUrl, kind: "image" as const }));
    await uploadResults(
      deps,
      surface,
      progress,
      files.map((file) => ({ ...file, title: command.prompt })),
    );
  } catch (error) {
    logger.error({ err: error, user }, "image generation did not finish");
    await deliverFinal(deps, surface, progress, problemMessage(error));
  }
}

/** Updates the progress message from a polled record, when the throttle allows; a failed update only logs. */
function showProgress(
  deps: BotDeps,
  progress: Posted,
  command: ImageCommand,
  user: string,
  percents: Map<string, number>,
  record: PolledImage,
): void {
  if (record.status === "COMPLETED" || record.status === "FAILED") return;
  percents.set(record.id, record.progress ?? 0);
  if (!progress.live || !gateOf(deps).take(progress.key)) return;
  const values = [...percents.values()];
  const percent = values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
  progress.update(progressMessage({ user, command, percent })).catch((error: unknown) => {
    deps.logger.warn({ err: error }, "progress update failed");
  });
}

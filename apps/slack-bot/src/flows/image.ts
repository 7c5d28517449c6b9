import { generateImages, getCredits } from "@studio-kit/core";
import type { PolledImage } from "@studio-kit/poller";
import { checkOptions } from "../commands/check.js";
import { creditsDecision, estimateCost } from "../commands/cost.js";
import type { ImageCommand } from "../commands/types.js";
import type { BotDeps } from "../deps.js";
import { notEnoughCreditsMessage } from "../messages/credits.js";
import { whatIsAsked } from "../messages/describe.js";
import { failedMessage, invalidOptionsMessage } from "../messages/errors.js";
import { confirmationNeededMessage, problemMessage } from "../messages/problems.js";
import { progressMessage } from "../messages/progress.js";
import { imageResultsMessage } from "../messages/results.js";
import type { Posted, Surface } from "./surface.js";
import { gateOf } from "./updates.js";

/** The ratio used when none is given (the API requires one). */
export const DEFAULT_RATIO = "1:1";

/**
 * `/studio image` and `@Studio <prompt>`: checks the options and the credits before anything is spent, posts
 * the progress, generates, follows the poller (updating the progress at most once per 10 s per message) and
 * replaces the progress with the results or the FAILED message. Never throws: every failure becomes a message.
 */
export async function runImage(deps: BotDeps, surface: Surface, command: ImageCommand): Promise<void> {
  const { studio, poller, logger, throttle } = deps;
  const { catalog, presets } = await deps.studioData.get();
  const check = checkOptions(command, catalog, presets);
  if (!check.ok) {
    await surface.ephemeral(invalidOptionsMessage(check.problems));
    return;
  }
  const cost = estimateCost(command, catalog);
  const decision = creditsDecision(cost, await getCredits(studio), deps.config.creditsConfirmThreshold);
  if (decision.verdict === "insufficient") {
    await surface.ephemeral(notEnoughCreditsMessage(decision));
    return;
  }
  if (decision.verdict === "confirm" && decision.cost !== null) {
    const threshold = deps.config.creditsConfirmThreshold;
    await surface.ephemeral(
      confirmationNeededMessage({ cost: decision.cost, threshold, available: decision.available }),
    );
    return;
  }

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
      await progress.update(failedMessage({ user, what: whatIsAsked(command), errorMessage }));
      return;
    }
    // No files.uploadV2 yet: the image blocks show the platform's URLs (see README, What is missing).
    const assets = done.map((image) => ({ id: image.id, url: image.url ?? image.downloadUrl }));
    const requestId = queued[0]?.id ?? "";
    await progress.update(imageResultsMessage(assets, { user, prompt: command.prompt }, requestId));
  } catch (error) {
    throttle.forget(progress.key);
    logger.error({ err: error, user }, "image generation did not finish");
    await progress.update(problemMessage(error));
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

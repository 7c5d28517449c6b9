import { imageVariables } from "@studio-kit/commands";
import { generateImages } from "@studio-kit/core";
import type { PolledImage } from "@studio-kit/poller";
import { type ResultFile, shownAsset, type UploadedFiles } from "../delivery/result-files.js";
import type { BotDeps } from "../deps.js";
import { editFailedMessage, editProgressMessage, type ImageEditKind } from "../messages/actions.js";
import { brandAppliedNote } from "../messages/brand.js";
import { whatIsAsked } from "../messages/describe.js";
import { failedMessage } from "../messages/errors.js";
import { changeProgressMessage, progressMessage } from "../messages/progress.js";
import { imageResultsMessage } from "../messages/results.js";
import { withBrandPrompt } from "./brand-prompt.js";
import { sendImageEdit } from "./image-edit-send.js";
import type { Finished, JobKindHandler, JobOf } from "./kind.js";
import { pushResults } from "./push-results.js";
import { untilStopped } from "./until-stopped.js";

/** Follows images to their end, reporting the average progress; the COMPLETED ones and the first error. */
async function waitForImages(deps: BotDeps, ids: string[], onPercent: (percent: number) => void) {
  const percents = new Map<string, number>();
  const images = await deps.poller.waitForImages(ids, {
    ...untilStopped(deps),
    onUpdate: (record: PolledImage) => {
      if (record.status === "COMPLETED" || record.status === "FAILED") return;
      percents.set(record.id, record.progress ?? 0);
      const values = [...percents.values()];
      onPercent(values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length));
    },
  });
  const done = images.filter((image) => image.status === "COMPLETED");
  return { done, errorMessage: images.find((image) => image.errorMessage)?.errorMessage };
}

/** The files of finished images, titled as the result says what it is ("Image 2 of 3: a red fox"). */
const imageFiles = (done: PolledImage[], what: string, prompt: string): ResultFile[] =>
  done.map((image, index) => ({
    id: image.id,
    downloadUrl: image.downloadUrl,
    kind: "image" as const,
    title: done.length === 1 ? `${what} ${prompt}` : `Image ${index + 1} of ${done.length}: ${prompt}`,
  }));

/** The assets of finished images: each with its uploaded Slack file, or the platform's link. */
const imageAssets = (done: PolledImage[], uploaded: UploadedFiles) =>
  done.map((image) => shownAsset(uploaded, image.id, image.url ?? image.downloadUrl));

/** The first words of an image result: "Image:", "2 images:". */
const imagesWhat = (count: number) => (count === 1 ? "Image:" : `${count} images:`);

/** The first words of an edit's result. */
const EDIT_WHAT: Record<ImageEditKind, string> = {
  variations: "Variation of",
  upscale: "Upscaled ×2:",
  removeBackground: "Background removed:",
};

/** `/studio image` and `@Studio <prompt>`: `generateImage`, then the images with their buttons. */
export const imageJob: JobKindHandler<"image"> = {
  takes: () => "seconds",
  streams: true,
  progress: (job) =>
    job.request.change
      ? changeProgressMessage(job.user, job.request.change)
      : progressMessage({ user: job.user, command: job.request.command }),
  async send(deps, job) {
    const { command } = job.request;
    const queued = await generateImages(deps.studio, imageVariables(withBrandPrompt(command, job.request.brand)));
    return { accepted: true, ids: queued.map((image) => image.id) };
  },
  async follow(deps, job, onPercent): Promise<Finished> {
    const { command, pushTo, defaultBoard } = job.request;
    const { done, errorMessage } = await waitForImages(deps, job.resultIds, onPercent);
    if (done.length === 0) return { message: imageJob.failed(job, errorMessage), outcome: "failed" };
    const ids = done.map((image) => image.id);
    const boardNote = await pushResults(deps, pushTo, "image", ids);
    // A change says what it changed and how: "Changed “a lighthouse at dusk”: more blue".
    const { change } = job.request;
    const prompt = change ? change.of : command.prompt;
    const what = change ? "Changed" : imagesWhat(done.length);
    const brandNote = job.request.brand ? brandAppliedNote(job.request.brand) : null;
    const ctx = {
      user: job.user,
      prompt,
      what,
      defaultBoard,
      boardNote,
      brandNote,
      jobId: job.id,
      ...(change ? { change: change.said } : {}),
    };
    return {
      outcome: "completed",
      files: imageFiles(done, what, change ? `${change.of}: ${change.said}` : prompt),
      render: (uploaded) => imageResultsMessage(imageAssets(done, uploaded), ctx),
    };
  },
  failed: (job, errorMessage) =>
    failedMessage({ user: job.user, what: whatIsAsked(job.request.command), errorMessage }),
};

/**
 * Variations (a new generation from the image, `parentImageId`, with the original request's settings), Upscale and
 * Remove background (`updateImage` on a copy of the image: image-edit-send.ts).
 */
export const imageEditJob: JobKindHandler<"image-edit"> = {
  takes: () => "seconds",
  streams: true,
  progress: (job) => editProgressMessage(job.user, job.request.edit, job.request.source.prompt),
  send: sendImageEdit,
  async follow(deps, job: JobOf<"image-edit">, onPercent): Promise<Finished> {
    const { source, defaultBoard, pushTo } = job.request;
    const { done, errorMessage } = await waitForImages(deps, job.resultIds, onPercent);
    if (done.length === 0) return { message: imageEditJob.failed(job, errorMessage), outcome: "failed" };
    const what = EDIT_WHAT[job.request.edit];
    // Variations go onto the original's `--board` too; edits of a copy are the clicker's to place.
    const ids = done.map((item) => item.id);
    const boardNote = await pushResults(deps, pushTo ?? null, "image", ids);
    const ctx = { user: job.user, prompt: source.prompt, what, defaultBoard, boardNote, jobId: job.id };
    return {
      outcome: "completed",
      files: imageFiles(done, what, source.prompt),
      render: (uploaded) => imageResultsMessage(imageAssets(done, uploaded), ctx),
    };
  },
  failed: (job, errorMessage) => editFailedMessage(job.user, job.request.edit, errorMessage),
};

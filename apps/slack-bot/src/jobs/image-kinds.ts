import { generateImages } from "@studio-kit/core";
import { UpdateImageDocument } from "@studio-kit/operations";
import type { PolledImage } from "@studio-kit/poller";
import type { BotDeps } from "../deps.js";
import { DEFAULT_RATIO } from "../flows/defaults.js";
import { pushResults } from "../flows/result-board.js";
import { editFailedMessage, editProgressMessage } from "../messages/actions.js";
import { whatIsAsked } from "../messages/describe.js";
import { failedMessage } from "../messages/errors.js";
import { progressMessage } from "../messages/progress.js";
import { imageResultsMessage } from "../messages/results.js";
import type { Finished, JobKindHandler, JobOf } from "./kind.js";

/** Follows images to their end, reporting the average progress; the COMPLETED ones and the first error. */
async function waitForImages(deps: BotDeps, ids: string[], onPercent: (percent: number) => void) {
  const percents = new Map<string, number>();
  const images = await deps.poller.waitForImages(ids, {
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

const imageFiles = (done: PolledImage[], title: string) =>
  done.map((image) => ({ id: image.id, downloadUrl: image.downloadUrl, kind: "image" as const, title }));

/** `/studio image` and `@Studio <prompt>`: `generateImage`, then the images with their buttons. */
export const imageJob: JobKindHandler<"image"> = {
  progress: (job, percent) => progressMessage({ user: job.user, command: job.request.command, percent }),
  async send(deps, job) {
    const { command } = job.request;
    const queued = await generateImages(deps.studio, {
      prompt: command.prompt,
      aspectRatio: command.ratio ?? DEFAULT_RATIO,
      count: command.count ?? 1,
      model: command.model ?? null,
      quality: command.quality ?? null,
      resolution: command.resolution ?? null,
      presetSlugs: command.presets.length ? command.presets : null,
    });
    return { accepted: true, ids: queued.map((image) => image.id) };
  },
  async follow(deps, job, onPercent): Promise<Finished> {
    const { command, pushTo, defaultBoard } = job.request;
    const { done, errorMessage } = await waitForImages(deps, job.resultIds, onPercent);
    if (done.length === 0) return { message: imageJob.failed(job, errorMessage), files: [], outcome: "failed" };
    const ids = done.map((image) => image.id);
    const boardNote = await pushResults(deps, pushTo, "image", ids);
    const prompt = command.prompt;
    const assets = done.map((image) => ({ id: image.id, url: image.url ?? image.downloadUrl }));
    const ctx = { user: job.user, prompt, defaultBoard, boardNote, jobId: job.id };
    const message = imageResultsMessage(assets, ctx, job.resultIds[0] ?? "");
    return { message, files: imageFiles(done, prompt), outcome: "completed" };
  },
  failed: (job, errorMessage) =>
    failedMessage({ user: job.user, what: whatIsAsked(job.request.command), errorMessage }),
};

/**
 * Variations (a new generation from the image, `parentImageId`), Upscale and Remove background (`updateImage`,
 * which edits the record in place: the same id goes through PROCESSING to COMPLETED).
 */
export const imageEditJob: JobKindHandler<"image-edit"> = {
  progress: (job) => editProgressMessage(job.user, job.request.edit, job.request.source.prompt),
  async send(deps, job) {
    const { edit, source } = job.request;
    if (edit === "variations") {
      const queued = await generateImages(deps.studio, {
        prompt: source.prompt,
        aspectRatio: source.ratio,
        count: 1,
        parentImageId: source.id,
      });
      return { accepted: true, ids: queued.map((item) => item.id) };
    }
    const { updateImage } = await deps.studio.request(UpdateImageDocument, {
      id: source.id,
      ...(edit === "upscale" ? { upscaleScale: "2x" } : { removeBackground: true }),
    });
    if (!updateImage?.success || !updateImage.image) return { accepted: false, message: imageEditJob.failed(job) };
    return { accepted: true, ids: [updateImage.image.id] };
  },
  async follow(deps, job: JobOf<"image-edit">, onPercent): Promise<Finished> {
    const { source, defaultBoard } = job.request;
    const { done, errorMessage } = await waitForImages(deps, job.resultIds, onPercent);
    if (done.length === 0) return { message: imageEditJob.failed(job, errorMessage), files: [], outcome: "failed" };
    const assets = done.map((item) => ({ id: item.id, url: item.url ?? item.downloadUrl }));
    const ctx = { user: job.user, prompt: source.prompt, defaultBoard, jobId: job.id };
    const message = imageResultsMessage(assets, ctx, job.resultIds[0] ?? source.id);
    return { message, files: imageFiles(done, source.prompt), outcome: "completed" };
  },
  failed: (job, errorMessage) => editFailedMessage(job.user, job.request.edit, errorMessage),
};

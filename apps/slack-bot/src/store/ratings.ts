// The week's ratings by model, shared by every store implementation: the SQL of each joins a rating to its job and
// sums per job (store/sqlite/feedback.ts, store/postgres/feedback.ts); which model a job used is read here, once,
// from its request, so both stores group alike and the JobRequest shapes are known in one place only.

import type { JobRequest, ModelRatings, RatedModel } from "./types.js";

/** One rated job as the stores read it: its request and the count of each rating of it. */
export interface RatedJob {
  request: JobRequest;
  good: number;
  bad: number;
}

// A model id kept as the request named it; anything that is not a non-empty string counts as none named.
const named = (model: unknown): string | null => (typeof model === "string" && model.trim() ? model : null);

/**
 * The model a job's result was made with, as far as its request says, kept raw (the Home escapes it) and with the
 * media of an unnamed default. `/metrics` labels credits and ratings from it too (ops/metrics.ts `modelOf`).
 */
export function ratedModelOf(request: JobRequest): RatedModel {
  switch (request.kind) {
    case "image":
      return { model: named(request.command.model), media: "image" };
    case "image-edit":
      // Variations, Upscale and Remove background keep the settings of the image they start from: its model.
      return { model: named(request.command?.model), media: "image" };
    case "video":
      return { model: named(request.command.model), media: "video" };
    case "avatar":
    case "lipsync":
      return { model: named(request.model), media: "video" };
    case "audio":
      // Music has one model, named by its provider; a voiceover's model is its voice.
      return {
        model: named(request.command.kind === "voice" ? request.command.voice : request.provider),
        media: "audio",
      };
    // "video-format" and "video-tool": a format variant or a video tool picks no model; nor does a kind this version
    // does not know (an older row).
    default:
      return { model: null, media: "tool" };
  }
}

/** Most rated first; among equals, by model id (unnamed defaults last), then media: the same order in every store. */
export function mostRatedFirst(a: ModelRatings, b: ModelRatings): number {
  return (
    b.good + b.bad - (a.good + a.bad) ||
    (a.model === b.model ? 0 : a.model === null ? 1 : b.model === null ? -1 : a.model < b.model ? -1 : 1) ||
    (a.media < b.media ? -1 : a.media > b.media ? 1 : 0)
  );
}

/** Sums rated jobs by model (and, for an unnamed default, by media), most rated first. */
export function tallyByModel(jobs: Iterable<RatedJob>): ModelRatings[] {
  const byModel = new Map<string, ModelRatings>();
  for (const job of jobs) {
    const rated = ratedModelOf(job.request);
    // A named model is one group whatever its media; an unnamed default is one group per media.
    const key = rated.model === null ? `default:${rated.media}` : `model:${rated.model}`;
    const entry = byModel.get(key) ?? { ...rated, good: 0, bad: 0, ratio: 0 };
    entry.good += job.good;
    entry.bad += job.bad;
    byModel.set(key, entry);
  }
  const tallied = [...byModel.values()].filter((entry) => entry.good + entry.bad > 0);
  for (const entry of tallied) entry.ratio = entry.good / (entry.good + entry.bad);
  return tallied.sort(mostRatedFirst);
}

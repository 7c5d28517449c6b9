// What a finished job's record says of its result, for the answers to "what model made this?", "what did it cost?"
// and "what was the prompt?" in its thread (issue 39). Read from the stored job (its request and the credits it
// counted) and the same settings its `studio_job_finished` metadata carries (jobs/provenance.ts), plus the model
// catalog for the default model's name when the request named none. Reads only: nothing is spent.

import { pickModel, pickVideoModel } from "@studio-kit/commands";
import type { BotDeps } from "../deps.js";
import type { ResultKind } from "../intent/follow-up.js";
import { provenanceOf } from "../jobs/provenance.js";
import type { ResultFacts } from "../messages/follow-up.js";
import type { Provenance } from "../services/job-metadata.js";
import type { JobRecord } from "../store/types.js";

/** What a thread's result is, as a follow-up reads it: images may be changed and animated, the rest not. */
export function resultKindOf(job: JobRecord): ResultKind {
  switch (job.request.kind) {
    case "image":
    case "image-edit":
      return "image";
    case "audio":
      return "audio";
    case "video-tool":
      return job.request.tool.name === "sound" ? "audio" : "video";
    default:
      return "video";
  }
}

/** The prompt a result was made with (a copy made by an edit keeps its source's). */
export function resultPrompt(job: JobRecord): string {
  const { request } = job;
  if (request.kind === "image-edit") return request.source.prompt || request.command?.prompt || "";
  const command = (request as { command?: { prompt?: unknown } }).command;
  return typeof command?.prompt === "string" ? command.prompt : "";
}

/** How a person names each kind of job's result. */
function whatOf(job: JobRecord): string {
  const { request } = job;
  if (request.kind === "audio") return request.command.kind === "music" ? "track" : "voiceover";
  return resultKindOf(job);
}

/** The model the job used: the one its request named, else the catalog's default for its kind (when it can say). */
async function modelOf(deps: BotDeps, job: JobRecord, settings: Provenance): Promise<ResultFacts["model"]> {
  const named = typeof settings.model === "string" ? settings.model : undefined;
  let catalog: Awaited<ReturnType<BotDeps["studioData"]["get"]>>["catalog"] | undefined;
  try {
    catalog = (await deps.studioData.get()).catalog;
  } catch (error) {
    deps.logger.warn({ err: error }, "could not read the model catalog for a question about a result");
  }
  const kind = job.request.kind;
  const model =
    catalog && (kind === "image" || kind === "image-edit")
      ? pickModel(catalog, "image", named)
      : catalog && kind === "video"
        ? pickVideoModel(catalog, named, (job.request.command.references?.length ?? 0) > 0)
        : undefined;
  if (model) return { id: model.id, label: model.label ?? model.id };
  return named ? { id: named, label: named } : undefined;
}

/** The settings that were asked for, in words, in the order people read them. */
function settingsOf(settings: Provenance): string[] {
  const words: string[] = [];
  if (typeof settings.ratio === "string") words.push(settings.ratio);
  if (typeof settings.count === "number" && settings.count > 1) words.push(`${settings.count} images`);
  if (typeof settings.duration === "number") words.push(`${settings.duration} s`);
  if (typeof settings.quality === "string") words.push(`quality ${settings.quality}`);
  if (typeof settings.resolution === "string") words.push(`resolution ${settings.resolution}`);
  if (typeof settings.presets === "string") words.push(`presets ${settings.presets}`);
  if (settings.audio === true) words.push("with sound");
  if (settings.brand === true) words.push("brand applied");
  if (typeof settings.edit === "string") words.push(`an edit (${settings.edit})`);
  return words;
}

/** The facts of a finished job's result, for its thread's questions. */
export async function resultFacts(deps: BotDeps, job: JobRecord): Promise<ResultFacts> {
  // The settings its `studio_job_finished` metadata carries, read once for the model and the settings line.
  const settings = provenanceOf(job);
  return {
    jobId: job.id,
    user: job.user,
    prompt: resultPrompt(job),
    what: whatOf(job),
    model: await modelOf(deps, job, settings),
    credits: job.credits,
    settings: settingsOf(settings),
    createdAt: job.createdAt,
    ids: job.resultIds,
  };
}

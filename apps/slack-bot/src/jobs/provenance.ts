// What a finished result says of itself in its message's metadata (issue 29): which job made it, of what kind, with
// which settings, which assets it made and which it was made from, so that other apps (and the bot) read a result's
// settings without parsing its words. Metadata is visible to every app and member of the workspace
// (https://docs.slack.dev/messaging/message-metadata), so it carries ids and settings only: never a prompt, a script
// or lyrics, which stay in the message where the people in the conversation see them.

import type { BotDeps } from "../deps.js";
import type { JobTag, Provenance } from "../services/job-metadata.js";
import type { JobRecord } from "../store/types.js";

/** The settings of a job's request that say how it was made (those it has; undefined ones are left out). */
function settingsOf(job: JobRecord): Record<string, string | number | boolean | undefined> {
  const { request } = job;
  switch (request.kind) {
    case "image": {
      const { command } = request;
      return { ...imageSettings(command), brand: request.brand !== undefined || undefined };
    }
    case "image-edit":
      return {
        edit: request.edit,
        ...(request.command ? imageSettings(request.command) : { ratio: request.source.ratio }),
      };
    case "video": {
      const { command } = request;
      return {
        model: command.model,
        ratio: command.ratio,
        duration: command.duration,
        resolution: command.resolution,
        audio: command.audio,
        presets: joined(command.presets),
        brand: request.brand !== undefined || undefined,
      };
    }
    case "video-format":
      return { ratio: request.ratio };
    case "video-tool":
      return { tool: request.tool.name, ...toolSettings(request.tool) };
    case "audio":
      return request.command.kind === "music"
        ? { audio: "music", provider: request.provider ?? undefined, instrumental: request.command.instrumental }
        : { audio: "voice", voice: request.command.voice, language: request.command.language };
    case "avatar":
      return { model: request.model, resolution: request.resolution ?? undefined, voice: request.command.voice };
    case "lipsync":
      return { model: request.model, voice: request.command.voice };
  }
}

function imageSettings(command: {
  model?: string | undefined;
  ratio?: string | undefined;
  count?: number | undefined;
  quality?: string | undefined;
  resolution?: string | undefined;
  presets: string[];
}) {
  return {
    model: command.model,
    ratio: command.ratio,
    count: command.count ?? 1,
    quality: command.quality,
    resolution: command.resolution,
    presets: joined(command.presets),
  };
}

function toolSettings(tool: Extract<JobRecord["request"], { kind: "video-tool" }>["tool"]) {
  switch (tool.name) {
    case "subtitles":
      return { language: tool.language };
    case "upscale":
      return { scale: tool.scale };
    case "colour":
      return { look: tool.look };
    case "sound":
      return {};
  }
}

const joined = (list: readonly string[]) => (list.length ? list.join(",") : undefined);

/**
 * The assets a job was made from: the image an edit, a variation or an animation starts from, the video a format
 * variant or a video tool changes, `--ref`/`--from`/`--end` images, an avatar's image, a lip sync's video and audio.
 * The first is the one a result is "made from" in its first words; the job that made it is its parent.
 */
export function madeFrom(job: JobRecord): string[] {
  const { request } = job;
  const ids = (() => {
    switch (request.kind) {
      case "image":
        return [...(request.command.references ?? [])];
      case "image-edit":
        return [request.source.id];
      case "video":
        return [request.command.firstFrame, request.command.endImage, ...(request.command.references ?? [])];
      case "video-format":
      case "video-tool":
        return [request.videoId];
      case "avatar":
        return [request.command.image];
      case "lipsync":
        return [request.command.video, request.audio?.id];
      case "audio":
        return [];
    }
  })();
  return [...new Set(ids.filter((id): id is string => Boolean(id)))];
}

/**
 * The metadata payload of a finished job's result: `job_id`, `kind`, the settings it was made with, `results` (the
 * assets it made), `made_from` and, when one of this bot's jobs made the first of those, `parent_job_id`.
 *
 * @example provenanceOf(job, "job_41") // { kind: "image-edit", edit: "variations", count: 2, results: [{ id: "img_9" }], made_from: [{ id: "img_3" }], parent_job_id: "job_41" }
 */
export function provenanceOf(job: JobRecord, parentJobId?: string): Provenance {
  const payload: Provenance = { kind: job.request.kind };
  for (const [key, value] of Object.entries(settingsOf(job))) if (value !== undefined) payload[key] = value;
  payload.results = job.resultIds.map((id) => ({ id }));
  const from = madeFrom(job);
  if (from.length) payload.made_from = from.map((id) => ({ id }));
  if (parentJobId) payload.parent_job_id = parentJobId;
  return payload;
}

/**
 * A finished job's result tag: its provenance (jobs/provenance.ts), with the job that made the asset it was made
 * from when that was one of this bot's. The lookup is a convenience: a store error leaves the parent out.
 */
export async function finishedTag(deps: BotDeps, job: JobRecord): Promise<JobTag> {
  const [source] = madeFrom(job);
  let parent: JobRecord | undefined;
  try {
    parent = source ? await deps.store.jobs.byResult(source) : undefined;
  } catch (error) {
    deps.logger.warn({ err: error, job: job.id }, "could not look up the job a result was made from");
  }
  return { jobId: job.id, finished: provenanceOf(job, parent?.id) };
}

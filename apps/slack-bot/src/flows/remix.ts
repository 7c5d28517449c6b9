// Remix: a result's request opened in a modal to change before it runs again (messages/remix-modal.ts). The modal
// is prefilled from the job that made the result (every setting it had); when that job was pruned (30 days), or the
// result was made from another asset (a format variant, a video tool), from what the platform still knows of the
// asset: an image's or a video's prompt and ratio, as Regenerate's fallback does. The edited command then runs
// through the same flow as the command would (access, options, credits with Confirm / Cancel, quotas, progress).

import { checkRatio, type VideoCommand } from "@studio-kit/commands";
import { VideoDocument } from "@studio-kit/operations";
import type { Surface } from "../delivery/surface.js";
import type { BotDeps } from "../deps.js";
import { DEFAULT_VIDEO_RATIO } from "../intent/defaults.js";
import type { RemixCommand, RemixKind } from "../messages/remix-modal.js";
import { RECORD_RETENTION_MS } from "../store/retention.js";
import type { JobRecord } from "../store/types.js";
import { runAudio } from "./audio.js";
import { runImage } from "./image.js";
import { sourceImage } from "./image-actions.js";
import { clickedJob, SETTINGS_GONE } from "./job-settings.js";
import type { PrecheckOptions } from "./precheck.js";
import { runVideo } from "./video.js";

/** What a Remix button carries: the job that made the result, and its first asset and kind (for the fallback). */
export interface RemixClick {
  jobId?: string | undefined;
  assetId?: string | undefined;
  /** "image", "video" or "audio": the kind of result clicked. */
  kind?: string | undefined;
}

/** The command to prefill the modal with, and a note when not every setting could be read; or why there is none. */
export type RemixSource = { ok: true; command: RemixCommand; note?: string } | { ok: false; note: string };

/** The command behind a stored job, when it was made from a prompt and settings; undefined otherwise. */
export function remixCommandOf(job: JobRecord | undefined): RemixCommand | undefined {
  const request = job?.request;
  switch (request?.kind) {
    case "image":
    case "video":
    case "audio":
      return request.command;
    case "image-edit":
      // Variations, an upscaled or cut-out copy: the settings of the request that made the source image.
      return request.command;
    default:
      return undefined;
  }
}

const KEPT_DAYS = Math.round(RECORD_RETENTION_MS / (24 * 60 * 60 * 1000));

/** The note when only the asset's prompt and ratio are known: why, and what the rest of the modal shows. */
function fallbackNote(pruned: boolean, what: "image" | "video"): string {
  const why = pruned
    ? `This result is more than ${KEPT_DAYS} days old, so its settings are no longer kept`
    : `This ${what} was made from another asset, not from settings of its own`;
  return `${why}: the modal starts from the ${what}'s prompt and ratio, with the defaults for the rest.`;
}

/** The command a video result's Remix starts from when its job says nothing: the video's prompt and ratio. */
async function fromVideo(deps: BotDeps, videoId: string): Promise<VideoCommand | undefined> {
  const { video } = await deps.studio.request(VideoDocument, { id: videoId });
  if (!video) return undefined;
  const ratio = video.aspectRatio && checkRatio(video.aspectRatio).ok ? video.aspectRatio : DEFAULT_VIDEO_RATIO;
  return { kind: "video", prompt: video.prompt ?? "", ratio, audio: false, presets: [] };
}

/**
 * What a Remix click starts from (see the file's comment). A music or voice result whose job was pruned has nothing
 * to start from: the note says to run the command again.
 */
export async function remixSource(deps: BotDeps, click: RemixClick): Promise<RemixSource> {
  const job = await clickedJob(deps, click.jobId);
  const command = remixCommandOf(job);
  if (command) return { ok: true, command };
  const pruned = Boolean(click.jobId) && !job;
  const { assetId } = click;
  if (assetId && click.kind === "video") {
    const video = await fromVideo(deps, assetId);
    if (video) return { ok: true, command: video, note: fallbackNote(pruned, "video") };
    return { ok: false, note: "That video is no longer available on the platform." };
  }
  if (assetId && (click.kind === undefined || click.kind === "image")) {
    const image = await sourceImage(deps, assetId);
    if (!image) return { ok: false, note: "That image is no longer available on the platform." };
    const command = { kind: "image" as const, prompt: image.prompt, ratio: image.ratio, presets: [] };
    return { ok: true, command, note: fallbackNote(pruned, "image") };
  }
  return { ok: false, note: SETTINGS_GONE };
}

/** The flow a remixed command of each kind runs through: the command's own. */
export function runRemix(
  deps: BotDeps,
  surface: Surface,
  command: RemixCommand,
  checks: PrecheckOptions = {},
): Promise<boolean> {
  switch (command.kind) {
    case "image":
      return runImage(deps, surface, command, checks);
    case "video":
      return runVideo(deps, surface, command, checks);
    case "music":
    case "voice":
      return runAudio(deps, surface, command, checks);
  }
}

/** Whether a modal's kind is one Remix knows (a forged `private_metadata` is not). */
export function isRemixKind(kind: string | undefined): kind is RemixKind {
  return kind === "image" || kind === "video" || kind === "music" || kind === "voice";
}

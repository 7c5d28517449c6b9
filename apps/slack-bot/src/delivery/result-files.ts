// A result's media are uploaded to Slack BEFORE its message is written, unshared, so that the message itself shows
// them (messages/results.ts): one message per job, whose media outlive the platform's expiring links. The uploads
// of one job run together, each paced (files.* are Tier 4), each tried again a few times when it fails. Nothing here
// throws: a file that still cannot be uploaded is logged, and its result says so in words (never the platform's
// signed link in a channel: messages/results.ts). An unshared upload that a crash orphans is never seen
// by anyone, so a resumed job simply uploads again.

import { defaultSleep } from "@studio-kit/core";
import type { BotDeps } from "../deps.js";
import { escapeLine } from "../messages/blocks.js";
import type { ResultAsset, SlackFileRef } from "../messages/results.js";
import { SPANS, tracerOf } from "../ops/tracing/spans.js";
import { SlackFileError, uploadResultFile } from "../services/slack-files.js";
import { pacerOf } from "./engine.js";
import type { Posted, Surface } from "./surface.js";

/** One finished result to upload: where to download it, and its name and title in Slack. */
export interface ResultFile {
  /** The asset's id on the platform. */
  id: string;
  downloadUrl: string | null | undefined;
  /** "image", "video" or "audio": picks the extension when the URL carries none. */
  kind: "image" | "video" | "audio";
  /** Says what it is, as the message does: "Variation of a red fox", "Music: lofi beats". */
  title: string;
}

/**
 * The uploaded Slack file of each asset id (assets that could not be uploaded are absent), and how a result says an
 * absent one: where the bot uploads results (`missing` set), in words, "coming" (Slack has not taken the message with
 * its files yet) or "failed" (the upload did not succeed); elsewhere (a `response_url` answer: the bot is not in the
 * channel) with the platform's link.
 */
export interface UploadedFiles {
  files: ReadonlyMap<string, SlackFileRef>;
  missing?: "coming" | "failed";
}

/**
 * What a result shows of one asset: its Slack file; else, where the bot uploads, the words `missing` says and no
 * link (a signed URL in a channel leaks its signature to everyone there and breaks when it expires: issue 38); else
 * the platform's link.
 */
export function shownAsset(uploaded: UploadedFiles, id: string, url: string | null | undefined): ResultAsset {
  const file = uploaded.files.get(id);
  if (file) return { id, file };
  if (uploaded.missing) return { id, missing: uploaded.missing };
  return { id, url };
}

const DEFAULT_EXTENSION = { image: "png", video: "mp4", audio: "mp3" } as const;

/**
 * The file's name in Slack: its title in lower-case words ("variation-of-a-red-fox.png"), so a download says what it
 * is, with the URL's extension (Slack sets the mimetype from it) or the kind's; the asset id when the title has no
 * usable word.
 *
 * @example resultFilename({ id: "img_1", title: "Music: lofi beats", downloadUrl: "https://x/a.mp3", kind: "audio" })
 * // "music-lofi-beats.mp3"
 */
export function resultFilename(file: Pick<ResultFile, "id" | "downloadUrl" | "kind" | "title">): string {
  let extension: string | undefined;
  try {
    extension = new URL(file.downloadUrl ?? "").pathname.match(/\.([a-z0-9]{2,5})$/i)?.[1]?.toLowerCase();
  } catch {
    // no usable URL: the kind's extension
  }
  const words = file.title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/×/g, "x")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/g, "");
  return `${words || file.id}.${extension ?? DEFAULT_EXTENSION[file.kind]}`;
}

/**
 * Uploads a finished job's files to Slack, unshared, for its result message; resolves with those that made it. A
 * `response_url` progress means the bot is not in the channel: nothing is uploaded, the result keeps the links.
 */
export async function uploadResultFiles(
  deps: BotDeps,
  surface: Surface,
  progress: Posted,
  files: readonly ResultFile[],
): Promise<UploadedFiles> {
  const uploaded = new Map<string, SlackFileRef>();
  const client = surface.files;
  if (!progress.live || !client) {
    deps.logger.info({ user: surface.user, channel: surface.channel }, "not in the channel: results stay links");
    return { files: uploaded };
  }
  const pacer = pacerOf(deps);
  const turn = uploadTurns(deps);
  await Promise.all(
    files.map((file) =>
      turn(async () => {
        if (!file.downloadUrl) {
          deps.logger.warn({ asset: file.id }, "no download URL: the result stays a link");
          return;
        }
        const filename = resultFilename(file);
        const { downloadUrl } = file;
        // One span per file, download and upload (its Slack calls nest under it): ids and kind, never its URL or title.
        const attributes = { "studio.asset.id": file.id, "studio.asset.kind": file.kind };
        const upload = () =>
          tracerOf(deps).span(SPANS.file, { attributes }, () =>
            uploadResultFile({
              client,
              downloadUrl,
              filename,
              // A person's prompt: escaped like every other field it reaches (issue 27), on one line, without
              // control characters (issue 42).
              title: escapeLine(file.title),
              pace: (method) => pacer.acquire(method),
            }),
          );
        try {
          const id = await withRetries(deps, file.id, upload);
          uploaded.set(file.id, { id, filename });
          deps.logger.info({ asset: file.id, file: id }, "result uploaded to Slack");
        } catch (error) {
          deps.logger.warn({ err: error, asset: file.id }, "result upload failed; the message says so in words");
        }
      }),
    ),
  );
  return { files: uploaded, missing: "failed" };
}

/**
 * Waits before each new try of a failed upload (ms): a fault that passes (a network error, Slack's `internal_error`,
 * a file host restarting) has about fifteen seconds to pass before the result goes out without its file. An upload
 * is not a paid call: trying it again costs nothing but an orphaned unshared file, which nobody sees.
 */
export const UPLOAD_RETRY_MS = [1_000, 2_000, 4_000, 8_000] as const;

/** Failures no new try can change: the file is too large, its host gave no length, or refused it (a 4xx). */
function isFinal(error: unknown): boolean {
  if (!(error instanceof SlackFileError)) return false;
  if (error.code === "too_large" || error.code === "unknown_length") return true;
  return error.status !== undefined && error.status >= 400 && error.status < 500;
}

async function withRetries(deps: BotDeps, asset: string, upload: () => Promise<string>): Promise<string> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await upload();
    } catch (error) {
      const wait = UPLOAD_RETRY_MS[attempt];
      if (wait === undefined || deps.stopped?.aborted || isFinal(error)) {
        throw error;
      }
      deps.logger.warn({ err: error, asset, attempt: attempt + 1 }, "result upload failed; trying again");
      await (deps.sleep ?? defaultSleep)(wait);
    }
  }
}

/**
 * Uploads of one app at the same time. A burst of finished jobs uploads in the order they finished, a few at a
 * time: run all at once, they share the machine and the network and all end late together; a few at a time, the
 * first results are ready first (and go out first: their conversations' queues wait for them).
 */
export const UPLOADS_AT_ONCE = 6;

const turnsOf = new WeakMap<BotDeps, <T>(work: () => Promise<T>) => Promise<T>>();

/** The app's queue of uploads, {@link UPLOADS_AT_ONCE} at a time, first come first served. */
function uploadTurns(deps: BotDeps): <T>(work: () => Promise<T>) => Promise<T> {
  let turns = turnsOf.get(deps);
  if (!turns) {
    // Hand-written rather than p-limit: ten lines, no dependency for the one place that needs it.
    let running = 0;
    const waiting: (() => void)[] = [];
    turns = async <T>(work: () => Promise<T>): Promise<T> => {
      if (running >= UPLOADS_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
      else running += 1;
      try {
        return await work();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      }
    };
    turnsOf.set(deps, turns);
  }
  return turns;
}

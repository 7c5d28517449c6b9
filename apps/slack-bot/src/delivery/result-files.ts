// A result's media are uploaded to Slack BEFORE its message is written, unshared, so that the message itself shows
// them (messages/results.ts): one message per job, whose media outlive the platform's expiring links. The uploads
// of one job run together, each paced (files.* are Tier 4). Nothing here throws: a file that cannot be uploaded is
// logged and its result shows the platform's link instead. An unshared upload that a crash orphans is never seen
// by anyone, so a resumed job simply uploads again.

import type { BotDeps } from "../deps.js";
import { escapeText } from "../messages/blocks.js";
import type { SlackFileRef } from "../messages/results.js";
import { SPANS, tracerOf } from "../ops/tracing/spans.js";
import { uploadResultFile } from "../services/slack-files.js";
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

/** The uploaded Slack file of each asset id (assets that could not be uploaded are absent). */
export type UploadedFiles = ReadonlyMap<string, SlackFileRef>;

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
    return uploaded;
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
        try {
          const id = await tracerOf(deps).span(SPANS.file, { attributes }, () =>
            uploadResultFile({
              client,
              downloadUrl,
              filename,
              // A person's prompt: escaped like every other field it reaches (issue 27).
              title: escapeText(file.title),
              pace: (method) => pacer.acquire(method),
            }),
          );
          uploaded.set(file.id, { id, filename });
          deps.logger.info({ asset: file.id, file: id }, "result uploaded to Slack");
        } catch (error) {
          deps.logger.warn({ err: error, asset: file.id }, "result upload failed; the message shows the link");
        }
      }),
    ),
  );
  return uploaded;
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

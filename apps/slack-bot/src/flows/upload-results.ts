import type { BotDeps } from "../deps.js";
import { uploadResultFile } from "../services/slack-files.js";
import type { Posted, Surface } from "./surface.js";

/** One finished result to upload: where to download it, and its name in Slack. */
export interface ResultFile {
  id: string;
  downloadUrl: string | null | undefined;
  /** "image", "video" or "audio": picks the extension when the URL carries none. */
  kind: "image" | "video" | "audio";
  title: string;
}

const DEFAULT_EXTENSION = { image: "png", video: "mp4", audio: "mp3" } as const;

/** The file's name in Slack: the id with the URL's extension (Slack sets the mimetype from it), or the kind's. */
export function resultFilename(file: Pick<ResultFile, "id" | "downloadUrl" | "kind">): string {
  let extension: string | undefined;
  try {
    extension = new URL(file.downloadUrl ?? "").pathname.match(/\.([a-z0-9]{2,5})$/i)?.[1]?.toLowerCase();
  } catch {
    // no usable URL: the kind's extension
  }
  return `${file.id}.${extension ?? DEFAULT_EXTENSION[file.kind]}`;
}

/**
 * Uploads finished results into the result's conversation (its thread for mentions and clicks), after the
 * link-based message with its buttons was delivered: files outlive the platform's download links, and the
 * message keeps the buttons either way. Never throws: a failed upload is logged and the link-only message stays.
 * A progress that went through `response_url` means the bot is not in the channel, where files cannot go.
 */
export async function uploadResults(
  deps: BotDeps,
  surface: Surface,
  progress: Posted,
  files: readonly ResultFile[],
  /** Called before each upload starts (a job records the file, so a restart never shares it twice); may throw. */
  beforeUpload?: (file: ResultFile) => Promise<void>,
): Promise<void> {
  const { logger } = deps;
  if (!progress.live || !surface.files) {
    logger.info({ user: surface.user, channel: surface.channel }, "not in the channel: results stay links, no upload");
    return;
  }
  for (const file of files) {
    if (!file.downloadUrl) {
      logger.warn({ asset: file.id }, "no download URL: the result stays a link");
      continue;
    }
    // Outside the try: a file that cannot be recorded (the job's lease lost, the store away) is not uploaded, and
    // the caller stops; the job goes on from its record elsewhere.
    await beforeUpload?.(file);
    try {
      const fileId = await uploadResultFile({
        client: surface.files,
        downloadUrl: file.downloadUrl,
        filename: resultFilename(file),
        title: file.title,
        channel: surface.channel,
        ...(surface.threadTs ? { threadTs: surface.threadTs } : {}),
      });
      logger.info({ asset: file.id, file: fileId }, "result uploaded to Slack");
    } catch (error) {
      logger.warn({ err: error, asset: file.id }, "result upload failed; the message keeps the link");
    }
  }
}

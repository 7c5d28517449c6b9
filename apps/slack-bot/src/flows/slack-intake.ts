import { type UploadedAsset, UploadValidationError, uploadFile } from "@studio-kit/upload";
import type { Surface } from "../delivery/surface.js";
import type { BotDeps } from "../deps.js";
import type { SlackMessage } from "../messages/blocks.js";
import {
  type IntakeFailure,
  intakeFailedMessage,
  intakeRefusedTypeMessage,
  intakeStoredMessage,
  intakeTooLargeMessage,
  type StoredAsset,
} from "../messages/intake.js";
import {
  checkSlackFile,
  type DownloadOptions,
  downloadSlackFile,
  type FileCheck,
  filenameOf,
  type SlackFileRef,
} from "../services/slack-download.js";

/** How the intake reaches Slack's files; the defaults fit production. */
export interface IntakeOptions {
  /** The bot token to download with. Default `deps.config.slack.botToken`. */
  token?: string;
  /** Origins the token may be sent to. Default Slack's file hosts (`SLACK_FILE_ORIGINS`). */
  fileOrigins?: readonly string[];
  /** The fetch that downloads from Slack. Default the global one. */
  fetch?: typeof fetch;
  /** The largest file taken, in bytes. Default the platform's 256 MiB. */
  maxBytes?: number;
}

/** How the intake downloads a shared file: with the request's token or the bot's, from the allowed hosts only. */
export function downloadOptionsOf(deps: Pick<BotDeps, "config">, options: IntakeOptions): DownloadOptions {
  return {
    token: options.token ?? deps.config.slack.botToken,
    ...(options.fileOrigins ? { allowedOrigins: options.fileOrigins } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  };
}

function storedAsset(asset: UploadedAsset): StoredAsset {
  switch (asset.__typename) {
    case "Image":
      return { id: asset.id, kind: "image", previewUrl: asset.url };
    case "Video":
      return { id: asset.id, kind: "video", previewUrl: asset.thumbnailUrl };
    case "Audio":
      return { id: asset.id, kind: "audio" };
  }
}

function refusal(user: string, checked: Exclude<FileCheck, { ok: true }>): SlackMessage {
  switch (checked.reason) {
    case "type":
      return intakeRefusedTypeMessage(user, checked.filename, checked.contentType);
    case "too_large":
      return intakeTooLargeMessage(user, checked.filename, checked.size, checked.limit);
    default:
      return intakeFailedMessage(user, checked.filename, checked.reason);
  }
}

/** One file: check, download, upload; the reply says what happened. Throws only on a bug. */
async function intakeOne(
  deps: BotDeps,
  surface: Surface,
  file: SlackFileRef,
  options: IntakeOptions,
): Promise<{ reply: SlackMessage; stored?: StoredAsset }> {
  const { logger } = deps;
  const where = { user: surface.user, channel: surface.channel, file: file.id };
  const failed = (why: IntakeFailure) => ({ reply: intakeFailedMessage(surface.user, filenameOf(file), why) });
  const checked = checkSlackFile(file, options.maxBytes);
  if (!checked.ok) {
    // Refused from what Slack says about the file: nothing was downloaded, nothing signed.
    logger.info({ ...where, reason: checked.reason, contentType: file.mimetype }, "intake: file refused");
    return { reply: refusal(surface.user, checked) };
  }
  const download = downloadOptionsOf(deps, options);
  let source: Awaited<ReturnType<typeof downloadSlackFile>>;
  try {
    source = await downloadSlackFile(file, checked, download);
  } catch (error) {
    logger.warn({ ...where, err: error }, "intake: could not download the file from Slack");
    return failed("unreadable");
  }
  try {
    const { asset } = await uploadFile(deps.studio, {
      stream: source.stream,
      size: source.size,
      filename: source.filename,
      contentType: source.contentType,
      displayName: source.filename,
    });
    if (!asset) return failed("upload");
    logger.info({ ...where, asset: asset.id, kind: asset.__typename }, "intake: file stored in the library");
    const stored = storedAsset(asset);
    return { reply: intakeStoredMessage(surface.user, source.filename, stored), stored };
  } catch (error) {
    logger.warn({ ...where, err: error }, "intake: the upload failed");
    // The bytes were not what Slack said (a GIF named .png): the library refuses what they really are.
    if (error instanceof UploadValidationError && error.code === "CONTENT_TYPE_MISMATCH") {
      return {
        reply: intakeRefusedTypeMessage(surface.user, source.filename, error.contentType ?? source.contentType),
      };
    }
    return failed("upload");
  } finally {
    await source.cancel();
  }
}

/**
 * Files shared with the bot (a direct message, or a mention in a channel): each one is checked against the
 * library's rules from Slack's metadata (a refused type is explained and costs no download), downloaded with the
 * bot token, uploaded with @studio-kit/upload, and answered on the surface (the DM, or the mention's thread) with
 * the asset and Add to board. One at a time, in order. Resolves with the assets stored. Never throws: every failure
 * is a message and a log line.
 *
 * @example await runIntake(deps, mentionSurface(args, user), event.files ?? []);
 */
export async function runIntake(
  deps: BotDeps,
  surface: Surface,
  files: readonly SlackFileRef[],
  options: IntakeOptions = {},
): Promise<StoredAsset[]> {
  const stored: StoredAsset[] = [];
  for (const file of files) {
    let reply: SlackMessage;
    try {
      const outcome = await intakeOne(deps, surface, file, options);
      reply = outcome.reply;
      if (outcome.stored) stored.push(outcome.stored);
    } catch (error) {
      deps.logger.error({ err: error, user: surface.user, file: file.id }, "intake: unexpected failure");
      reply = intakeFailedMessage(surface.user, filenameOf(file), "upload");
    }
    await surface.reply(reply).catch((error: unknown) => {
      deps.logger.error({ err: error, user: surface.user, file: file.id }, "intake: could not post the reply");
    });
  }
  return stored;
}

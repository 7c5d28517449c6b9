// A file someone shared in Slack, checked against the studio's upload rules from what Slack says about it (no
// download for a type the library refuses), then streamed from `url_private_download` with the bot token into
// what @studio-kit/upload's `uploadFile` takes. Slack serves those URLs only to `Authorization: Bearer <token>`
// (https://api.slack.com/types/file, "Authentication"); without a token that can read the file it redirects to
// its sign-in page, which answers 200 with HTML. Redirects are therefore never followed: one means "the token
// could not read it". The token is only ever sent to Slack's file host (or the Web API's own host, which is how
// tests point the bot at slack-sim), and never reaches an error, a log line or a message.

import type { UploadCategory } from "@studio-kit/operations";
import { type ByteStream, MAX_UPLOAD_BYTES, UploadValidationError, validateUpload } from "@studio-kit/upload";
import { ServiceError } from "./service-error.js";

/** What the bot reads from one of Slack's file objects (an event's `files`). */
export interface SlackFileRef {
  id: string;
  name?: string | null;
  title?: string | null;
  mimetype?: string | null;
  /** Slack's short type: `png`, `jpg`, `mp4`, `zip`, `text`, `binary`, ... */
  filetype?: string | null;
  size?: number | null;
  url_private_download?: string | null;
  /** `hosted` for files Slack holds; `external` (Drive, Dropbox) ones have no bytes at Slack. */
  mode?: string | null;
}

/** Whether the library takes a file, decided before any byte is downloaded. */
export type FileCheck =
  | { ok: true; contentType: string; category: UploadCategory; size: number; filename: string }
  | { ok: false; reason: "type"; contentType: string; filename: string }
  | { ok: false; reason: "too_large"; size: number; limit: number; filename: string }
  | { ok: false; reason: "empty"; filename: string }
  | { ok: false; reason: "not_hosted"; filename: string };

// Slack's `filetype` for the types the library takes, for a file whose mimetype Slack left generic.
const BY_FILETYPE: Readonly<Record<string, string>> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  avif: "image/avif",
  svg: "image/svg+xml",
  gif: "image/gif",
  mp4: "video/mp4",
  mov: "video/quicktime",
  webm: "video/webm",
  avi: "video/x-msvideo",
  mp3: "audio/mpeg",
  wav: "audio/wav",
  ogg: "audio/ogg",
  m4a: "audio/x-m4a",
  flac: "audio/flac",
  aac: "audio/aac",
};

/** The content type Slack gives a file: its mimetype, or its filetype's when the mimetype says nothing. */
export function contentTypeOf(file: SlackFileRef): string {
  const mimetype = (file.mimetype ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (mimetype && mimetype !== "application/octet-stream") return mimetype;
  return BY_FILETYPE[(file.filetype ?? "").toLowerCase()] ?? (mimetype || "application/octet-stream");
}

/** The file's name for the library: Slack's name, else its id. */
export const filenameOf = (file: SlackFileRef): string => file.name?.trim() || file.title?.trim() || file.id;

/**
 * Applies @studio-kit/upload's rules (`validateUpload`: content type per category, 1 byte to 256 MiB) to what
 * Slack says about the file, and the bot's own cap, so that a refused file costs no download.
 */
export function checkSlackFile(file: SlackFileRef, maxBytes = MAX_UPLOAD_BYTES): FileCheck {
  const filename = filenameOf(file);
  if ((file.mode && file.mode !== "hosted") || !file.url_private_download)
    return { ok: false, reason: "not_hosted", filename };
  const contentType = contentTypeOf(file);
  const size = file.size ?? 0;
  if (size > maxBytes) return { ok: false, reason: "too_large", size, limit: maxBytes, filename };
  try {
    const valid = validateUpload({ contentType, size });
    return { ok: true, contentType: valid.contentType, category: valid.category, size, filename };
  } catch (error) {
    if (!(error instanceof UploadValidationError)) throw error;
    if (error.code === "FILE_EMPTY") return { ok: false, reason: "empty", filename };
    if (error.code === "FILE_TOO_LARGE")
      return { ok: false, reason: "too_large", size, limit: MAX_UPLOAD_BYTES, filename };
    return { ok: false, reason: "type", contentType, filename };
  }
}

/** Why a download failed. Carries the file id and the HTTP status, never the token or a header. */
export class SlackDownloadError extends ServiceError<
  "not_slack_host" | "redirected" | "refused" | "too_large" | "size_mismatch" | "network"
> {
  override readonly name = "SlackDownloadError";
  constructor(
    code: SlackDownloadError["code"],
    readonly fileId: string,
    message: string,
    readonly status?: number,
  ) {
    super("slack-download", code, message, { fileId, status });
  }
}

/** How to download: the bot token and where it may be sent. */
export interface DownloadOptions {
  token: string;
  /** Origins the token may go to. Default Slack's file hosts. */
  allowedOrigins?: readonly string[];
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

/** What `uploadFile(client, { stream, size, filename, contentType })` takes, and a way to let go of the body. */
export interface SlackDownload {
  /** The bytes: the open download first, a fresh download each time the upload must send them again. */
  stream: () => ByteStream;
  size: number;
  filename: string;
  contentType: string;
  /** Releases the download if the upload never read it. */
  cancel(): Promise<void>;
}

/** Slack's file hosts (commercial and GovSlack). */
export const SLACK_FILE_ORIGINS = ["https://files.slack.com", "https://files.slack-gov.com"] as const;

function checkedUrl(file: SlackFileRef, allowed: readonly string[]): string {
  const url = file.url_private_download ?? "";
  let origin = "";
  try {
    origin = new URL(url).origin;
  } catch {
    // not a URL: refused below
  }
  if (!allowed.includes(origin)) {
    throw new SlackDownloadError("not_slack_host", file.id, `file ${file.id} is not on Slack's file host: not sent`);
  }
  return url;
}

async function open(file: SlackFileRef, url: string, options: DownloadOptions, expected: number) {
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, {
      headers: { authorization: `Bearer ${options.token}` },
      // Following Slack's redirect would "download" its sign-in page; `error` mode would hide which it was.
      redirect: "manual",
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    // The cause (undici's) is left out on purpose: only its name, so nothing from the request can leak.
    const what = error instanceof Error ? error.name : "error";
    throw new SlackDownloadError("network", file.id, `could not reach Slack for file ${file.id} (${what})`);
  }
  const refuse = async (code: SlackDownloadError["code"], message: string) => {
    await response.body?.cancel().catch(() => {});
    return new SlackDownloadError(code, file.id, message, response.status);
  };
  if (response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400)) {
    throw await refuse("redirected", `Slack redirected the download of ${file.id}: the bot token cannot read it`);
  }
  if (!response.ok || !response.body) {
    throw await refuse("refused", `Slack answered ${response.status} to the download of ${file.id}`);
  }
  const length = Number(response.headers.get("content-length") ?? expected);
  if (length !== expected) {
    throw await refuse("size_mismatch", `Slack sent ${length} bytes for ${file.id}, which it said has ${expected}`);
  }
  return response.body;
}

/**
 * Opens the download of a file that passed {@link checkSlackFile} (so nothing is sent for a refused one). Rejects
 * with a {@link SlackDownloadError} before any upload starts when Slack refuses or redirects.
 *
 * @example
 * const checked = checkSlackFile(file);
 * if (checked.ok) {
 *   const download = await downloadSlackFile(file, checked, { token });
 *   try { await uploadFile(studio, { ...download }); } finally { await download.cancel(); }
 * }
 */
export async function downloadSlackFile(
  file: SlackFileRef,
  checked: Extract<FileCheck, { ok: true }>,
  options: DownloadOptions,
): Promise<SlackDownload> {
  const url = checkedUrl(file, options.allowedOrigins ?? SLACK_FILE_ORIGINS);
  let first: ReadableStream<Uint8Array> | undefined = await open(file, url, options, checked.size);
  return {
    size: checked.size,
    filename: checked.filename,
    contentType: checked.contentType,
    stream: () => {
      const body = first;
      first = undefined;
      // @studio-kit/upload reads a web stream itself and cancels it when it stops early.
      if (body) return body;
      // The upload needs the bytes again (an expired form, a register that found none): download them again.
      return (async function* again() {
        yield* await open(file, url, options, checked.size);
      })();
    },
    async cancel() {
      await first?.cancel().catch(() => {});
      first = undefined;
    },
  };
}

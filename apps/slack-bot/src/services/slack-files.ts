// Results uploaded to Slack as files outlive the platform's signed download links. Slack's upload is two steps
// (files.upload is retired): files.getUploadURLExternal (name and byte length) → send the bytes to the upload_url →
// files.completeUploadExternal shares the file into the channel or thread. The bytes stream from the download to
// the upload: nothing is buffered whole, and a file over the cap is refused before a byte is read.

import { ServiceError } from "./service-error.js";

/** The two Web API methods the upload uses (Bolt's `client` fits). */
export interface SlackFilesApi {
  files: {
    getUploadURLExternal(args: { filename: string; length: number }): Promise<{
      ok?: boolean;
      upload_url?: string;
      file_id?: string;
      error?: string;
    }>;
    completeUploadExternal(
      args: { files: [{ id: string; title?: string }]; initial_comment?: string } & (
        | { channel_id?: string; thread_ts?: never }
        | { channel_id: string; thread_ts: string }
      ),
    ): Promise<{ ok?: boolean; error?: string }>;
  };
}

/** What to upload and where. */
export interface UploadResultInput {
  client: SlackFilesApi;
  /** The finished result's `downloadUrl`. */
  downloadUrl: string;
  /** The file's name in Slack (its extension sets the mimetype). */
  filename: string;
  title?: string;
  /**
   * The channel to share the file into (its thread with `threadTs`). Without it the file stays unshared, for a
   * message to show (an image block's `slack_file`, chat.update's `file_ids`).
   */
  channel?: string;
  threadTs?: string;
  /** Waits for room before each Web API call (the pacer: files.* are Tier 4). */
  pace?: (method: "files.getUploadURLExternal" | "files.completeUploadExternal") => Promise<void>;
  /** Largest file accepted, in bytes. Default 200 MiB. */
  maxBytes?: number;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

/** Why an upload did not happen; the caller keeps the link-only message and logs it. */
export class SlackFileError extends ServiceError<
  "download_failed" | "unknown_length" | "too_large" | "slack_refused" | "upload_failed"
> {
  override readonly name = "SlackFileError";
  constructor(
    message: string,
    code: SlackFileError["code"],
    /** The download's HTTP status, when it answered one: a 4xx will not change on a new try. */
    readonly status?: number,
  ) {
    super("slack-files", code, message, status === undefined ? {} : { status });
  }
}

/** The default cap: Slack takes bigger files, but a chat result that large is better left as a link. */
export const MAX_UPLOAD_BYTES = 200 * 1024 * 1024;

/** Counts the bytes going through and fails the stream if more than `expected` arrive (a lying Content-Length). */
function capped(expected: number): TransformStream<Uint8Array, Uint8Array> {
  let seen = 0;
  return new TransformStream({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > expected) controller.error(new SlackFileError("more bytes than announced", "too_large"));
      else controller.enqueue(chunk);
    },
    flush(controller) {
      if (seen !== expected) controller.error(new SlackFileError("fewer bytes than announced", "download_failed"));
    },
  });
}

/**
 * Streams a result from its download URL into Slack, shared into the channel (or thread) when one is given, else
 * kept for a message to show. Resolves with the
 * Slack file id; rejects with a {@link SlackFileError} (or an abort) when anything fails, so the caller can keep
 * the link-only message.
 *
 * @example
 * try { await uploadResultFile({ client, downloadUrl, filename: "clip.mp4", channel, threadTs }); }
 * catch (error) { logger.warn({ err: error }, "file upload failed; the message keeps the link"); }
 */
export async function uploadResultFile(input: UploadResultInput): Promise<string> {
  const doFetch = input.fetch ?? fetch;
  const maxBytes = input.maxBytes ?? MAX_UPLOAD_BYTES;
  const download = await doFetch(input.downloadUrl, { signal: input.signal });
  if (!download.ok || !download.body) {
    await download.body?.cancel();
    throw new SlackFileError(`download answered ${download.status}`, "download_failed", download.status);
  }
  // Slack needs the length up front, and a streamed body with no length would have to be buffered to learn it.
  const length = Number(download.headers.get("content-length"));
  if (!Number.isInteger(length) || length <= 0) {
    await download.body.cancel();
    throw new SlackFileError("the download gave no Content-Length", "unknown_length");
  }
  if (length > maxBytes) {
    await download.body.cancel();
    throw new SlackFileError(`${length} bytes is over the ${maxBytes}-byte cap`, "too_large");
  }
  await input.pace?.("files.getUploadURLExternal");
  const ticket = await input.client.files.getUploadURLExternal({ filename: input.filename, length });
  if (!ticket.ok || !ticket.upload_url || !ticket.file_id) {
    await download.body.cancel();
    throw new SlackFileError(`files.getUploadURLExternal: ${ticket.error ?? "no upload_url"}`, "slack_refused");
  }
  const sent = await doFetch(ticket.upload_url, {
    method: "POST",
    headers: { "content-type": "application/octet-stream", "content-length": String(length) },
    body: download.body.pipeThrough(capped(length)),
    duplex: "half",
    signal: input.signal,
  } as RequestInit);
  await sent.body?.cancel();
  if (!sent.ok) throw new SlackFileError(`the upload URL answered ${sent.status}`, "upload_failed");
  await input.pace?.("files.completeUploadExternal");
  const files: [{ id: string; title?: string }] = [
    { id: ticket.file_id, ...(input.title ? { title: input.title } : {}) },
  ];
  const { channel, threadTs } = input;
  const done = await input.client.files.completeUploadExternal(
    channel && threadTs
      ? { files, channel_id: channel, thread_ts: threadTs }
      : channel
        ? { files, channel_id: channel }
        : { files },
  );
  if (!done.ok) throw new SlackFileError(`files.completeUploadExternal: ${done.error ?? "refused"}`, "slack_refused");
  return ticket.file_id;
}

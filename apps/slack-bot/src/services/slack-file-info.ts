// A Slack file read by its id with files.info (https://docs.slack.dev/reference/methods/files.info): the file object
// the download needs (what an event's `files` carry), or the error Slack answered. Documented errors include
// `file_not_found` ("The file does not exist, or is not visible to the calling user": a bot token sees the files in
// the conversations it belongs to), `file_deleted` and `access_denied` (a Slack Connect file it may not read).

import type { SlackFileRef } from "./slack-download.js";

/** The one Web API method read here (Bolt's `client` fits). */
export interface FilesInfoApi {
  files: {
    info(args: { file: string }): Promise<{ ok?: boolean; error?: string; file?: Partial<SlackFileRef> }>;
  };
}

/**
 * What files.info said: the file, or why not. `code` is Slack's error (`file_not_found`, `file_deleted`, ...), or
 * `unreachable` when Slack did not answer. Never the token or a request's details.
 */
export type SlackFileLookup = { ok: true; file: SlackFileRef } | { ok: false; code: string };

/** The fields the bot reads, each kept only when Slack sent it with the type it documents. */
function fileRef(id: string, file: Partial<SlackFileRef>): SlackFileRef {
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  const size = typeof file.size === "number" ? file.size : undefined;
  const ref: SlackFileRef = { id: text(file.id) ?? id };
  for (const key of ["name", "title", "mimetype", "filetype", "url_private_download", "mode"] as const) {
    const value = text(file[key]);
    if (value !== undefined) ref[key] = value;
  }
  if (size !== undefined) ref.size = size;
  return ref;
}

/**
 * Reads one file's metadata. Never throws: Slack's refusal (the WebClient rejects with `data.error`) and a network
 * failure come back as `{ ok: false, code }`.
 *
 * @example
 * const found = await lookUpSlackFile(client, "F0123");
 * if (found.ok) checkSlackFile(found.file);
 */
export async function lookUpSlackFile(client: FilesInfoApi, fileId: string): Promise<SlackFileLookup> {
  try {
    const answer = await client.files.info({ file: fileId });
    if (!answer.ok || !answer.file) return { ok: false, code: answer.error ?? "file_not_found" };
    return { ok: true, file: fileRef(fileId, answer.file) };
  } catch (error) {
    const code = (error as { data?: { error?: unknown } } | null)?.data?.error;
    return { ok: false, code: typeof code === "string" ? code : "unreachable" };
  }
}

import { appRepliedInThread } from "../assistant-state.js";
import { mimetypeOf } from "../mime.js";
import { channelOf, findMessage, SIM_WORKSPACE, type SimState } from "../state.js";
import type { SimFile, SimMessage } from "../types.js";
import { type ApiResult, type Args, fail, json, str } from "./args.js";

/** Step 1 of Slack's upload: a URL on the sim that takes the bytes, and the file id to complete later. */
export function getUploadURLExternal(state: SimState, args: Args, baseUrl: string): ApiResult {
  const filename = str(args.filename);
  const length = Number(str(args.length));
  if (!filename || !Number.isInteger(length) || length < 0) return fail("invalid_arguments");
  const id = state.nextId("F0");
  state.uploads.set(id, { id, filename, length });
  return { ok: true, upload_url: `${baseUrl}/upload/${id}`, file_id: id };
}

/**
 * Step 2: the bytes, raw or as a multipart form (what @slack/web-api's `filesUploadV2` sends, one file part).
 * Slack's upload host answers 200 with a short text body.
 */
export async function receiveUpload(state: SimState, id: string, request: Request): Promise<Response> {
  const upload = state.uploads.get(id);
  if (!upload) return new Response("not found", { status: 404 });
  let bytes: Uint8Array;
  if ((request.headers.get("content-type") ?? "").includes("multipart/form-data")) {
    const form = await request.formData();
    const file = [...form.values()].find((value): value is File => typeof value !== "string");
    bytes = file ? new Uint8Array(await file.arrayBuffer()) : new Uint8Array();
  } else {
    bytes = new Uint8Array(await request.arrayBuffer());
  }
  upload.bytes = bytes;
  return new Response(`OK - ${bytes.byteLength}`, { status: 200, headers: { "content-type": "text/plain" } });
}

/** Step 3: share the uploaded files into a channel (or thread) as one bot message, with the optional comment. */
export function completeUploadExternal(state: SimState, args: Args): ApiResult {
  let entries: Array<{ id?: string; title?: string }> | undefined;
  try {
    entries = json(args.files);
  } catch {
    return fail("invalid_arguments");
  }
  if (!Array.isArray(entries) || entries.length === 0) return fail("invalid_arguments");
  const files: SimFile[] = [];
  for (const entry of entries) {
    const upload = entry.id ? state.uploads.get(entry.id) : undefined;
    // Completing a file whose bytes never arrived fails at Slack too.
    if (!upload?.bytes) return fail("file_not_found");
    files.push({
      id: upload.id,
      name: upload.filename,
      title: entry.title ?? upload.filename,
      mimetype: mimetypeOf(upload.filename),
      size: upload.bytes.byteLength,
      bytes: upload.bytes,
    });
  }
  const channelId = str(args.channel_id);
  if (channelId) {
    const channel = channelOf(state, channelId);
    if (!channel) return fail("channel_not_found");
    if (!channel.member) return fail("not_in_channel");
    const threadTs = str(args.thread_ts);
    if (threadTs && !findMessage(state, channel.id, threadTs)) return fail("thread_not_found");
    const message: SimMessage = {
      channel: channel.id,
      ts: state.nextTs(),
      user: SIM_WORKSPACE.botUserId,
      fromBot: true,
      text: str(args.initial_comment) ?? "",
      ephemeral: false,
      files,
      ...(threadTs ? { threadTs } : {}),
    };
    state.messages.push(message);
    // Files shared into a thread are the app's reply there: Slack clears the thread's status.
    if (threadTs) appRepliedInThread(state, channel.id, threadTs);
  }
  for (const file of files) {
    state.uploads.delete(file.id);
    state.files.set(file.id, file);
  }
  return {
    ok: true,
    files: files.map(({ id, name, title, mimetype, size }) => ({ id, name, title, mimetype, size })),
  };
}
